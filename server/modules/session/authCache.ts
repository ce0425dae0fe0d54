// Per-process cache of what the access guard reads on every request: the session of an access
// token, the user with their groups, and the user's permission lists with the decisions taken on
// them. Without it each call paid five or six queries before its handler ran.
//
// An entry lives at most ttlMs, and is dropped at once when what it was read from changes: by this
// process's writers (forgetAuth, after commit) and, for every process, by the database itself
// (migration 0009's triggers NOTIFY 'boss_auth' on commit; the broker delivers it here). Nothing is
// cached while the broker cannot promise delivery (its listener lost), so a change made elsewhere is
// never missed for longer than the reconnect. A read that started before a change of its user is
// not stored after it (the change sequence), so an invalidation cannot be undone by a slow read.
// The check is per user: a change of one user (an edit, a sign-in) does not stop the reads of every
// other user from being stored. With one epoch for all, a busy day's writes (a dozen a second) kept
// most reads that took longer than the gap between two writes out of the cache, and every request
// of those users paid the five or six queries again (issue 15 §2).
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { hasPermission, type PermissionLists } from '../../../contract/permission';
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/tokens';
import { TOPIC_CHANNELS, type Broker } from '../../realtime/broker';
import { catalogueRows, grantedIds, listsOf, type PermissionRow } from '../resources/service';
import { groupsOf, userById, type UserRow } from '../user/service';
import { parseAuthMessage, registerForgetter, usersOf, type AuthChange, type AuthForgetter } from './authChanges';
import { liveSession, sessionByAccessHash, type SessionRow } from './service';

export interface AuthCacheOptions {
  /** Longest life of an entry (the bound if an invalidation were ever lost). */
  ttlMs?: number;
  /** Entries per kind (sessions, users, permission lists). */
  max?: number;
}
// Every change is announced (migration 0009 and those after it), so the life of an entry is only the
// bound on a lost notice, and nothing is cached while one could be lost. It was 10 s: every signed-in
// user then read their session, groups and grants again every 10 s, and users who signed in together
// (a morning, the benchmark's day) all read them again in the same second (issue 15 §2). Entries now
// live 48–60 s, each its own length, so those that were read together expire apart.
export const AUTH_CACHE_DEFAULTS: Required<AuthCacheOptions> = { ttlMs: 60_000, max: 20_000 };
/** An entry lives between this share of ttlMs and all of it. */
const TTL_SPREAD = 0.8;
/**
 * An entry asked for in the last part of its life (this share of ttlMs) is read again in the
 * background while it is still served: a user who keeps working never waits for the re-read. When
 * entries simply expired, a busy day's requests met them expiring a few a second, and each then
 * waited for three reads (session, user, grants) behind the writes' transactions in the pool: up to
 * 1.3 s, the slowest 1% of the list in the day's first seconds (issue 15 §2). The bound on a lost
 * notice is unchanged: no entry is served past its life, and a refreshed one is a fresh read.
 */
const REFRESH_AHEAD = 0.25;
/**
 * Refreshes of entries still served run this many at a time (the pool's other connections stay free
 * for the reads a request waits for). Users who signed in together come back together: a hundred of
 * them returning after a pause refreshed 300 entries at once, and the reads that requests did wait
 * for (a changed user, a data rule) queued behind them for up to 470 ms (issue 15 §2). A refresh
 * not yet started when its entry ends is simply a read at the next request.
 */
export const REFRESH_LANES = 2;

export interface Member {
  user: UserRow;
  groups: Awaited<ReturnType<typeof groupsOf>>;
}
interface Grants {
  lists: PermissionLists;
  /** Permission expression → allowed, computed once per entry. */
  decided: Map<string, boolean>;
  /** Other answers that depend on the user's grants in the tenant (the data rules they are held to), by key. */
  memo: Map<string, { value: unknown }>;
}

/** The cache of each app's database handle: what code outside the guard reads grants through. */
const caches = new WeakMap<Db, AuthCache>();
export const authCacheOf = (db: Db): AuthCache | undefined => caches.get(db);

