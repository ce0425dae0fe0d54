// A throw-away database for one test run: a fresh PostgreSQL database on the local server when it
// can be reached, otherwise an empty PGlite data directory (the embedded default).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ADMIN_DATABASE_URL = process.env.E2E_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabase =
  { kind: 'postgres'; databaseUrl: string; name: string; drop(): Promise<void> } | { kind: 'pglite'; dataDir: string; reason: string; drop(): Promise<void> };

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function temporaryDataDir(prefix = 'boss-e2e-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function createTestDatabase(name = `boss_e2e_${process.pid}`): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  try {
    await withAdmin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name}`);
    });
  } catch (error) {
    const dataDir = temporaryDataDir();
    return {
      kind: 'pglite',
      dataDir,
      reason: `PostgreSQL at ${ADMIN_DATABASE_URL} unreachable (${(error as Error).message})`,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = '/' + name;
  return {
    kind: 'postgres',
    databaseUrl: url.href,
    name,
    drop: () => withAdmin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
