// Per-process cache of what the access guard reads on every request: the session of an access
// token, the user with their groups, and the user's permission lists with the decisions taken on
// them. Without it each call paid five or six queries before its handler ran.
//
// An entry lives at most ttlMs, and is dropped at once when what it was read from changes: by this
// process's writers (forgetAuth, after commit) and, for every process, by the database itself
// (migration 0009's triggers NOTIFY 'boss_auth' on commit; the broker delivers it here). Nothing is
// cached while the broker cannot promise delivery (its listener lost), so a change made elsewhere is
// never missed for longer than the reconnect. A read that started before a change is not stored
// after it (the epoch check), so an invalidation cannot be undone by a slow read.
import { LRUCache } from 'lru-cache';
import { hasPermission, type PermissionLists } from '../../../contract/permission';
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/tokens';
import { TOPIC_CHANNELS, type Broker } from '../../realtime/broker';
import { permissionLists } from '../resources/service';
import { groupsOf, userById, type UserRow } from '../user/service';
import { parseAuthMessage, registerForgetter, type AuthChange, type AuthForgetter } from './authChanges';
import { liveSession, sessionByAccessHash, type SessionRow } from './service';

export interface AuthCacheOptions {
  /** Longest life of an entry (the bound if an invalidation were ever lost). */
  ttlMs?: number;
  /** Entries per kind (sessions, users, permission lists). */
  max?: number;
}
export const AUTH_CACHE_DEFAULTS: Required<AuthCacheOptions> = { ttlMs: 10_000, max: 20_000 };

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

export class AuthCache implements AuthForgetter {
  private readonly sessions: LRUCache<string, SessionRow>;
  private readonly members: LRUCache<string, Member>;
  private readonly grants: LRUCache<string, Grants>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  private epoch = 0;
  private broker: Broker | null = null;
  private readonly unregister: () => void;

  constructor(
    private readonly db: Db,
    opts: AuthCacheOptions = {},
  ) {
    const { ttlMs, max } = { ...AUTH_CACHE_DEFAULTS, ...opts };
    const o = { max, ttl: ttlMs, ttlAutopurge: false };
    this.sessions = new LRUCache<string, SessionRow>(o);
    this.members = new LRUCache<string, Member>(o);
    this.grants = new LRUCache<string, Grants>(o);
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
    return liveSession(await this.through(this.sessions, hash, 's', () => sessionByAccessHash(this.db, hash)));
  }

  /** The user and their groups; undefined when the user no longer exists. */
  member(userId: string): Promise<Member | undefined> {
    return this.through(this.members, userId, 'm', async () => {
      const user = await userById(this.db, userId);
      return user && { user, groups: await groupsOf(this.db, userId) };
    });
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
    return this.through(this.grants, grantKey(userId, tenantId), 'g', async () => ({
      lists: await permissionLists(this.db, userId, tenantId),
      decided: new Map<string, boolean>(),
      memo: new Map<string, { value: unknown }>(),
    }));
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
    const epoch = this.epoch;
    const value = await read();
    if (g && epoch === this.epoch && this.live) g.memo.set(key, { value });
    return value;
  }

  forget(change: AuthChange): void {
    this.epoch++;
    this.inflight.clear();
    if (change === 'all') {
      this.sessions.clear();
      this.members.clear();
      this.grants.clear();
      return;
    }
    const users = new Set(change.users);
    for (const id of users) this.members.delete(id);
    const stale: string[] = [];
    for (const key of this.grants.keys()) if (users.has(userOfGrantKey(key))) stale.push(key);
    for (const key of stale) this.grants.delete(key);
    const gone: string[] = [];
    for (const [hash, s] of this.sessions.entries()) if (users.has(s.userId)) gone.push(hash);
    for (const hash of gone) this.sessions.delete(hash);
  }

  /** Entries held now (tests). */
  get size(): number {
    return this.sessions.size + this.members.size + this.grants.size;
  }

  /**
   * The cached value, else one read shared by concurrent callers and stored only if no change was
   * heard while it ran. Not-found results are never stored.
   */
  private async through<T extends object>(cache: LRUCache<string, T>, key: string, kind: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.live) return read();
    const hit = cache.get(key);
    if (hit) return hit;
    const flight = `${kind}:${key}`;
    const pending = this.inflight.get(flight) as Promise<T | undefined> | undefined;
    if (pending) return pending;
    const epoch = this.epoch;
    const p = read()
      .then((v) => {
        if (v && epoch === this.epoch && this.live) cache.set(key, v);
        return v;
      })
      .finally(() => {
        if (this.inflight.get(flight) === p) this.inflight.delete(flight);
      });
    this.inflight.set(flight, p);
    return p;
  }
}
