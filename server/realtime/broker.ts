// Fan-out of live notifications across server processes. A release publishes one FanOut; every
// process (the publisher included) receives it from the broker and delivers it to its own
// sockets. PGlite is one process, so an in-process broker is enough; on PostgreSQL a dedicated
// connection LISTENs on 'boss_notify' and publishers NOTIFY through the pool. The same connection
// listens on the topic channels (TOPIC_CHANNELS), which carry short texts such as cache invalidations.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export const NOTIFY_CHANNEL = 'boss_notify';
/**
 * Channels besides the notification fan-out: short text messages every process receives, the
 * publisher included (cache invalidation and the like). Add a key here to add a channel.
 */
export const TOPIC_CHANNELS = {
  /** '<origin>|<tenant id>' ('*' for every tenant): drop that dictionary cache (server/modules/dict). */
  dictCache: 'boss_dict_cache',
  /**
   * 'u:<user id>' or 'all': drop those entries of the auth cache (server/modules/session/authCache).
   * Sent by the database itself (migration 0009's triggers), on commit of any change they cover.
   */
  authCache: 'boss_auth',
  /**
   * '<table name>': a statement changed that table; drop the list pages read from it
   * (server/lib/listCache.ts). Sent by the database itself (migration 0011's triggers), on commit.
   */
  tables: 'boss_tables',
  /**
   * JSON array of the ids of users whose listed columns a statement changed, or '*' (too many to name,
   * or a truncation): the user list index re-reads them (server/modules/admin/userIndex.ts). Sent by
   * the database itself (migration 0036's triggers), on commit.
   */
  userRows: 'boss_user_rows',
  /** Markers of settle(): once one comes back, every notice committed before it was sent has been delivered. */
  sync: 'boss_sync',
  /**
   * JSON of one committed change of what open screens show ({kind:'payOrder', id, tenant, status, …}),
   * sent by the database itself (migration 0016's trigger); server/realtime/liveFeed.ts forwards it.
   */
  live: 'boss_live',
  /** JSON of one commit's changes of live grid rows ({tenantId, scope, pageId, socketKey, changes}): server/realtime/vxeSocket.ts. */
  grid: 'boss_grid',
  /** Empty: push_outbox has rows to send (migration 0047's trigger); server/modules/push/sender.ts drains it. */
  push: 'boss_push',
} as const;
export type TopicChannel = (typeof TOPIC_CHANNELS)[keyof typeof TOPIC_CHANNELS];
/** A topic handler gets the message text, or null when messages may have been lost (the listener reconnected). */
export type TopicHandler = (payload: string | null) => void;
const TOPICS = Object.values(TOPIC_CHANNELS) as TopicChannel[];
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
  readonly closed: boolean;
  /** True while every topic message reaches this process (false while the listener is lost). */
  readonly listening: boolean;
  publish(m: FanOut): Promise<void>;
  onMessage(handler: (m: FanOut) => void): void;
  publishTopic(channel: TopicChannel, payload: string): Promise<void>;
  onTopic(channel: TopicChannel, handler: TopicHandler): void;
  /**
   * Resolves once every notice committed before the call has reached this process's subscribers
   * (a marker sent now comes back after them: PostgreSQL delivers notices in commit order).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Topic subscribers of one broker. */
class TopicHandlers {
  private byChannel = new Map<string, TopicHandler[]>();
  add(channel: TopicChannel, h: TopicHandler): void {
    this.byChannel.set(channel, [...(this.byChannel.get(channel) ?? []), h]);
  }
  deliver(channel: string, payload: string | null): void {
    for (const h of this.byChannel.get(channel) ?? []) h(payload);
  }
  /** Tells every subscriber that messages may have been missed. */
  resync(): void {
    for (const channel of this.byChannel.keys()) this.deliver(channel, null);
  }
  clear(): void {
    this.byChannel.clear();
  }
}

function isFanOut(v: unknown): v is FanOut {
  if (!v || typeof v !== 'object') return false;
  const m = v as Partial<FanOut>;
  return (
    typeof m.tenantId === 'string' &&
    (m.to === 'ALL' || (Array.isArray(m.to) && m.to.every((x) => typeof x === 'string'))) &&
    !!m.message &&
    typeof m.message === 'object'
  );
}

function parseFanOut(payload: string | undefined): FanOut | null {
  if (!payload) return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return isFanOut(parsed) ? parsed : null;
  } catch {
    return null;
  }
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

