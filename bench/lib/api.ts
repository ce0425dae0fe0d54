// The benchmarks' way in through the front door: the real app (buildApp, production settings,
// request logging at info into a file, as `npm start` runs it) in a child process of its own on a
// benchmark database, and the calls a client makes: sign-in with the wire-encoded password and the
// request signature, then signed-in JSON calls with the access token.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN } from '../../contract/constants';
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET, encodePassword, signRequest, signTimestamp } from '../../contract/crypto';
import { freePort } from '../../tests/e2e/lib/server';
import { DEFAULT_ACCEPTORS } from '../../server/http/acceptors';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIGN_SECRET = process.env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET;

/**
 * One audit-chain key for the benchmark and the app it starts (the child inherits it), so entries
 * that either posts chain and verify alike. Call before anything posts.
 */
export async function shareLedgerKey(): Promise<void> {
  process.env.BENCH_LEDGER_KEY ??= randomBytes(32).toString('hex');
  const { setLedgerKey } = await import('../../server/modules/ledger/chainKey');
  setLedgerKey(Buffer.from(process.env.BENCH_LEDGER_KEY, 'hex'));
}

/** Child mode (`tsx bench/lib/api.ts --serve`): the app on DATABASE_URL, listening on PORT. */
async function serve() {
  await shareLedgerKey();
  if (process.env.BENCH_SQL_COUNT) await countSql(process.env.BENCH_SQL_COUNT);
  if (process.env.BENCH_PROBE) await probe(process.env.BENCH_PROBE);
  const { buildApp, prepareDatabase } = await import('../../server/app');
  const { openDatabase } = await import('../../server/db/client');
  const database = await openDatabase({ dataDir: '', databaseUrl: process.env.DATABASE_URL! });
  // Demo users, balances and payment passwords: the benchmarks sign in as (copies of) them.
  await prepareDatabase(database, undefined, { demo: true });
  const logFile = process.env.BENCH_SERVER_LOG;
  const app = await buildApp({
    database,
    nodeEnv: 'production',
    // A production app is given its server-only data key; a benchmark's is thrown away with its database.
    dataKey: randomBytes(32),
    demo: true,
    distDir: null,
    docs: false,
    loginRateLimit: Number(process.env.LOGIN_RATE_LIMIT ?? 30),
    logger: logFile ? { level: 'info', stream: createWriteStream(logFile) } : false,
    listCache: process.env.BENCH_LIST_CACHE === 'off' ? false : undefined,
    // As main.ts runs it (BOSS_ACCEPTORS, default DEFAULT_ACCEPTORS).
    acceptors: Number(process.env.BOSS_ACCEPTORS ?? DEFAULT_ACCEPTORS),
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  await app.acceptors.widened;
  // Measured once the user list index of tenant 0 is loaded (as a readiness check would hold traffic
  // back): until then its lists are answered by SQL, and the first scenario measured that for as long
  // as the load took (15-17 s at a million users). The load time is printed.
  if (app.userIndex) {
    const started = performance.now();
    await app.userIndex.ready('0');
    const users = app.userIndex.sizeOf('0');
    // On stderr: the parent reads stdout for 'ready', and a line in the same chunk would be lost.
    if (users)
      console.error(
        `[bench] user list index of tenant 0 (${users.toLocaleString()} users) loaded ${((performance.now() - started) / 1000).toFixed(1)} s after listening`,
      );
  }
  // BENCH_TRACE=<file>: for each request that names itself (x-bench-trace, bench/lib/mixedDay.ts),
  // when its connection was accepted, when the request reached the app and when its answer was
  // written, into <file> when the app stops. Where a slow request waited: bench/trace-report.ts.
  if (process.env.BENCH_TRACE) {
    const { writeFileSync } = await import('node:fs');
    const lines: string[] = [];
    const conns = new WeakMap<object, number>();
    app.server.on('connection', (sock) => conns.set(sock, Date.now()));
    app.server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const id = req.headers['x-bench-trace'];
      if (!id) return;
      const t = Date.now();
      const c = conns.get(req.socket) ?? 0;
      res.once('finish', () => lines.push(`${id} ${c} ${t} ${Date.now()}`));
    });
    process.once('exit', () => writeFileSync(process.env.BENCH_TRACE!, lines.join('\n')));
  }
  process.once(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
  console.log('ready');
}

/**
 * Calls `listener` with each statement's text (whitespace folded) and the time from sending it to its
 * answer, for every pg client of this process (callback and promise calls alike).
 */
async function onStatements(listener: (text: string, ms: number) => void) {
  const pg = (await import('pg')).default;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = (typeof q === 'string' ? q : (q?.text ?? '?')).replace(/\s+/g, ' ');
    const t0 = performance.now();
    const done = () => listener(text, performance.now() - t0);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const cb = args[last] as (...r: unknown[]) => unknown;
      args[last] = (...r: unknown[]) => {
        done();
        return cb(...r);
      };
    }
    const out = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') (out as Promise<unknown>).then(done, done);
    return out;
  } as typeof original;
}

type Tally = Map<string, { n: number; ms: number }>;
const count = (tally: Tally, text: string, ms: number) => {
  const c = tally.get(text) ?? { n: 0, ms: 0 };
  tally.set(text, c);
  c.n++;
  c.ms += ms;
};
/** The most frequent statements first: count, mean time, text. */
const tallyLines = (tally: Tally, indent = '') =>
  [...tally].sort((a, b) => b[1].n - a[1].n).map(([t, c]) => `${indent}${c.n}\t${(c.ms / c.n).toFixed(1)} ms\t${t}`);

