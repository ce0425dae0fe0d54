// Fan-out of live notifications across server processes. A release publishes one FanOut; every
// process (the publisher included) receives it from the broker and delivers it to its own
// sockets. PGlite is one process, so an in-process broker is enough; on PostgreSQL a dedicated
// connection LISTENs on 'boss_notify' and publishers NOTIFY through the pool.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export const NOTIFY_CHANNEL = 'boss_notify';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well under. */
const MAX_PAYLOAD_BYTES = 7000;
const RELISTEN_MS = 2000;

export interface FanOut {
  tenantId: string;
  /** 'ALL' users of the tenant, or these user ids. */
  to: 'ALL' | string[];
  message: Record<string, unknown>;
}

export interface Broker {
  readonly kind: 'local' | 'postgres';
  publish(m: FanOut): Promise<void>;
  onMessage(handler: (m: FanOut) => void): void;
  close(): Promise<void>;
}

function isFanOut(v: unknown): v is FanOut {
  if (!v || typeof v !== 'object') return false;
  const m = v as Partial<FanOut>;
  return typeof m.tenantId === 'string' && (m.to === 'ALL' || (Array.isArray(m.to) && m.to.every((x) => typeof x === 'string'))) && !!m.message && typeof m.message === 'object';
}

/** Splits a targeted fan-out so each NOTIFY payload stays under the limit. */
export function chunkFanOut(m: FanOut, maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const whole = JSON.stringify(m);
  if (m.to === 'ALL' || Buffer.byteLength(whole) <= maxBytes) return [whole];
  const base = Buffer.byteLength(JSON.stringify({ ...m, to: [] }));
  const out: string[] = [];
  let batch: string[] = [];
  let size = base;
  for (const id of m.to) {
    const add = Buffer.byteLength(JSON.stringify(id)) + 1;
    if (batch.length && size + add > maxBytes) {
      out.push(JSON.stringify({ ...m, to: batch }));
      batch = [];
      size = base;
    }
    batch.push(id);
    size += add;
  }
  if (batch.length) out.push(JSON.stringify({ ...m, to: batch }));
  return out;
}

export class LocalBroker implements Broker {
  readonly kind = 'local' as const;
  private handlers: ((m: FanOut) => void)[] = [];
  async publish(m: FanOut): Promise<void> {
    // Round-trip through JSON like the PostgreSQL broker, so both deliver the same thing.
    const copy = JSON.parse(JSON.stringify(m)) as FanOut;
    setImmediate(() => this.handlers.forEach((h) => h(copy)));
  }
  onMessage(handler: (m: FanOut) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

export class PgBroker implements Broker {
  readonly kind = 'postgres' as const;
  private handlers: ((m: FanOut) => void)[] = [];
  private listener: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Opens the dedicated LISTEN connection; resolves once it listens. */
  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (n) => {
      if (n.channel !== NOTIFY_CHANNEL || !n.payload) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(n.payload);
      } catch {
        return;
      }
      if (isFanOut(parsed)) this.handlers.forEach((h) => h(parsed));
    });
    client.on('error', (err) => {
      this.log.warn({ err: err.message }, 'notification listener lost; reconnecting');
      this.restart(client);
    });
    client.on('end', () => this.restart(client));
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    this.listener = client;
  }

  private restart(dead: pg.Client): void {
    if (this.closed || this.listener !== dead || this.retry) return;
    this.listener = null;
    dead.end().catch(() => {});
    this.retry = setTimeout(() => {
      this.retry = null;
      this.start().catch((err: Error) => {
        this.log.warn({ err: err.message }, 'notification listener reconnect failed');
        const placeholder = new pg.Client(this.pool.options);
        this.listener = placeholder;
        this.restart(placeholder);
      });
    }, RELISTEN_MS);
  }

  async publish(m: FanOut): Promise<void> {
    for (const payload of chunkFanOut(m)) await this.pool.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]);
  }

  onMessage(handler: (m: FanOut) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const l = this.listener;
    this.listener = null;
    this.handlers = [];
    if (l) await l.end().catch(() => {});
  }
}

/** PostgreSQL LISTEN/NOTIFY when the database is a PostgreSQL pool, else in-process. */
export async function createBroker(db: Db, log: FastifyBaseLogger): Promise<Broker> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const broker = new PgBroker(client, log);
    await broker.start();
    brokers.set(db, broker);
    return broker;
  }
  const local = new LocalBroker();
  brokers.set(db, local);
  return local;
}

/** The broker the message module created for this database (other modules publish through it). */
const brokers = new WeakMap<Db, Broker>();
export const brokerOf = (db: Db): Broker | undefined => brokers.get(db);

/**
 * Pushes `payload` to these users' open sockets (every process). Returns false when no broker
 * exists for the database (the message module is not registered), so nothing was sent.
 */
export async function notifyUsers(db: Db, tenantId: string, userIds: string[], payload: Record<string, unknown>): Promise<boolean> {
  const broker = brokers.get(db);
  if (!broker || !userIds.length) return false;
  await broker.publish({ tenantId, to: userIds, message: payload });
  return true;
}