/** Grants are per user and tenant: a role counts only in its own tenant. */
const grantKey = (userId: string, tenantId: string) => `${userId}\u0000${tenantId}`;
const userOfGrantKey = (key: string) => key.slice(0, key.indexOf('\u0000'));
/** The user of an in-flight read of a member ('m:<user>') or of grants ('g:<user>\0<tenant>'). */
const userOfFlight = (flight: string) => (flight.startsWith('g:') ? userOfGrantKey(flight.slice(2)) : flight.slice(2));
/**
 * A change of at most this many users' own rows reads again, at once, the entries of those of them
 * held here; a larger one (an import, a bulk edit) only drops them. Before, the entry was dropped and
 * the user's next request waited for the read behind the writes in the pool: on a busy day the edits
 * renamed signed-in users, whose next lists waited 100–300 ms, and a hundred users renamed while away
 * waited up to 1.5 s on their return, all at once (issue 15 §2).
 */
const EAGER_MEMBERS_MAX = 100;
/** Users remembered as changed before a change of one more counts as a change of everything. */
const FORGOTTEN_MAX = 10_000;

export class AuthCache implements AuthForgetter {
  private readonly sessions: LRUCache<string, SessionRow>;
  private readonly members: LRUCache<string, Member>;
  private readonly grants: LRUCache<string, Grants>;
  /** Answers for every user (shared()), by key: the permission catalogue among them. */
  private readonly sharedAnswers: LRUCache<string, { value: unknown }>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  /** Refreshes queued or running (one per entry), and the lane they run in. */
  private readonly refreshing = new Set<string>();
  private readonly refreshLane = pLimit(REFRESH_LANES);
  /** Reads of the permission catalogue, and the most refreshes seen running at once (tests). */
  readonly stats = { catalogueReads: 0, refreshPeak: 0 };
  /** Counts changes heard; a read remembers it when it starts. */
  private seq = 0;
  /** `seq` of the last change of everything. */
  private allAt = 0;
  /** `seq` of the last change of each user heard since `allAt` (bounded: past FORGOTTEN_MAX it becomes a change of everything). */
  private readonly forgotAt = new Map<string, number>();
  private broker: Broker | null = null;
  private readonly unregister: () => void;

  private readonly ttlMs: number;

  constructor(
    private readonly db: Db,
    opts: AuthCacheOptions = {},
  ) {
    const { ttlMs, max } = { ...AUTH_CACHE_DEFAULTS, ...opts };
    this.ttlMs = ttlMs;
    const o = { max, ttl: ttlMs, ttlAutopurge: false };
    this.sessions = new LRUCache<string, SessionRow>(o);
    this.members = new LRUCache<string, Member>(o);
    this.grants = new LRUCache<string, Grants>(o);
    this.sharedAnswers = new LRUCache<string, { value: unknown }>({ ...o, max: 1_000 });
    this.unregister = registerForgetter(db, this);
    caches.set(db, this);
  }

  /** Starts caching: from now on the broker tells this cache about every committed change. */
  attach(broker: Broker): void {
    this.broker = broker;
    broker.onTopic(TOPIC_CHANNELS.authCache, (payload) => this.forget(parseAuthMessage(payload)));
    this.forget('all');
  }

  detach(): void {
    this.broker = null;
    this.unregister();
    this.forget('all');
  }

  /** Caching only while every change is sure to reach this process. */
  get live(): boolean {
    return this.broker?.listening === true;
  }

  /** The live session of an access token, or the 401 that explains why there is none. */
  async session(token: string): Promise<SessionRow> {
    const hash = sha256(token);
    return liveSession(
      await this.through(
        this.sessions,
        hash,
        's',
        (s) => s.userId,
        () => sessionByAccessHash(this.db, hash),
      ),
    );
  }

  /** The user and their groups; undefined when the user no longer exists. */
  member(userId: string): Promise<Member | undefined> {
    return this.through(this.members, userId, 'm', () => userId, this.memberRead(userId));
  }

