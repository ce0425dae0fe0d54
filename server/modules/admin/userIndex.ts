// The user list from memory (issue 15 §2): per large tenant, the columns the list filters and sorts by
// in compact arrays, kept in each sort's order (and, for case-insensitive prefixes, in the order of
// the lower-cased names), with the rest of each user's list row and a map of the departments. A page
// and its exact total come from here without a round trip to the database. listUsers (SQL) stays the
// answer for everything this index does not answer exactly: a super query, a reader's data rules,
// another field, rule or sort, a tenant below `minUsers`, a value the database would refuse.
//
// Exactness with PostgreSQL:
// * Text order is the database's collation: the index is on only when it orders by code point (C,
//   C.UTF-8, POSIX with the libc or builtin provider); strings are compared by code point here.
// * ILIKE lower-cases both sides with the database's lower(): the mapping is read from the database
//   at start (lower() of every code point up to U+1FFFF), so both fold alike whatever its ctype.
// * Dates are the display zone's wall clock (parseDisplayTime, as listSql's typed()); creation times
//   are kept in microseconds, as the database keeps them.
// * Ties are broken by id in the sort's direction (orderOf); NULL (sex) matches no condition.
//
// Kept current by the database's own notices: migration 0036's triggers name the users a statement
// changed ('boss_user_rows'), and 0060's those whose departments changed; every process re-reads
// those rows and patches its arrays. A change of the departments table ('boss_tables') reads the
// department map again. A write request of this process answers only after its change was applied
// here (ListCache's write hook, ChangeFollower). While the broker may miss a notice (its listener
// lost), nothing is answered from here, and the arrays are dropped and read again once it listens.
//
// This file is the process's part (which tenants, loading, change notices); one tenant's arrays are
// userIndexTenant.ts, a query over them userIndexQuery.ts, the rows of a page userIndexRows.ts, text
// order and case folding userIndexText.ts, reading a tenant from the database userIndexLoad.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { ListQuery } from '../../../contract/listQuery';
import { JsonText } from '../../http/envelope';
import { queryArrays, type Db } from '../../db/client';
import type { ChangeFollower } from '../../lib/listCache';
import { TOPIC_CHANNELS, type Broker } from '../../realtime/broker';
import { TenantIndex, type IndexedUser } from './userIndexTenant';
import { readTenant, readUsers, warmPaths } from './userIndexLoad';
import { findPage, SORT_FIELDS } from './userIndexQuery';
import { pageText, readDeparts, type Depart } from './userIndexRows';
import { CODE_POINT_COLLATIONS, Folding } from './userIndexText';
import { settleHeap } from '../../lib/heap';

export interface UserIndexOptions {
  /** Tenants with fewer users are listed by SQL (and take no memory here). */
  minUsers?: number;
  /** A tenant found below minUsers is counted again after this long. */
  recountMs?: number;
}
export const USER_INDEX_DEFAULTS: Required<UserIndexOptions> = { minUsers: 20_000, recountMs: 300_000 };

/** A tenant of at least this many users settles the heap when loaded (server/lib/heap.ts). */
const SETTLE_HEAP_FROM = 200_000;

type TenantState = { kind: 'small'; until: number } | { kind: 'counting' } | { kind: 'loading'; pending: Set<string> } | { kind: 'ready'; index: TenantIndex };

