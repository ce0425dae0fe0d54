// The list cache (server/lib/listCache.ts) on the user list: a repeated page is answered without the
// database, and every change to a table the list reads shows on the very next call — made through
// the app, or behind its back in SQL (migration 0011's triggers announce it) — in this process and
// in a second app instance on the same PostgreSQL. Entries live 10 minutes here, so nothing but
// invalidation can explain a change being seen.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_P } from '../../contract/api/admin';
import { encodePassword } from '../../contract/crypto';
import { ListCache } from '../../server/lib/listCache';
import { USER_LIST_TABLES } from '../../server/modules/admin/userQuery';
import { STATS_TABLES } from '../../server/modules/workbench/stats';
import type { Broker, TopicChannel, TopicHandler } from '../../server/realtime/broker';
import { BACKENDS, call, login, startApp, startPeerApp, type BackendName, type TestApp, until } from './helpers';

const LONG = { ttlMs: 600_000 };
const PAGE = { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' };

interface Row {
  id: string;
  username: string;
  realname: string;
  orgCodeTxt: string | null;
}

describe.each(BACKENDS)('list cache on %s', (backend: BackendName) => {
  let t: TestApp;
  let admin: string;
  const list = async (app = t.app, token = admin, query: Record<string, string> = PAGE): Promise<Row[]> => {
    const res = await call(app, 'GET', ADMIN_P.userList, undefined, { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as { records: Row[] }).records;
  };
  const cache = () => t.app.listCache;

  beforeAll(async () => {
    t = await startApp(backend, { listCache: LONG });
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => t?.close());

  it('answers a repeated page from the cache, the same as the database gave it', async () => {
    const first = await list();
    const { hits, reads } = cache().stats;
    const again = await list();
    expect(again).toEqual(first);
    expect(cache().stats.hits).toBe(hits + 1);
    expect(cache().stats.reads).toBe(reads);
    // Another page, filter or sort is another entry.
    await list(t.app, admin, { ...PAGE, order: 'asc' });
    expect(cache().stats.reads).toBe(reads + 1);
  });

  it('shows a user added through the app on the next call', async () => {
    await list();
    const add = await call(
      t.app,
      'POST',
      ADMIN_P.userAdd,
      { username: 'cache_new', realname: '缓存新人', password: encodePassword('Cache@2026'), mobile: '13900000077', selecteddeparts: 'd-a01a01' },
      { token: admin, signed: true },
    );
    expect(add.statusCode, add.body).toBe(200);
    expect((await list()).map((r) => r.username)).toContain('cache_new');
  });

  it('keeps the pages a write did not touch: a refused write or a sign-in drops nothing', async () => {
    await list();
    const { reads, hits } = cache().stats;
    const size = cache().size;
    const refused = await call(t.app, 'POST', ADMIN_P.userAdd, { username: '' }, { token: admin, signed: true });
    expect(refused.statusCode).toBe(400);
    await login(t.app, 'operator'); // writes sessions and the login log, not what the list reads
    expect(cache().size).toBe(size);
    await list();
    expect(cache().stats.reads).toBe(reads);
    expect(cache().stats.hits).toBe(hits + 1);
  });

  it('a write answers only after its change reached the cache: the next call sees it, concurrent writes too', async () => {
    const rows = await list();
    const edits = await Promise.all(
      rows.slice(0, 3).map((r, i) => call(t.app, 'PUT', ADMIN_P.userEdit, { id: r.id, realname: `并发改名${i}` }, { token: admin, signed: true })),
    );
    for (const e of edits) expect(e.statusCode, e.body).toBe(200);
    const after = await list();
    expect(rows.slice(0, 3).map((r) => after.find((a) => a.id === r.id)?.realname)).toEqual(['并发改名0', '并发改名1', '并发改名2']);
  });

  it('shows changes made in SQL to every table the list reads, on the next call', async () => {
    const before = await list();
    const top = before.find((r) => r.username === 'cache_new')!;
    expect(top.orgCodeTxt).toBeTruthy();

    await t.sql(`UPDATE users SET realname = '改名了' WHERE id = $1`, [top.id]); // users
    expect((await list()).find((r) => r.id === top.id)?.realname).toBe('改名了');

    await t.sql(`UPDATE departments SET depart_name = '缓存测试部' WHERE id = 'd-a01a01'`); // departments
    expect((await list()).find((r) => r.id === top.id)?.orgCodeTxt).toContain('缓存测试部');

    await t.sql(`DELETE FROM user_departs WHERE user_id = $1`, [top.id]); // user_departs
    expect((await list()).find((r) => r.id === top.id)?.orgCodeTxt).toBeNull();

    // Memberships and groups reach the list through users.tenant_ids (migration 0012's triggers).
    await t.sql(`DELETE FROM user_groups WHERE user_id = $1`, [top.id]); // out of the tenant
    expect((await list()).map((r) => r.id)).not.toContain(top.id);
    await t.sql(
      `INSERT INTO groups (id, group_name, group_type, tenant_id, system_id) SELECT 'g-cache', '缓存组', group_type, '1', system_id FROM groups WHERE id = 'g-org'`,
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, 'g-cache')`, [top.id]); // a group of tenant 1
    expect((await list()).map((r) => r.id)).not.toContain(top.id);
    await t.sql(`UPDATE groups SET tenant_id = '0' WHERE id = 'g-cache'`); // the group moves to tenant 0
    expect((await list()).map((r) => r.id)).toContain(top.id);
  });

  it('has the change notice on every table the user list reads (and the workbench summaries, for their figure cache)', async () => {
    const rows = await t.sql<{ table: string }>(
      `SELECT c.relname AS table FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid JOIN pg_proc p ON p.oid = tg.tgfoid
        WHERE p.proname = 'boss_table_changed' AND NOT tg.tgisinternal`,
    );
    expect(new Set(rows.map((r) => r.table))).toEqual(new Set([...USER_LIST_TABLES, ...STATS_TABLES]));
  });

  it('keeps nothing from a refused query and caches per tenant', async () => {
    const bad = await call(t.app, 'GET', ADMIN_P.userList, undefined, { token: admin, query: { ...PAGE, createTime_begin: '2024-13-45' } });
    expect(bad.statusCode).toBe(400);
    const size = cache().size;
    const again = await call(t.app, 'GET', ADMIN_P.userList, undefined, { token: admin, query: { ...PAGE, createTime_begin: '2024-13-45' } });
    expect(again.statusCode).toBe(400);
    expect(cache().size).toBe(size);
  });

  it.runIf(backend === 'postgres')('a change made on another process shows here within a second', async () => {
    const peer = await startPeerApp(t, { listCache: LONG });
    try {
      const token = (await login(peer.app, 'admin')).token;
      const before = await list(peer.app, token);
      const target = before[0];
      await list(peer.app, token); // now cached on the peer
      const edit = await call(t.app, 'PUT', ADMIN_P.userEdit, { id: target.id, realname: '另一进程改的' }, { token: admin, signed: true });
      expect(edit.statusCode, edit.body).toBe(200);
      const took = await until(
        'the edit on the peer',
        async () => (await list(peer.app, token)).find((r) => r.id === target.id)?.realname === '另一进程改的',
        1000,
      );
      expect(took).toBeLessThan(1000);
    } finally {
      await peer.close();
    }
  });
});

/** A broker that delivers what the test sends it. */
function fakeBroker() {
  const handlers = new Map<string, TopicHandler[]>();
  const broker = {
    kind: 'local',
    closed: false,
    listening: true,
    onTopic: (c: TopicChannel, h: TopicHandler) => handlers.set(c, [...(handlers.get(c) ?? []), h]),
    send: (c: TopicChannel, payload: string | null) => handlers.get(c)?.forEach((h) => h(payload)),
    settled: 0,
    settle: async () => void broker.settled++,
  };
  return broker as unknown as Broker & typeof broker;
}

describe('ListCache', () => {
  const deferred = <T>() => {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('caches nothing until attached to a broker that listens, nor while it has lost its listener', async () => {
    const c = new ListCache();
    let reads = 0;
    const read = async () => ({ n: ++reads });
    await c.through('k', ['users'], read);
    await c.through('k', ['users'], read);
    expect(reads).toBe(2);
    const b = fakeBroker();
    c.attach(b);
    await c.through('k', ['users'], read);
    await c.through('k', ['users'], read);
    expect(reads).toBe(3);
    b.listening = false;
    await c.through('k', ['users'], read);
    expect(reads).toBe(4);
  });

  it('drops the entries of a changed table only; a lost-notices signal drops all', async () => {
    const c = new ListCache();
    const b = fakeBroker();
    c.attach(b);
    let reads = 0;
    const read = async () => ({ n: ++reads });
    await c.through('a', ['users', 'departments'], read);
    await c.through('b', ['roles'], read);
    b.send('boss_tables', 'departments');
    expect(c.size).toBe(1);
    await c.through('b', ['roles'], read);
    expect(reads).toBe(2);
    b.send('boss_tables', null);
    expect(c.size).toBe(0);
  });

  it('shares one read among concurrent callers, and does not keep a read that a change overtook', async () => {
    const c = new ListCache();
    const b = fakeBroker();
    c.attach(b);
    const slow = deferred<{ v: string }>();
    let reads = 0;
    const first = c.through('k', ['users'], () => (reads++, slow.promise));
    const second = c.through('k', ['users'], () => (reads++, slow.promise));
    expect(reads).toBe(1);
    b.send('boss_tables', 'users'); // committed while the read ran: its answer may be old
    const third = c.through('k', ['users'], async () => (reads++, { v: 'new' }));
    slow.resolve({ v: 'old' });
    expect(await first).toEqual({ v: 'old' });
    expect(await second).toEqual({ v: 'old' });
    expect(await third).toEqual({ v: 'new' });
    expect(reads).toBe(2);
    // What is kept is the read that started after the change.
    expect(await c.through('k', ['users'], async () => (reads++, { v: 'other' }))).toEqual({ v: 'new' });
    expect(reads).toBe(2);
  });

  it('keeps no failed read', async () => {
    const c = new ListCache();
    c.attach(fakeBroker());
    await expect(c.through('k', ['users'], async () => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    expect(c.size).toBe(0);
  });

  it('makes a write request wait for the sync marker only while it keeps or reads a page', async () => {
    const c = new ListCache();
    const b = fakeBroker();
    c.attach(b);
    const app = Fastify();
    c.installWriteHook(app);
    app.post('/w', async () => ({ ok: true }));
    app.get('/r', async () => ({ ok: true }));
    const write = async () => expect((await app.inject({ method: 'POST', url: '/w', payload: {} })).statusCode).toBe(200);
    // Nothing kept, nothing being read: whatever is read from now on sees the write's commits.
    await write();
    expect(b.settled).toBe(0);
    // A read in flight may have started before the write committed: the write waits for its notices.
    const slow = deferred<{ v: string }>();
    const reading = c.through('k', ['users'], () => slow.promise);
    await write();
    expect(b.settled).toBe(1);
    slow.resolve({ v: 'page' });
    await reading;
    // A page kept: likewise.
    expect(c.size).toBe(1);
    await write();
    expect(b.settled).toBe(2);
    // Reads never wait.
    await app.inject({ method: 'GET', url: '/r' });
    expect(b.settled).toBe(2);
    b.send('boss_tables', null);
    await write();
    expect(b.settled).toBe(2);
    await app.close();
  });
});
