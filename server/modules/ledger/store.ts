// The ledger's own path to the database: raw parameterised SQL on one connection per transaction,
// over either a pg Pool (PostgreSQL) or PGlite. Posting is a few hand-written statements, so it
// goes around the ORM; every value is a parameter, never spliced into the text.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';

export interface SqlConn {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface LedgerStore extends SqlConn {
  kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED) on one connection; rolls back when it throws. */
  tx<T>(fn: (c: SqlConn) => Promise<T>): Promise<T>;
}

export function poolStore(pool: pg.Pool): LedgerStore {
  return {
    kind: 'postgres',
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    async tx<T>(fn: (c: SqlConn) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const conn: SqlConn = { query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] };
        const out = await fn(conn);
        await client.query('COMMIT');
        return out;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
  };
}

export function pgliteStore(client: PGlite): LedgerStore {
  // PGlite is one connection; its query() waits while a transaction() is open, so units of work
  // never interleave.
  return {
    kind: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    tx: <T>(fn: (c: SqlConn) => Promise<T>) =>
      client.transaction(async (t) => fn({ query: async <R>(text: string, params?: unknown[]) => (await t.query<R>(text, params)).rows })),
  };
}

/** The store behind the app's Drizzle handle (its underlying pg Pool or PGlite client). */
export function storeOfDb(db: Db): LedgerStore {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return poolStore(client);
  if (client && typeof (client as PGlite).transaction === 'function' && typeof (client as PGlite).exec === 'function') return pgliteStore(client as PGlite);
  throw new Error('ledger: unsupported database client');
}