  private memberRead(userId: string): () => Promise<Member | undefined> {
    return async () => {
      const user = await userById(this.db, userId);
      return user && { user, groups: await groupsOf(this.db, userId) };
    };
  }

  /**
   * Whether the user holds `permission` in `tenantId` (a code, or several separated by commas: any
   * one suffices). Only the user's roles of that tenant count.
   */
  async allows(userId: string, tenantId: string, permission: string): Promise<boolean> {
    const g = await this.grantsOf(userId, tenantId);
    if (!g) return false;
    let ok = g.decided.get(permission);
    if (ok === undefined) {
      ok = hasPermission(permission, g.lists);
      g.decided.set(permission, ok);
    }
    return ok;
  }

  private grantsOf(userId: string, tenantId: string): Promise<Grants | undefined> {
    return this.through(
      this.grants,
      grantKey(userId, tenantId),
      'g',
      () => userId,
      async () => ({
        lists: listsOf(...(await Promise.all([this.catalogue(), grantedIds(this.db, userId, tenantId)]))),
        decided: new Map<string, boolean>(),
        memo: new Map<string, { value: unknown }>(),
      }),
    );
  }

  /**
   * The permission catalogue, one for every user: kept until any change of it (a permission change
   * is a change of everything, migration 0009). It was read with every user's grants before, and it
   * is the guard's largest read (every row of the catalogue).
   */
  private catalogue(): Promise<PermissionRow[]> {
    return this.shared('catalogue', () => {
      this.stats.catalogueReads++;
      return catalogueRows(this.db);
    });
  }

  /**
   * `read()`'s answer for every user, kept until any change of everything (a change of roles, grants,
   * rules or permissions is one, migration 0009 and 0020). For answers that depend on no user, such as
   * whether any role of a tenant is held to a rule of a menu. Uncached while the cache is not live.
   */
  async shared<T>(key: string, read: () => Promise<T>): Promise<T> {
    const hit = await this.through(
      this.sharedAnswers,
      key,
      'a',
      () => '',
      async () => ({ value: (await read()) as unknown }),
    );
    return hit!.value as T;
  }

  /**
   * Reads what the first requests of a session just signed in will need (its row, the user and their
   * groups, their grants in the tenant), in the background: the client asks for its menu and first page
   * at once, and 100 users signing in together made 100 first requests wait for these reads at once.
   * Nothing is read that a request would not read; a failure is the request's to meet.
   */
  warm(token: string, userId: string, tenantId: string | null): void {
    if (!this.live) return;
    void Promise.all([this.session(token), this.member(userId), tenantId === null ? null : this.grantsOf(userId, tenantId)]).catch(() => undefined);
  }

  /**
   * `read()`'s answer for this user in this tenant, kept with their grants and dropped with them
   * (any change of their roles, of a role's grants or data rules: migration 0020 adds the rule
   * tables to the triggers). Uncached while the cache is not live.
   */
  async memo<T>(userId: string, tenantId: string, key: string, read: () => Promise<T>): Promise<T> {
    if (!this.live) return read();
    const g = await this.grantsOf(userId, tenantId);
    const hit = g?.memo.get(key);
    if (hit) return hit.value as T;
    const started = this.seq;
    const value = await read();
    if (g && this.unchangedSince(userId, started) && this.live) g.memo.set(key, { value });
    return value;
  }

