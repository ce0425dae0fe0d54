// Builds the client when dist/ is missing or stale, through the server's own builder
// (server/build-client.ts), so that the e2e set-up, the load benchmark and `npm start` agree on
// what "stale" means (sources newer than the build, or other wire keys) and never build twice.
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET } from '../../../contract/crypto';
import { clientBuildReason, ensureClientBuilt as buildIfStale } from '../../../server/build-client';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The wire keys the server under test will use; the client is built with the same ones. */
export const wireKeys = () => ({
  loginAesKey: process.env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY,
  signSecret: process.env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET,
});

/** Why dist/ needs a build, or null when it is fresh. */
export function clientStaleReason(root = repoRoot): string | null {
  return clientBuildReason(root, wireKeys());
}

/** Runs `vite build` when the client is stale; throws when the build fails. */
export function ensureClientBuilt(root = repoRoot, log: (line: string) => void = console.log): void {
  const reason = clientStaleReason(root);
  if (!reason) return;
  const started = Date.now();
  // Vitest runs with NODE_ENV=test, and Vite builds a development bundle (React dev build, no
  // service worker: import.meta.env.PROD is false) unless NODE_ENV is production. The builder
  // hands our environment to its child, so set it for the duration of the synchronous build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let built: boolean;
  try {
    built = buildIfStale(root, wireKeys(), (message) => log(`[build] ${message}`));
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (!built) throw new Error('the client build failed (see the output above)');
  log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