/**
 * BENCH_SQL_COUNT=<file>: counts the statements the app sends (by text) and writes the tally to the
 * file when the app stops — the round trips a call costs. BENCH_CPU_PROF=<dir>: the app runs under
 * node --cpu-prof into that directory. Both only for looking into a benchmark, never on by default.
 */
async function countSql(file: string) {
  const { writeFileSync } = await import('node:fs');
  const counts: Tally = new Map();
  await onStatements((text, ms) => count(counts, text.slice(0, 160), ms));
  process.once('exit', () => writeFileSync(file, tallyLines(counts).join('\n')));
}

/**
 * BENCH_PROBE=<file>: every half second, the pool's waits for a connection, the event loop's delay,
 * and the statements answered by text.
 */
async function probe(file: string) {
  const { writeFileSync } = await import('node:fs');
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const pg = (await import('pg')).default;
  const waits: number[] = [];
  const original = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    const cb = args[0] as ((...r: unknown[]) => void) | undefined;
    if (typeof cb === 'function')
      return (original as (...a: unknown[]) => unknown).call(this, (...r: unknown[]) => {
        waits.push(performance.now() - t0);
        cb(...r);
      });
    const p = (original as (...a: unknown[]) => Promise<unknown>).call(this);
    void p.then(() => waits.push(performance.now() - t0));
    return p;
  } as typeof original;
  let tally: Tally = new Map();
  await onStatements((text, ms) => count(tally, text.slice(0, 90), ms));
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const series: string[] = [];
  let last = 0;
  setInterval(() => {
    const w = waits.slice(last);
    last = waits.length;
    w.sort((a, b) => a - b);
    series.push(
      `${new Date().toISOString().slice(11, 23)} acquires ${w.length} wait p50 ${(w[w.length >> 1] ?? 0).toFixed(0)} max ${(w[w.length - 1] ?? 0).toFixed(0)} loop p99 ${(h.percentile(99) / 1e6).toFixed(0)} max ${(h.max / 1e6).toFixed(0)}`,
    );
    h.reset();
    series.push(...tallyLines(tally, '    ').slice(0, 12));
    tally = new Map();
  }, 500).unref();
  process.once('exit', () => writeFileSync(file, series.join('\n')));
}

export interface ApiServer {
  baseURL: string;
  child: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts the app on `databaseUrl` in a child process; `env` adds settings (LOGIN_RATE_LIMIT, …). */
export async function startApi(databaseUrl: string, name: string, env: Record<string, string> = {}): Promise<ApiServer> {
  const port = await freePort();
  const logDir = path.join(root, 'bench', 'out');
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  // BENCH_CPU_PROF=<dir>: the app writes a CPU profile there; BENCH_APP_FLAGS: Node flags of the app
  // (say --trace-gc, which NODE_OPTIONS refuses).
  const prof = process.env.BENCH_CPU_PROF;
  const flags = [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), ...(process.env.BENCH_APP_FLAGS ?? '').split(' ').filter(Boolean)];
  const [command, args] = flags.length
    ? [process.execPath, [...flags, '--import', 'tsx', fileURLToPath(import.meta.url), '--serve']]
    : [path.join(root, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url), '--serve']];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: 'production',
      BENCH_SERVER_LOG: logFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => (d.toString().includes('ready') ? resolve() : process.stdout.write(d)));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    child,
    logFile,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely by the benchmarks
  json: any;
}

/**
 * Keep-alive connections per app, as a browser keeps them. The calls go through node:http rather
 * than fetch: on this 2-core machine the load generator shares the CPUs with the app and PostgreSQL,
 * and fetch (undici) spends about 1 ms of CPU per call more than node:http for the same request
 * (measured: 1.0-1.4 ms against 0.2-0.4 ms per call, client and a bare server in one process), CPU
 * that pgbench's C client never takes from the server it measures. The request is the same either
 * way: method, path, headers (token, tenant, timestamp, signature) and JSON body byte for byte.
 * BENCH_HTTP_CLIENT=fetch calls through fetch as before.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const viaFetch = process.env.BENCH_HTTP_CLIENT === 'fetch';

function send(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; text: string }> {
  if (viaFetch) return fetch(url, { method, headers, body }).then(async (res) => ({ status: res.status, text: await res.text() }));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One JSON call as the client's axios layer makes it: token, tenant, signature and timestamp. */
export async function callApi(baseURL: string, method: 'GET' | 'POST' | 'PUT', apiPath: string, body?: unknown, token?: string, tenant = '0'): Promise<Answer> {
  const headers: Record<string, string> = { [HEADER_TENANT]: tenant, [HEADER_TIMESTAMP]: signTimestamp() };
  if (token) headers[HEADER_TOKEN] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const [pathOnly, queryString] = apiPath.split('?');
  const query = Object.fromEntries(new URLSearchParams(queryString ?? ''));
  headers[HEADER_SIGN] = signRequest(query, body ?? {}, SIGN_SECRET);
  const res = await send(
    `${baseURL}${API_BASE}${pathOnly}${queryString ? `?${queryString}` : ''}`,
    method,
    headers,
    body === undefined ? undefined : JSON.stringify(body),
  );
  let json: unknown = null;
  try {
    json = JSON.parse(res.text);
  } catch {
    json = { raw: res.text };
  }
  return { status: res.status, json };
}

/** Signs in as a user and answers the access token. */
export async function signIn(baseURL: string, username: string, password = 'Demo@2026', tenant = '0'): Promise<string> {
  const body = { username, password: encodePassword(password, process.env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY) };
  const res = await callApi(baseURL, 'POST', '/sys/login', body, undefined, tenant);
  if (res.status !== 200 || !res.json?.result?.token) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.result.token as string;
}

if (process.argv.includes('--serve')) void serve();
