// Per-process cache of list pages (the user list first: a million rows, read far more often than
// written, and 100 clients asking for its first page at once is what the list benchmark measures).
//
// An entry is one page as the handler answered it, under a key naming everything the answer depends
// on (resource, tenant, the parsed query), with the tables it was read from. It is dropped when a
// statement changes one of those tables: every process hears of every committed change from the
// database itself (migration 0011's triggers NOTIFY 'boss_tables' with the table's name; the broker
// delivers it here). A write request of this process answers only once the database's notices of
// what it committed have reached this cache (a sync marker sent after the commit comes back on the
// same listener, after them), so a client that writes and then lists here never sees the page from
// before its write, while everyone else's pages of untouched tables stay cached: a sign-in or a
// notice marked read drops nothing of the user list. Nothing is cached while the broker cannot promise delivery
// (its listener lost), a read that started before a change is never stored after it (the epoch), and
// concurrent callers of one key share one read. An entry lives at most ttlMs.
import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import { TOPIC_CHANNELS, type Broker } from '../realtime/broker';

export interface ListCacheOptions {
  /** Longest life of an entry (the bound if a change notice were ever lost). */
  ttlMs?: number;
  /** Entries kept (pages of every list and tenant together). */
  max?: number;
}
export const LIST_CACHE_DEFAULTS: Required<ListCacheOptions> = { ttlMs: 60_000, max: 500 };

/**
 * Something else of this process that keeps what it read from the database current through the
 * broker's change notices (the user list index): a write request of this process waits, as for the
 * cache's own pages, until its changes reached it.
 */
export interface ChangeFollower {
  /** It keeps something a write may change (and the broker promises delivery): writers must wait. */
  readonly holding: boolean;
  /** Resolves once every notice delivered so far has been applied. */
  caughtUp(): Promise<void>;
  /** The notices of a write could not be awaited: drop what may be stale. */
  lost(): void;
}

interface Entry {
  tables: readonly string[];
  value: object;
}

/** Request methods that change nothing: every other one drops the cache when it answers. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export class ListCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<object>>();
  private epoch = 0;
  private broker: Broker | null = null;
  /** Reads answered from an entry, and reads that went to the database (tests, diagnostics). */
  readonly stats = { hits: 0, reads: 0 };

  constructor(opts: ListCacheOptions = {}) {
    const { ttlMs, max } = { ...LIST_CACHE_DEFAULTS, ...opts };
    this.entries = new LRUCache<string, Entry>({ max, ttl: ttlMs, ttlAutopurge: false });
  }

  /** Starts caching: from now on the broker tells this cache about every committed change. */
  attach(broker: Broker): void {
    this.broker = broker;
    broker.onTopic(TOPIC_CHANNELS.tables, (table) => this.forget(table));
    this.forget(null);
  }

  detach(): void {
    this.broker = null;
    this.forget(null);
  }

  /** No page kept and none being read. */
  get idle(): boolean {
    return this.entries.size === 0 && this.inflight.size === 0;
  }

  /** Caching only while every change is sure to reach this process. */
  get live(): boolean {
    return this.broker?.listening === true;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops the pages read from `table`, or every page (null: a change of anything, or notices may be lost). */
  forget(table: string | null): void {
    this.epoch++;
    this.inflight.clear();
    if (table === null) return this.entries.clear();
    const gone: string[] = [];
    for (const [key, e] of this.entries.entries()) if (e.tables.includes(table)) gone.push(key);
    for (const key of gone) this.entries.delete(key);
  }

  /**
   * The cached page of `key`, else one read shared by concurrent callers and kept only if no change
   * was heard while it ran. `tables` are all the tables `read` reads; a failed read is not kept, nor
   * one `keep` refuses (a page read from something that had not applied every change heard yet).
   */
  async through<T extends object>(key: string, tables: readonly string[], read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    if (!this.live) {
      this.stats.reads++;
      return read();
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits++;
      return hit.value as T;
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.stats.hits++;
      return pending as Promise<T>;
    }
    this.stats.reads++;
    const epoch = this.epoch;
    const p = read()
      .then((value) => {
        if (epoch === this.epoch && this.live && (!keep || keep(value))) this.entries.set(key, { tables, value });
        return value;
      })
      .finally(() => {
        if (this.inflight.get(key) === p) this.inflight.delete(key);
      });
    this.inflight.set(key, p);
    return p;
  }

  /**
   * Before a request that may have written answers, waits until the change notices of its commits
   * have been delivered here (what it changed is then dropped, and only that); if they cannot be
   * awaited, drops every page. With no page kept and none being read there is nothing to wait for:
   * the request's commits are done, so any page read from now on sees them (a transfer, a sign-in
   * or an approval on a process that keeps no page answers without the marker's round trip).
   */
  installWriteHook(app: FastifyInstance): void {
    app.addHook('onSend', async (req, _reply, payload) => {
      if (SAFE_METHODS.has(req.method)) return payload;
      const cached = this.live && !this.idle;
      const following = this.followers.filter((f) => f.holding);
      if (!cached && !following.length) return payload;
      try {
        await this.settled();
        await Promise.all(following.map((f) => f.caughtUp()));
      } catch {
        if (cached) this.forget(null);
        for (const f of following) f.lost();
      }
      return payload;
    });
  }

  private readonly followers: ChangeFollower[] = [];
  /** The broker followers hear through, when this cache itself is not attached (turned off). */
  private followersBroker: Broker | null = null;
  /** Write requests also wait for `follower` to apply their changes (it hears them through `broker`). */
  follow(follower: ChangeFollower, broker: Broker): void {
    this.followers.push(follower);
    this.followersBroker = broker;
  }

  private pendingSettle: Promise<void> | null = null;
  /**
   * One sync marker for the write requests answering in the same turn of the event loop: each asks
   * after its own commit, and the marker is sent after all of them asked, so it follows every commit.
   */
  private settled(): Promise<void> {
    const broker = this.broker ?? this.followersBroker;
    if (!broker) return Promise.resolve();
    this.pendingSettle ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.pendingSettle = null;
      return broker.settle();
    });
    return this.pendingSettle;
  }
}
