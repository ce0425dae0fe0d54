// Builds the client when dist/ is missing or older than anything it is built from. Shared by the
// e2e global set-up and the load benchmark, so both test what `npm start` would serve.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** What the client bundle is made of: a change to any of these makes dist/ stale. */
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'package-lock.json', 'src', 'sw', 'contract', 'public'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows as a newer directory
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/index.html or dist/sw.js is missing or older than a source file. */
export function clientIsStale(root = repoRoot): boolean {
  const outputs = ['dist/index.html', 'dist/sw.js'].map((file) => path.join(root, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** Runs `vite build` when the client is stale; throws with the build's output when it fails. */
export function ensureClientBuilt(root = repoRoot, log: (line: string) => void = console.log): void {
  if (!clientIsStale(root)) return;
  log('[build] dist/ is missing or stale: running vite build');
  const started = Date.now();
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
