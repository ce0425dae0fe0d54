// Opens the database: PGlite in DATA_DIR by default (no install, no server), or a PostgreSQL
// server when DATABASE_URL is set. Both are exposed as the same Drizzle PgDatabase, plus a raw
// single-connection handle the migration runner needs for its advisory lock.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fillPlaceholders } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One connection on which statements run in order (advisory locks are per connection). */
export interface RawConnection {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  release(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  connect(): Promise<RawConnection>;
  close(): Promise<void>;
}

export function fromPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    async connect() {
      return {
        exec: async (sql) => {
          await client.exec(sql);
        },
        query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
        release: async () => {},
      };
    },
    close: () => client.close(),
  };
}

export function fromPool(pool: pg.Pool): Database {
  // An idle connection dropped by the server (restart, admin kill) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => console.error(`[db] idle PostgreSQL connection lost: ${err.message}`));
  return {
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    async connect() {
      const c = await pool.connect();
      return {
        exec: async (sql) => {
          await c.query(sql);
        },
        query: async <T>(sql: string, params?: unknown[]) => (await c.query(sql, params)).rows as T[],
        release: async () => c.release(),
      };
    },
    close: () => pool.end(),
  };
}

/** A statement Drizzle built once (`.toSQL()`), run by name: see queryArrays. */
export interface NamedStatement {
  /** The server-side name ('' for PostgreSQL's unnamed statement, planned on every call). */
  name: string;
  sql: string;
  params: unknown[];
}

/**
 * Runs a built statement with `values` filling its placeholders and answers its rows as arrays, in
 * select order (no per-field mapping). On PostgreSQL a named statement is parsed once per pooled
 * connection and afterwards only bound and executed; PGlite has one connection and plans each call.
 */
export async function queryArrays(db: Db, s: NamedStatement, values: Record<string, unknown>): Promise<unknown[][]> {
  const client = (db as unknown as { $client: unknown }).$client;
  const params = fillPlaceholders(s.params, values);
  if (client instanceof pg.Pool) return (await client.query<unknown[]>({ name: s.name || undefined, text: s.sql, values: params, rowMode: 'array' })).rows;
  return (await (client as PGlite).query<unknown[]>(s.sql, params, { rowMode: 'array' })).rows;
}

/**
 * PGlite's compiled engine and its file bundle, read and compiled once per process. Each PGlite
 * otherwise compiles its own copy of the 9 MB WebAssembly module and reads the 4 MB bundle. Only
 * the test suites start many (about 75 in-memory databases a run): a bare start took 1.7–2.1 s of
 * CPU, 1.1–1.3 s with the engine shared; five server files together took 3–4% less CPU.
 */
export interface PgliteEngine {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}
let engine: Promise<PgliteEngine> | null = null;
export function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= (async () => {
    const dist = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([readFile(new URL('pglite.wasm', dist)), readFile(new URL('pglite.data', dist))]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })();
  return engine;
}

/**
 * An embedded PGlite (in `dataDir`, or in memory) with the extensions the migrations use: pg_trgm,
 * whose trigram indexes serve the lists' 'contains' filters (migration 0021). PostgreSQL servers
 * ship it in contrib; PGlite has it only when loaded here. In memory, `loadDataDir` starts it from a
 * dump (dumpDataDir) instead of an empty cluster, and `engine` (pgliteEngine) shares the compiled engine.
 */
export function newPglite(where?: string | { loadDataDir?: Blob; engine?: PgliteEngine }): PGlite {
  const options = { extensions: { pg_trgm } };
  if (typeof where === 'string') return new PGlite(where, options);
  // The options must come first when there is no directory (PGlite reads a missing directory's place as its options).
  const { engine, ...dump } = where ?? {};
  return new PGlite({ ...options, ...dump, ...engine });
}

export async function openDatabase(opts: { dataDir: string; databaseUrl?: string }): Promise<Database> {
  if (opts.databaseUrl) return fromPool(new pg.Pool({ connectionString: opts.databaseUrl, max: 10 }));
  const client = newPglite(opts.dataDir);
  await client.waitReady;
  return fromPglite(client);
}
