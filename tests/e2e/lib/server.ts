// Starts the real server (`tsx server/main.ts`) as a child process on a free port and waits until
// it answers its health check. Used by the e2e global set-up and the load benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { API_BASE } from '../../../contract/constants';
import { repoRoot } from './build';

export interface RunningServer {
  baseURL: string;
  port: number;
  logFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spawns the server with `env` on top of the current environment (DATABASE_URL is removed unless
 * given, so the embedded database is used by default). The child gets its own process group so
 * that stop() also ends the node process tsx starts. Output goes to test-results/<name>.log.
 */
export async function startServer(options: { env?: Record<string, string>; name?: string; timeoutMs?: number } = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logDir = path.join(repoRoot, 'test-results');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${options.name ?? 'server'}.log`);
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...options.env, PORT: String(port), HOST: '127.0.0.1' };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;

  const child: ChildProcess = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | string | null = null;
  child.on('exit', (code, signal) => (exited = code ?? signal));

  const stop = async () => {
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      for (let waited = 0; exited === null && waited < 5000; waited += 100) await sleep(100);
      if (exited === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    log.end();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`server exited (${exited}) before it was healthy; see ${logFile}:\n${tail}`);
    try {
      const response = await fetch(`${baseURL}${API_BASE}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { baseURL, port, logFile, stop };
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`server did not answer ${API_BASE}/health in time; see ${logFile}:\n${tail}`);
}