/** The part of PGlite the local broker listens through. */
interface PgliteNotifications {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export class LocalBroker implements Broker {
  readonly kind = 'local' as const;
  closed = false;
  private handlers: ((m: FanOut) => void)[] = [];
  private topics = new TopicHandlers();
  private unlisten: (() => Promise<void>)[] = [];
  get listening(): boolean {
    return !this.closed;
  }
  /**
   * NOTIFYs the embedded database itself sends reach subscribers too: on a topic channel (triggers)
   * and fan-outs published inside a transaction (publishFanOutIn).
   */
  async listenTo(pglite: PgliteNotifications): Promise<void> {
    for (const channel of TOPICS) this.unlisten.push(await pglite.listen(channel, (payload) => this.topics.deliver(channel, payload)));
    this.unlisten.push(
      await pglite.listen(NOTIFY_CHANNEL, (payload) => {
        const m = parseFanOut(payload);
        if (m) this.handlers.forEach((h) => h(m));
      }),
    );
  }
  async publishTopic(channel: TopicChannel, payload: string): Promise<void> {
    setImmediate(() => this.topics.deliver(channel, payload));
  }
  onTopic(channel: TopicChannel, handler: TopicHandler): void {
    this.topics.add(channel, handler);
  }
  /** PGlite hands its notices to listeners before the statement that sent them resolves. */
  async settle(): Promise<void> {}
  async publish(m: FanOut): Promise<void> {
    // Round-trip through JSON like the PostgreSQL broker, so both deliver the same thing.
    const copy = JSON.parse(JSON.stringify(m)) as FanOut;
    setImmediate(() => this.handlers.forEach((h) => h(copy)));
  }
  onMessage(handler: (m: FanOut) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.closed = true;
    this.handlers = [];
    this.topics.clear();
    for (const stop of this.unlisten.splice(0)) await stop().catch(() => {});
  }
}

export class PgBroker implements Broker {
  readonly kind = 'postgres' as const;
  private handlers: ((m: FanOut) => void)[] = [];
  private topics = new TopicHandlers();
  private listener: pg.Client | null = null;
  closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Set once a listener was lost: the next successful LISTEN tells topic subscribers to resync. */
  private lost = false;
  /** settle() markers waiting to come back, by payload. */
  private readonly markers = new Map<string, () => void>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  get listening(): boolean {
    return !this.closed && !this.lost && this.listener !== null;
  }

  /** Opens the dedicated LISTEN connection; resolves once it listens. */
  async start(): Promise<void> {
    const client = new pg.Client(this.pool.options);
    client.on('notification', (n) => {
      if (n.channel === TOPIC_CHANNELS.sync) return this.markers.get(n.payload ?? '')?.();
      if ((TOPICS as string[]).includes(n.channel)) return this.topics.deliver(n.channel, n.payload ?? '');
      if (n.channel !== NOTIFY_CHANNEL || !n.payload) return;
      const m = parseFanOut(n.payload);
      if (m) this.handlers.forEach((h) => h(m));
    });
    client.on('error', (err) => {
      this.log.warn({ err: err.message }, 'notification listener lost; reconnecting');
      this.restart(client);
    });
    client.on('end', () => this.restart(client));
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    for (const channel of TOPICS) await client.query(`LISTEN ${channel}`);
    this.listener = client;
    if (this.lost) {
      this.lost = false;
      this.topics.resync();
    }
  }

  private restart(dead: pg.Client): void {
    if (this.closed || this.listener !== dead || this.retry) return;
    this.listener = null;
    this.lost = true;
    // Subscribers learn at once that messages may be missed from now on (and again on relisten).
    this.topics.resync();
    // Nothing waits for a marker the lost listener will never hear: the resync covered it.
    for (const done of [...this.markers.values()]) done();
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

  async publishTopic(channel: TopicChannel, payload: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  onTopic(channel: TopicChannel, handler: TopicHandler): void {
    this.topics.add(channel, handler);
  }

  async settle(timeoutMs = 5000): Promise<void> {
    if (!this.listening) return;
    const marker = randomUUID();
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('notification listener did not answer')), timeoutMs);
        this.markers.set(marker, () => {
          clearTimeout(timer);
          resolve();
        });
        this.pool.query('SELECT pg_notify($1, $2)', [TOPIC_CHANNELS.sync, marker]).catch((err: Error) => {
          clearTimeout(timer);
          reject(err);
        });
      });
    } finally {
      this.markers.delete(marker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const l = this.listener;
    this.listener = null;
    this.handlers = [];
    this.topics.clear();
    if (l) await l.end().catch(() => {});
  }
}

/**
 * The broker of this database: PostgreSQL LISTEN/NOTIFY when the database is a PostgreSQL pool,
 * else in-process. Modules of one app share it (the first to ask creates it; closing is idempotent).
 */
export async function createBroker(db: Db, log: FastifyBaseLogger): Promise<Broker> {
  const open = brokers.get(db);
  if (open && !open.closed) return open;
  const pending = creating.get(db);
  if (pending) return pending;
  const made = (async (): Promise<Broker> => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) {
      const broker = new PgBroker(client, log);
      await broker.start();
      return broker;
    }
    const local = new LocalBroker();
    const pglite = client as Partial<PgliteNotifications> | undefined;
    if (typeof pglite?.listen === 'function') await local.listenTo(pglite as PgliteNotifications);
    return local;
  })();
  creating.set(db, made);
  try {
    const broker = await made;
    brokers.set(db, broker);
    return broker;
  } finally {
    creating.delete(db);
  }
}
/** The broker of each database (the modules of an app publish through it), and those being opened. */
const brokers = new WeakMap<Db, Broker>();
const creating = new WeakMap<Db, Promise<Broker>>();
export const brokerOf = (db: Db): Broker | undefined => brokers.get(db);

/**
 * Publishes a fan-out inside the caller's transaction: every process (on either database) delivers
 * it once the transaction commits, never if it rolls back.
 */
export async function publishFanOutIn(conn: { query(text: string, params?: unknown[]): Promise<unknown> }, m: FanOut): Promise<void> {
  for (const payload of chunkFanOut(m)) await conn.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, payload]);
}

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
