// Global set-up of the e2e project: builds the client if stale, then starts one real server per
// e2e worker (tests/e2e/lib/target.ts), each on a fresh database (PostgreSQL at 127.0.0.1:5432,
// else PGlite in a temp dir) and a free port, and hands their addresses to the tests. A file finds
// its own with e2eTarget(). Set E2E_BASE_URL to test a server that is already running instead.
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from './lib/build';
import { rmSync } from 'node:fs';
import { createTestDatabase, temporaryDataDir, type TestDatabase } from './lib/database';
import { startServer, type RunningServer } from './lib/server';
import { E2E_WORKERS, type E2eTarget } from './lib/target';

async function startTarget(n: number): Promise<{ target: E2eTarget; stop(): Promise<void> }> {
  const database: TestDatabase = await createTestDatabase(`boss_e2e_${process.pid}_${n}`);
  if (database.kind === 'pglite') console.warn(`[e2e] ${database.reason}: using PGlite in ${database.dataDir}`);
  else console.log(`[e2e] database ${database.name} on PostgreSQL`);
  // On PostgreSQL too each server keeps its files (generated keys, ledger checkpoints, uploads) in a
  // directory of its own: two servers starting at once must not share (or race for) one key file.
  const filesDir = database.kind === 'postgres' ? temporaryDataDir('boss-e2e-files-') : '';
  const removeFiles = () => filesDir && rmSync(filesDir, { recursive: true, force: true });
  // The scrypt cost the server tests use (tests/server/helpers.ts): the files sign users in well
  // over a hundred times a run, ~140 ms of the server's CPU each at the standard cost.
  const common = { BOSS_TEST_SCRYPT_N: '1024' };
  let server: RunningServer;
  try {
    server = await startServer({
      name: `e2e-server-${n}`,
      env: database.kind === 'postgres' ? { ...common, DATABASE_URL: database.databaseUrl, DATA_DIR: filesDir } : { ...common, DATA_DIR: database.dataDir },
    });
  } catch (error) {
    await database.drop().catch(() => undefined);
    removeFiles();
    throw error;
  }
  console.log(`[e2e] server ${n} at ${server.baseURL} (log: ${server.logFile})`);
  return {
    target: {
      baseURL: server.baseURL,
      databaseUrl: database.kind === 'postgres' ? database.databaseUrl : '',
      dataDir: database.kind === 'pglite' ? database.dataDir : '',
    },
    async stop() {
      await server.stop();
      await database.drop().catch((error: unknown) => console.warn('[e2e] could not drop the test database', error));
      removeFiles();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('e2eTargets', [{ baseURL: external.replace(/\/$/, ''), databaseUrl: process.env.DATABASE_URL ?? '', dataDir: '' }]);
    return async () => undefined;
  }

  ensureClientBuilt();
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, (_, i) => startTarget(i + 1)));
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((r) => r.stop()));
    throw failed.reason;
  }
  project.provide(
    'e2eTargets',
    running.map((r) => r.target),
  );
  return async () => {
    await Promise.all(running.map((r) => r.stop()));
  };
}
