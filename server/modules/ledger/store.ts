// The ledger's own path to the database: raw parameterised SQL on one connection per transaction,
// over either a pg Pool (PostgreSQL) or PGlite. Posting is one hand-written statement (the
// function ledger_post, migration 0010), so it goes around the ORM; every value is a parameter,
// never spliced into the text.
import { createHash } from 'node:crypto';
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
  close(): Promise<void>;
}

/**
 * Every statement of the ledger is a fixed text (values are parameters), so each is prepared once
 * per connection under a name derived from its text: the posting statements are planned once,
 * not on every call.
 */
const names = new Map<string, string>();
function prepared(text: string, values?: unknown[]): pg.QueryConfig {
  let name = names.get(text);
  if (!name) {
    name = `ledger_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}

/** A store over `pool` (the app's own pool, shared: see storeOfDb); ends it on close() only when it owns it. */
export function poolStore(pool: pg.Pool, ownsPool = false): LedgerStore {
  return {
    kind: 'postgres',
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(prepared(text, params))).rows as T[],
    async tx<T>(fn: (c: SqlConn) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const out = await fn({ query: async <R>(text: string, params?: unknown[]) => (await client.query(prepared(text, params))).rows as R[] });
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
    close: async () => {
      if (ownsPool) await pool.end();
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
    close: async () => {},
  };
}

/**
 * The store for the app's database: its own connections, never a second pool. On PostgreSQL the
 * app's pg Pool: a posting is one statement (ledger_post), so it gains nothing from a pool of its
 * own, and one pool keeps a server process at its configured number of connections (several
 * processes share one PostgreSQL and its max_connections). Sound because no ledger code holds a
 * connection while waiting for another (a transaction only uses the connection it was given), so
 * the two users of the pool cannot starve each other into a deadlock. On PGlite the app's client.
 */
export function storeOfDb(db: Db): LedgerStore {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return poolStore(client);
  if (client && typeof (client as PGlite).transaction === 'function' && typeof (client as PGlite).exec === 'function') return pgliteStore(client as PGlite);
  throw new Error('ledger: unsupported database client');
}
