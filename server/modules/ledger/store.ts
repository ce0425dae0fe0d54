// The ledger's own path to the database: raw parameterised SQL on one connection per transaction,
// over either a pg Pool (PostgreSQL) or PGlite. Posting is a few hand-written statements, so it
// goes around the ORM; every value is a parameter, never spliced into the text.
// Round trips are what a posting costs, so on PostgreSQL the store uses pg's pipeline mode: BEGIN
// travels with the first statement, and a standalone posting's last statement with its COMMIT.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';

export interface SqlConn {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Only on a transaction the store opened for a single unit of work: runs the statement and
   * COMMITs in the same round trip. Nothing may be queried on this connection afterwards.
   */
  queryAndCommit?<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
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

/** Holds a pipelined client's socket writes until the next tick, so queries issued together leave in one write. */
function corkUntilNextTick(client: pg.PoolClient): void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  stream.cork();
  process.nextTick(() => stream.uncork!());
}

/** A store over `pool`; its clients should be created with { pipeline: true } (see pipelinedPool). */
export function poolStore(pool: pg.Pool, ownsPool = false): LedgerStore {
  return {
    kind: 'postgres',
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(prepared(text, params))).rows as T[],
    async tx<T>(fn: (c: SqlConn) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const pipelined = (client as unknown as { pipeline?: boolean }).pipeline === true;
      let broken = false;
      let committed = false;
      try {
        if (pipelined) corkUntilNextTick(client);
        const begin = client.query('BEGIN');
        // Pipelined, BEGIN goes out with the first statement; a failed BEGIN fails that statement too.
        if (pipelined) begin.catch(() => {});
        else await begin;
        const conn: SqlConn = { query: async <R>(text: string, params?: unknown[]) => (await client.query(prepared(text, params))).rows as R[] };
        if (pipelined) {
          conn.queryAndCommit = async <R>(text: string, params?: unknown[]) => {
            committed = true;
            corkUntilNextTick(client);
            const statement = client.query(prepared(text, params));
            const commit = client.query('COMMIT');
            const [s, c] = await Promise.allSettled([statement, commit]);
            if (s.status === 'rejected') throw s.reason;
            if (c.status === 'rejected') throw c.reason;
            return s.value.rows as R[];
          };
        }
        const out = await fn(conn);
        if (!committed) await client.query('COMMIT');
        return out;
      } catch (err) {
        try {
          if (!committed) await client.query('ROLLBACK');
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

/** A pg Pool whose clients pipeline (pg ≥ 8.23): queries are sent without waiting for the previous answer. */
export function pipelinedPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...config, pipeline: true } as pg.PoolConfig);
  pool.on('error', (err) => console.error(`[ledger] idle PostgreSQL connection lost: ${err.message}`));
  return pool;
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
 * The store for the app's database: on PostgreSQL a pipelined pool of its own to the same server
 * (same settings as the app's pool), on PGlite the app's client itself.
 */
export function storeOfDb(db: Db): LedgerStore {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return poolStore(pipelinedPool({ ...client.options, max: client.options.max ?? 10 }), true);
  if (client && typeof (client as PGlite).transaction === 'function' && typeof (client as PGlite).exec === 'function') return pgliteStore(client as PGlite);
  throw new Error('ledger: unsupported database client');
}