export class UserIndex implements ChangeFollower {
  private readonly opts: Required<UserIndexOptions>;
  private broker: Broker | null = null;
  /** Why the index is off for this database (null: on), once attach() has looked. */
  private off: string | null = 'not attached';
  private folding: Folding | null = null;
  private foldingRead: Promise<Folding | null> | null = null;
  private readonly tenants = new Map<string, TenantState>();
  /** Changed users not yet re-read for the ready tenants, and the chain of re-reads. */
  private changed = new Set<string>();
  private applying: Promise<void> = Promise.resolve();
  private applyQueued = false;
  /** Re-reads queued or running: a page found meanwhile may miss a change already heard (keepable). */
  private inFlight = 0;
  /** Pages found while changes heard were not applied yet: answered, but never kept by the list cache. */
  private readonly behind = new WeakSet<object>();
  /** Every department by id (null until read, and after everything was dropped). */
  private departs: Map<string, Depart> | null = null;
  /** Counts department notices: a read of them that a notice overtook reads again. */
  private departsHeard = 0;
  /** Bumped whenever every tenant is dropped: a load or re-read started before it is thrown away. */
  private generation = 0;
  /** Pages answered here and calls left to SQL (tests, diagnostics). */
  readonly stats = { answered: 0, declined: 0, loads: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: UserIndexOptions = {},
  ) {
    this.opts = { ...USER_INDEX_DEFAULTS, ...opts };
  }

  /** Looks at the database's collation, then listens for changed users; on any failure the index stays off. */
  async attach(broker: Broker): Promise<void> {
    try {
      await this.start(broker);
    } catch (err) {
      this.off = `could not look at the database: ${(err as Error).message}`;
      this.log.warn(`user list index off: ${this.off}`);
    }
  }

  private async start(broker: Broker): Promise<void> {
    const [row] = await queryArrays(
      this.db,
      { name: '', sql: 'SELECT datcollate, datlocprovider::text FROM pg_database WHERE datname = current_database()', params: [] },
      {},
    );
    const [collate, provider] = [String(row?.[0] ?? ''), String(row?.[1] ?? '')];
    if (!CODE_POINT_COLLATIONS.has(collate) || (provider !== 'c' && provider !== 'b')) {
      this.off = `the database collation ${collate} (provider ${provider}) does not order text by code point`;
      this.log.info(`user list index off: ${this.off}`);
      return;
    }
    this.broker = broker;
    this.off = null;
    broker.onTopic(TOPIC_CHANNELS.userRows, (payload) => this.heard(payload));
    // A row shows its departments' names in their order: a change of the departments reads them again
    // (who is in which comes above, by user).
    broker.onTopic(TOPIC_CHANNELS.tables, (table) => {
      if (table === null || table === 'departments') this.queueDeparts();
    });
    void this.warm();
  }

  /** At start, in the background: loads the tenants that have minUsers users (the others load when first listed, if they grew). */
  private async warm(): Promise<void> {
    if (this.opts.minUsers <= 0) return;
    const generation = this.generation;
    try {
      const rows = await queryArrays(
        this.db,
        { name: '', sql: 'SELECT t, count(*)::int FROM users, unnest(tenant_ids) AS t GROUP BY t HAVING count(*) >= $1', params: [this.opts.minUsers] },
        {},
      );
      for (const [tenantId] of rows) if (generation === this.generation && !this.tenants.has(String(tenantId))) this.begin(String(tenantId));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: counting tenants at start failed');
    }
  }

  detach(): void {
    this.off = 'detached';
    this.broker = null;
    this.dropAll();
  }

  /** Answers pages now (the database's order is code points and every change is heard). */
  get live(): boolean {
    return this.off === null && this.broker?.listening === true;
  }

  get holding(): boolean {
    if (!this.live) return false;
    for (const s of this.tenants.values()) if (s.kind === 'ready' || s.kind === 'loading') return true;
    return false;
  }

  caughtUp(): Promise<void> {
    return this.applying;
  }

  lost(): void {
    this.dropAll();
  }

  /** Users of the tenant held here (0 when not loaded). */
  sizeOf(tenantId: string): number {
    const s = this.tenants.get(tenantId);
    return s?.kind === 'ready' ? s.index.size : 0;
  }

