// Global set-up of the e2e project: builds the client if stale, makes a fresh database (PostgreSQL
// at 127.0.0.1:5432, else PGlite in a temp dir), starts the real server on a free port, and hands
// its address to the tests through `inject('baseURL')`. Set E2E_BASE_URL to test a server that is
// already running instead.
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from './lib/build';
import { createTestDatabase } from './lib/database';
import { startServer } from './lib/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:40123 (no trailing slash). */
    baseURL: string;
    /** PostgreSQL URL of the test database; '' when the server runs on PGlite. */
    databaseUrl: string;
    /** PGlite data directory; '' when the server runs on PostgreSQL. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseURL', external.replace(/\/$/, ''));
    project.provide('databaseUrl', process.env.DATABASE_URL ?? '');
    project.provide('dataDir', '');
    return async () => undefined;
  }

  ensureClientBuilt();
  const database = await createTestDatabase();
  if (database.kind === 'pglite') console.warn(`[e2e] ${database.reason}: using PGlite in ${database.dataDir}`);
  else console.log(`[e2e] database ${database.name} on PostgreSQL`);

  let server;
  try {
    server = await startServer({
      name: 'e2e-server',
      env: database.kind === 'postgres' ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir },
    });
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  }
  console.log(`[e2e] server at ${server.baseURL} (log: ${server.logFile})`);
  project.provide('baseURL', server.baseURL);
  project.provide('databaseUrl', database.kind === 'postgres' ? database.databaseUrl : '');
  project.provide('dataDir', database.kind === 'pglite' ? database.dataDir : '');

  return async () => {
    await server.stop();
    await database.drop().catch((error: unknown) => console.warn('[e2e] could not drop the test database', error));
  };
}