  forget(change: AuthChange): void {
    const seq = ++this.seq;
    if (change === 'all' || this.forgotAt.size + usersOf(change).length > FORGOTTEN_MAX) {
      this.allAt = seq;
      this.forgotAt.clear();
      this.inflight.clear();
      this.sessions.clear();
      this.members.clear();
      this.grants.clear();
      this.sharedAnswers.clear();
      return;
    }
    if ('members' in change) {
      // A user's own row changed: their entry, and the answers kept with their grants (which may
      // read that row), are read again; their sessions and grants are not made of it.
      const eager = change.members.length <= EAGER_MEMBERS_MAX;
      for (const id of change.members) {
        this.forgotAt.set(id, seq);
        const held = this.members.delete(id);
        const reading = this.inflight.delete(`m:${id}`);
        for (const [key, g] of this.grants.entries()) if (userOfGrantKey(key) === id) g.memo.clear();
        // Held or being read: a user active here. Read again now, not at their next request (a read
        // started after the change: their next request shares it, or finds it done). A change heard
        // twice (from its writer here, then from the database) restarts the read the first began.
        if ((held || reading) && eager && this.live) void this.reread(this.members, id, `m:${id}`, () => id, this.memberRead(id)).catch(() => undefined);
      }
      return;
    }
    const users = new Set(change.users);
    for (const id of users) this.forgotAt.set(id, seq);
    // A caller from now on must not share a read that started before the change: the reads of these
    // users, and every session read (whose user is known only once it is read).
    for (const flight of [...this.inflight.keys()]) if (flight.startsWith('s:') || users.has(userOfFlight(flight))) this.inflight.delete(flight);
    for (const id of users) this.members.delete(id);
    const stale: string[] = [];
    for (const key of this.grants.keys()) if (users.has(userOfGrantKey(key))) stale.push(key);
    for (const key of stale) this.grants.delete(key);
    const gone: string[] = [];
    for (const [hash, s] of this.sessions.entries()) if (users.has(s.userId)) gone.push(hash);
    for (const hash of gone) this.sessions.delete(hash);
  }

  /** The user's entry if held now, without reading or refreshing it (tests). */
  heldMember(userId: string): Member | undefined {
    return this.members.peek(userId);
  }

  /** Entries held now (tests). */
  get size(): number {
    return this.sessions.size + this.members.size + this.grants.size;
  }

  /**
   * The cached value, else one read shared by concurrent callers and stored only if no change was
   * heard while it ran. Not-found results are never stored.
   */
  /** Whether no change of this user (nor of everything) was heard since `seq` was `started`. */
  private unchangedSince(userId: string, started: number): boolean {
    return this.allAt <= started && (this.forgotAt.get(userId) ?? 0) <= started;
  }

  private async through<T extends object>(
    cache: LRUCache<string, T>,
    key: string,
    kind: string,
    userOf: (value: T) => string,
    read: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    if (!this.live) return read();
    const hit = cache.get(key);
    const flight = `${kind}:${key}`;
    if (hit) {
      if (cache.getRemainingTTL(key) <= this.ttlMs * REFRESH_AHEAD && !this.inflight.has(flight) && !this.refreshing.has(flight)) {
        this.refreshing.add(flight);
        void this.refreshLane(async () => {
          // A read a request started meanwhile (the entry ended, or changed) is already the refresh.
          if (this.inflight.has(flight) || !cache.has(key)) return;
          this.stats.refreshPeak = Math.max(this.stats.refreshPeak, this.refreshLane.activeCount);
          await this.reread(cache, key, flight, userOf, read);
        })
          .catch(() => undefined)
          .finally(() => this.refreshing.delete(flight));
      }
      return hit;
    }
    const pending = this.inflight.get(flight) as Promise<T | undefined> | undefined;
    if (pending) return pending;
    return this.reread(cache, key, flight, userOf, read);
  }

  /** Reads an entry (one read at a time per entry) and keeps it unless its user changed meanwhile. */
  private reread<T extends object>(
    cache: LRUCache<string, T>,
    key: string,
    flight: string,
    userOf: (value: T) => string,
    read: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const started = this.seq;
    const p = read()
      .then((v) => {
        if (v && this.unchangedSince(userOf(v), started) && this.live)
          cache.set(key, v, { ttl: Math.round(this.ttlMs * (TTL_SPREAD + (1 - TTL_SPREAD) * Math.random())) });
        // Gone (a refresh of an entry whose row was deleted): not served again.
        else if (!v) cache.delete(key);
        return v;
      })
      .finally(() => {
        if (this.inflight.get(flight) === p) this.inflight.delete(flight);
      });
    this.inflight.set(flight, p);
    return p;
  }
}