  /** Resolves once the tenant is loaded (or found too small); tests and warm-up. */
  async ready(tenantId: string): Promise<void> {
    for (;;) {
      const s = this.tenants.get(tenantId);
      if (!this.live || s?.kind === 'ready' || s?.kind === 'small') return;
      if (!s) this.begin(tenantId);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private dropAll(): void {
    this.generation++;
    this.tenants.clear();
    this.changed.clear();
    this.departs = null;
  }

  /** Reads the departments again, after the changes heard before (a write request waits for it, as for those). */
  private queueDeparts(): void {
    this.departsHeard++;
    if (!this.departs) return;
    this.inFlight++;
    this.applying = this.applying.then(async () => {
      try {
        await this.readDeparts();
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'user list index: re-reading departments failed; dropped');
        this.dropAll();
      } finally {
        this.inFlight--;
      }
    });
  }

  private async readDeparts(): Promise<void> {
    const generation = this.generation;
    for (;;) {
      const heard = this.departsHeard;
      const departs = await readDeparts(this.db);
      if (generation !== this.generation) return;
      if (heard !== this.departsHeard) continue;
      this.departs = departs;
      return;
    }
  }

  private heard(payload: string | null): void {
    // A listener lost, or too many changes to name: everything is read again when next asked for.
    if (payload === null || payload === '*') return this.dropAll();
    let ids: string[];
    try {
      ids = JSON.parse(payload) as string[];
    } catch {
      return this.dropAll();
    }
    for (const s of this.tenants.values()) if (s.kind === 'loading') for (const id of ids) s.pending.add(id);
    for (const id of ids) this.changed.add(id);
    if (this.applyQueued) return;
    this.applyQueued = true;
    this.inFlight++;
    this.applying = this.applying.then(async () => {
      this.applyQueued = false;
      try {
        await this.applyChanged();
      } finally {
        this.inFlight--;
      }
    });
  }

  /** Re-reads the changed users and patches the ready tenants (those ready when the read starts). */
  private async applyChanged(): Promise<void> {
    const ids = [...this.changed];
    this.changed.clear();
    if (!ids.length) return;
    const generation = this.generation;
    const ready: TenantIndex[] = [];
    for (const s of this.tenants.values()) if (s.kind === 'ready') ready.push(s.index);
    if (!ready.length) return;
    try {
      const rows = await this.readUsers(ids);
      if (generation !== this.generation) return;
      for (const index of ready) this.patch(index, ids, rows);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: re-reading changed users failed; dropped');
      this.dropAll();
    }
  }

  private readUsers(ids: string[]): Promise<Map<string, { user: IndexedUser; tenants: string[] }>> {
    return readUsers(this.db, ids);
  }

  private patch(index: TenantIndex, ids: string[], rows: Map<string, { user: IndexedUser; tenants: string[] }>): void {
    try {
      for (const id of ids) {
        const row = rows.get(id);
        index.put(id, row && row.tenants.includes(index.tenantId) ? row.user : null);
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: patch failed; tenant dropped');
      this.tenants.delete(index.tenantId);
    }
  }

  /** Starts counting (and, when large, loading) a tenant; the list is answered by SQL meanwhile. */
  private begin(tenantId: string): void {
    this.tenants.set(tenantId, { kind: 'counting' });
    const generation = this.generation;
    void (async () => {
      if (this.opts.minUsers > 0) {
        const [row] = await queryArrays(
          this.db,
          { name: '', sql: 'SELECT count(*)::int FROM users WHERE tenant_ids @> ARRAY[$1]::text[]', params: [tenantId] },
          {},
        );
        if (generation !== this.generation) return;
        if (Number(row?.[0] ?? 0) < this.opts.minUsers) {
          this.tenants.set(tenantId, { kind: 'small', until: Date.now() + this.opts.recountMs });
          return;
        }
      }
      await this.load(tenantId, generation);
    })().catch((err: Error) => {
      this.log.warn({ err: err.message, tenantId }, 'user list index: loading failed');
      if (generation === this.generation) this.tenants.delete(tenantId);
    });
  }

  private async load(tenantId: string, generation: number): Promise<void> {
    const started = performance.now();
    const state = { kind: 'loading' as const, pending: new Set<string>() };
    this.tenants.set(tenantId, state);
    // The database's lower() is read when the first large tenant loads, not at every start: most
    // databases (and every test app) have no tenant this large.
    this.foldingRead ??= Folding.read(this.db).then(
      (folding) => {
        if (!folding) this.log.info("user list index: the database's lower() is not one code point per code point; contains/starts-with filters stay on SQL");
        return (this.folding = folding);
      },
      (err: unknown) => {
        this.foldingRead = null;
        throw err;
      },
    );
    const index = new TenantIndex(tenantId, await this.foldingRead);
    if (!this.departs) await this.readDeparts();
    if (!(await readTenant(this.db, index, this.folding, () => generation === this.generation && this.tenants.get(tenantId) === state))) return;
    // Users changed while loading are read again until none is left; then the tenant is answered from here.
    while (state.pending.size) {
      const ids = [...state.pending];
      state.pending.clear();
      const rows = await this.readUsers(ids);
      if (generation !== this.generation || this.tenants.get(tenantId) !== state) return;
      this.patch(index, ids, rows);
      if (!this.tenants.has(tenantId)) return;
    }
    if (this.departs) warmPaths(index, this.folding, this.departs);
    // A large tenant's build leaves V8's next major collection due within seconds: it is done now,
    // and the next is put off (server/lib/heap.ts), not in the first second of the day that follows.
    const collecting = performance.now();
    if (index.size >= SETTLE_HEAP_FROM) settleHeap();
    const gcMs = Math.round(performance.now() - collecting);
    this.tenants.set(tenantId, { kind: 'ready', index });
    this.stats.loads++;
    const mb = (process.memoryUsage().heapUsed / 1048576).toFixed(0);
    this.log.info({ tenantId, users: index.size, ms: Math.round(performance.now() - started), gcMs, heapMb: mb }, 'user list index loaded');
  }

  /** The ready index of the tenant, starting to load it when first asked for. */
  private indexOf(tenantId: string): TenantIndex | null {
    const s = this.tenants.get(tenantId);
    if (s?.kind === 'ready') return s.index;
    if (!s || (s.kind === 'small' && Date.now() >= s.until)) this.begin(tenantId);
    return null;
  }

  /**
   * A page of the user list from memory, or null when this index does not answer it exactly (the
   * caller asks listUsers). `q` has no data rules applied: a reader with rules goes to SQL.
   */
  async list(q: ListQuery, tenantId: string): Promise<JsonText | null> {
    if (!this.live || q.superQuery || !SORT_FIELDS.has(q.sort.field)) return this.decline();
    // Changes heard and not applied yet (a re-read takes a round trip) are not waited for: the page is
    // answered as the index stands, and not kept (keepable). A write through this process answers
    // only once its changes are applied here (ListCache.installWriteHook), so its writer sees them; a
    // change from elsewhere shows within the re-read's round trip. Waiting for it (up to 50 ms, as
    // before) held every list of a busy day's edits and sign-ins: some re-read was nearly always under
    // way, and its round trip queued behind the writes for a connection (issue 15 §2).
    const index = this.indexOf(tenantId);
    if (!index) return this.decline();
    const behind = this.inFlight > 0;
    let ids: string[];
    let total: number;
    try {
      const found = findPage(index, q, this.folding);
      if (!found) return this.decline();
      ({ ids, total } = found);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: a page failed; tenant dropped');
      this.tenants.delete(tenantId);
      return this.decline();
    }
    const text = this.departs && pageText(index, ids, this.departs, tenantId, { total, size: q.pageSize, current: q.pageNo });
    // A department not read yet: the database answers this once.
    if (!text) return this.decline();
    this.stats.answered++;
    const page = new JsonText(text);
    if (behind) this.behind.add(page);
    return page;
  }

  /** Whether the list cache may keep a page this index answered (it had applied every change heard). */
  keepable(page: object): boolean {
    return !this.behind.has(page);
  }

  private decline(): null {
    this.stats.declined++;
    return null;
  }
}
