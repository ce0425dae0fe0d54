// Decides whether the client in dist/ is missing or stale and rebuilds it with `vite build`.
// Stale means: older than any source file of the client, or built with other wire keys (the
// client reads LOGIN_AES_KEY and SIGN_SECRET at build time as VITE_* variables).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { compressDist } from './lib/compressDist';

const SOURCES = ['src', 'sw', 'contract', 'public', 'index.html', 'vite.config.ts', 'scripts/precacheKits.ts'];
const STAMP = '.build-stamp.json';

interface Stamp {
  loginAesKeyHash: string;
  signSecretHash: string;
  builtAt: string;
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

export function clientBuildReason(root: string, keys: { loginAesKey: string; signSecret: string }): string | null {
  const distIndex = path.join(root, 'dist', 'index.html');
  if (!existsSync(distIndex)) return 'dist/index.html is missing';
  const builtAt = statSync(distIndex).mtimeMs;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (newest > builtAt) return 'client sources changed since the last build';
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, 'dist', STAMP), 'utf8')) as Stamp;
    if (stamp.loginAesKeyHash !== digest(keys.loginAesKey) || stamp.signSecretHash !== digest(keys.signSecret)) {
      return 'LOGIN_AES_KEY or SIGN_SECRET differ from the last build';
    }
  } catch {
    return 'dist/.build-stamp.json is missing';
  }
  return null;
}

/** Builds the client when needed. Returns false (after a warning) when it could not. */
export function ensureClientBuilt(root: string, keys: { loginAesKey: string; signSecret: string }, warn: (m: string) => void): boolean {
  const reason = clientBuildReason(root, keys);
  if (!reason) return true;
  if (!existsSync(path.join(root, 'index.html'))) {
    warn('No index.html at the repository root: the client does not exist yet, serving the API only.');
    return false;
  }
  warn(`Building the client (${reason}) …`);
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: root,
    stdio: 'inherit',
    // Always a production bundle (minified React, service worker), whatever NODE_ENV the server runs with.
    env: { ...process.env, NODE_ENV: 'production', VITE_LOGIN_AES_KEY: keys.loginAesKey, VITE_SIGN_SECRET: keys.signSecret },
  });
  if (result.status !== 0) {
    warn('The client build failed; serving the API only (and the old client, if any).');
    return false;
  }
  // Brotli and gzip copies beside each file, served by @fastify/static's preCompressed option.
  compressDist(path.join(root, 'dist'));
  const stamp: Stamp = { loginAesKeyHash: digest(keys.loginAesKey), signSecretHash: digest(keys.signSecret), builtAt: new Date().toISOString() };
  writeFileSync(path.join(root, 'dist', STAMP), JSON.stringify(stamp, null, 2));
  return true;
}
