// The guard's auth cache (server/modules/session/authCache.ts): repeated calls are served from it,
// and every change that affects a session, a user or a permission takes effect on the very next
// call — made through the app, or behind its back in SQL (the database's triggers announce it) —
// in this process and in a second app instance on the same PostgreSQL. The entries live 10 minutes
// here, so nothing but invalidation can explain a change being seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_P } from '../../contract/api/admin';
import { P } from '../../contract/api/paths';
import { RBAC } from '../../contract/api/rbac';
import { MSG } from '../../contract/messages';
import type { BossApp } from '../../server/app';
import { brokerOf, TOPIC_CHANNELS } from '../../server/realtime/broker';
import { createSession } from '../../server/modules/session/service';
import { REFRESH_LANES } from '../../server/modules/session/authCache';
import { BACKENDS, call, login, startApp, startPeerApp, type BackendName, type TestApp, until } from './helpers';

const LONG = { ttlMs: 600_000 };

let markers = 0;
/**
 * Waits until this app has heard every change notice sent so far: notices reach a listener in
 * commit order, so once a marker sent now arrives, the earlier ones have.
 */
async function settle(t: TestApp): Promise<void> {
  const marker = `u:settle-${++markers}`;
  let heard = false;
  brokerOf(t.database.db)!.onTopic(TOPIC_CHANNELS.authCache, (p) => (heard ||= p === marker));
  await t.sql(`SELECT pg_notify('boss_auth', $1)`, [marker]);
  await until('notices settled', async () => heard);
}

/** A user of group g-org with these roles and a fresh session (no sign-in needed). */
async function userWith(t: TestApp, name: string, roleIds: string[]): Promise<{ id: string; token: string }> {
  const id = `u-${name}`;
  await t.sql(`INSERT INTO users (id, username, realname, password_hash) VALUES ($1, $2, $2, 'x')`, [id, name]);
  await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, 'g-org')`, [id]);
  for (const r of roleIds) await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [id, r]);
  const { token } = await createSession(t.database.db, { userId: id, groupId: 'g-org' });
  return { id, token };
}

/** A role holding the role-list page and button. */
async function viewerRole(t: TestApp, code: string): Promise<string> {
  const id = `r-${code}`;
  await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ($1, $2, $2, '0')`, [id, code]);
  await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ($1, 'm-system'), ($1, 'm-system-role'), ($1, 'b-role-list')`, [id]);
  return id;
}

const status = async (app: BossApp, token: string, path: string = RBAC.roleList) => (await call(app, 'GET', path, undefined, { token })).statusCode;

describe.each(BACKENDS)('auth cache on %s', (backend: BackendName) => {
  let t: TestApp;
  let admin: string;
  const post = (p: string, body: unknown, token = admin) => call(t.app, 'POST', p, body, { token, signed: true });
  const put = (p: string, body: unknown, token = admin) => call(t.app, 'PUT', p, body, { token, signed: true });

  beforeAll(async () => {
    t = await startApp(backend, { authCache: LONG });
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => t?.close());

  /** A viewer who made a request (their entries held), then renamed in SQL; `before`: the entries held before the rename. */
  const renamedViewer = async (name: string, realname: string) => {
    const role = await viewerRole(t, name);
    const u = await userWith(t, name, [role]);
    await settle(t);
    expect(await status(t.app, u.token)).toBe(200);
    const before = t.app.authCache.size;
    await t.sql(`UPDATE users SET realname = $2 WHERE id = $1`, [u.id, realname]);
    await settle(t);
    return { u, role, before };
  };

  it('answers repeated calls from the cache: one session, user and permission entry per user', async () => {
    expect(t.app.authCache.live).toBe(true);
    const role = await viewerRole(t, 'cache_reader');
    const u = await userWith(t, 'cache_reader', [role]);
    await settle(t);
    const before = t.app.authCache.size;
    expect(await status(t.app, u.token)).toBe(200);
    expect(t.app.authCache.size).toBe(before + 3);
    for (let i = 0; i < 5; i++) expect(await status(t.app, u.token)).toBe(200);
    expect(t.app.authCache.size).toBe(before + 3);
    // An unknown token is refused and never stored.
    expect(await status(t.app, 'no-such-token')).toBe(401);
    expect(t.app.authCache.size).toBe(before + 3);
  });

  it('a sign-in reads what its first request needs in the background: that request reads nothing', async () => {
    await settle(t);
    const before = t.app.authCache.size;
    const { token } = await login(t.app, 'operator');
    // The session, the user with their groups, and their grants in the tenant of their group.
    await until('warmed at sign-in', async () => t.app.authCache.size === before + 3);
    expect(await status(t.app, token, P.currentDeparts)).toBe(200);
    expect(t.app.authCache.size).toBe(before + 3);
  });

  it("a change of one user keeps the other users' reads that were under way; the changed user's read is neither kept nor shared", async () => {
    const a = await userWith(t, 'cache_busy_a', []);
    const b = await userWith(t, 'cache_busy_b', []);
    await settle(t);
    const cache = t.app.authCache;
    const before = cache.size;
    // B changes while A's read is under way (a busy day: edits and sign-ins of others all the time).
    const readA = cache.member(a.id);
    cache.forget({ users: [b.id] });
    expect((await readA)?.user.id).toBe(a.id);
    expect(cache.size).toBe(before + 1);
    // B's read began before B's change: its answer may be stale, so it is not stored, and a caller
    // after the change reads afresh instead of sharing it.
    const staleB = cache.member(b.id);
    cache.forget({ users: [b.id] });
    const freshB = cache.member(b.id);
    const [stale, fresh] = await Promise.all([staleB, freshB]);
    expect(stale?.user.id).toBe(b.id);
    expect(fresh).not.toBe(stale);
    expect(cache.size).toBe(before + 2);
    expect(await cache.member(b.id)).toBe(fresh);
  });

  it("a change of a user's own row (a new name, in SQL or the user form) reads only that user again, not their session and grants", async () => {
    const { u, before } = await renamedViewer('cache_profile', '改过名');
    // Never the old name: a caller from the change on shares the read that began with it.
    expect((await t.app.authCache.member(u.id))?.user.realname).toBe('改过名');
    expect(t.app.authCache.size, 'the session and grants kept, the user read again').toBe(before);
    expect(await status(t.app, u.token)).toBe(200);
    // The editor's own entries are read by the edit itself: read them first.
    expect(await status(t.app, admin)).toBe(200);
    const withEditor = t.app.authCache.size;
    const edit = await put(ADMIN_P.userEdit, { id: u.id, realname: '又改名' });
    expect(edit.statusCode).toBe(200);
    expect((await t.app.authCache.member(u.id))?.user.realname).toBe('又改名');
    // Heard twice on PostgreSQL (from the edit, then from the database): read again each time.
    await settle(t);
    await until('the edited user read again', async () => t.app.authCache.size === withEditor);
  });

  it('a user renamed while away is read again at once: their next request finds them read, with the new name', async () => {
    const { u, role, before } = await renamedViewer('cache_away', '离开时改名');
    // No request of theirs: the entry is back by itself, holding the new name.
    await until('the renamed user read again without a request', async () => t.app.authCache.size === before);
    expect(t.app.authCache.heldMember(u.id)?.user.realname).toBe('离开时改名');
    // A user never held here is not read because they changed.
    const other = await userWith(t, 'cache_never', [role]);
    await settle(t);
    await t.sql(`UPDATE users SET realname = '没来过' WHERE id = $1`, [other.id]);
    await settle(t);
    expect(t.app.authCache.heldMember(other.id)).toBeUndefined();
  });

  it('reads the permission catalogue once for all users, and again after it changed', async () => {
    const role = await viewerRole(t, 'cache_catalogue');
    const u1 = await userWith(t, 'cache_catalogue_1', [role]);
    const u2 = await userWith(t, 'cache_catalogue_2', [role]);
    await settle(t);
    expect(await status(t.app, u1.token)).toBe(200);
    const reads = t.app.authCache.stats.catalogueReads;
    expect(await status(t.app, u2.token)).toBe(200);
    expect(t.app.authCache.stats.catalogueReads).toBe(reads);
    await t.sql(`UPDATE permissions SET name = name WHERE id = 'b-role-list'`);
    await settle(t);
    expect(await status(t.app, u1.token)).toBe(200);
    expect(t.app.authCache.stats.catalogueReads).toBe(reads + 1);
  });

  it('a saved role permission refuses the role user on the next call, and a grant allows it', async () => {
    const role = await viewerRole(t, 'cache_grant');
    const u = await userWith(t, 'cache_grant', [role]);
    expect(await status(t.app, u.token)).toBe(200);
    await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-system', lastpermissionIds: 'm-system,m-system-role,b-role-list' });
    expect(await status(t.app, u.token)).toBe(403);
    await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-system,m-system-role,b-role-list', lastpermissionIds: 'm-system' });
    expect(await status(t.app, u.token)).toBe(200);
  });

  it('a switched-off permission is refused to everyone at once', async () => {
    const role = await viewerRole(t, 'cache_switch');
    const u = await userWith(t, 'cache_switch', [role]);
    expect(await status(t.app, u.token)).toBe(200);
    await t.sql(`UPDATE permissions SET status = '0' WHERE id = 'b-role-list'`);
    try {
      // Changed in SQL, not through the app: only the database's notice can tell the cache.
      await until('switch-off seen', async () => (await status(t.app, u.token)) === 403);
    } finally {
      await t.sql(`UPDATE permissions SET status = '1' WHERE id = 'b-role-list'`);
    }
    await until('switch-on seen', async () => (await status(t.app, u.token)) === 200);
  });

  it('force logout, logout and a token refresh end the old access token at once', async () => {
    const op = await login(t.app, 'operator');
    expect(await status(t.app, op.token, P.currentDeparts)).toBe(200);
    const [row] = await t.sql<{ id: string }>(`SELECT id FROM sessions WHERE user_id = 'u-operator' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`);
    expect((await post(RBAC.forceLogout, { sessionId: row.id })).statusCode).toBe(200);
    const out = await call(t.app, 'GET', P.currentDeparts, undefined, { token: op.token });
    expect([out.statusCode, out.json().message]).toEqual([401, MSG.tokenInvalid]);

    const again = await login(t.app, 'operator');
    expect(await status(t.app, again.token, P.currentDeparts)).toBe(200);
    expect((await call(t.app, 'GET', P.logout, undefined, { token: again.token })).statusCode).toBe(200);
    expect(await status(t.app, again.token, P.currentDeparts)).toBe(401);

    const third = await login(t.app, 'operator');
    expect(await status(t.app, third.token, P.currentDeparts)).toBe(200);
    const refreshed = await call(t.app, 'POST', P.refreshToken, { refreshToken: third.refreshToken }, { signed: true });
    expect(refreshed.statusCode).toBe(200);
    expect(await status(t.app, third.token, P.currentDeparts)).toBe(401);
  });

  it('freezing a user refuses them at once, and unfreezing lets their new session in', async () => {
    const role = await viewerRole(t, 'cache_frozen');
    const u = await userWith(t, 'cache_frozen', [role]);
    expect(await status(t.app, u.token)).toBe(200);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: u.id, status: '2' })).statusCode).toBe(200);
    expect(await status(t.app, u.token)).toBe(401);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: u.id, status: '1' })).statusCode).toBe(200);
    const { token } = await createSession(t.database.db, { userId: u.id, groupId: 'g-org' });
    expect(await status(t.app, token)).toBe(200);
  });

  it('a role taken away in the user form, or in SQL, refuses the user at once', async () => {
    const role = await viewerRole(t, 'cache_roles');
    const u = await userWith(t, 'cache_roles', [role]);
    expect(await status(t.app, u.token)).toBe(200);
    expect((await put(ADMIN_P.userEdit, { id: u.id, realname: u.id, selectedroles: '' })).statusCode).toBe(200);
    expect(await status(t.app, u.token)).toBe(403);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [u.id, role]);
    await until('grant in SQL seen', async () => (await status(t.app, u.token)) === 200);
    await t.sql(`DELETE FROM user_groups WHERE user_id = $1`, [u.id]);
    // Out of every group of the tenant: the tenant check refuses.
    await until('membership removal seen', async () => (await status(t.app, u.token)) === 403);
  });

  it.runIf(backend === 'postgres')(
    'caches nothing while the notice listener is lost, and again once it listens',
    async () => {
      const role = await viewerRole(t, 'cache_lost');
      const u = await userWith(t, 'cache_lost', [role]);
      expect(await status(t.app, u.token)).toBe(200);
      await t.sql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      await until('listener loss noticed', async () => !t.app.authCache.live);
      expect(t.app.authCache.size).toBe(0);
      expect(await status(t.app, u.token)).toBe(200);
      expect(t.app.authCache.size).toBe(0);
      // Reconnects after RELISTEN_MS (2 s).
      await until('listening again', async () => t.app.authCache.live, 8000);
      expect(await status(t.app, u.token)).toBe(200);
      expect(t.app.authCache.size).toBeGreaterThan(0);
      await t.sql(`DELETE FROM user_roles WHERE user_id = $1`, [u.id]);
      await until('change after relisten seen', async () => (await status(t.app, u.token)) === 403);
    },
    20_000,
  );
});

describe.runIf(BACKENDS.includes('postgres'))('auth cache across two app instances on one PostgreSQL', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startPeerApp>>;
  let app2: BossApp;
  let admin: string;

  beforeAll(async () => {
    t = await startApp('postgres', { authCache: LONG });
    peer = await startPeerApp(t, { authCache: LONG });
    app2 = peer.app;
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  it('a role permission saved on one process refuses the user on the other at once', async () => {
    const role = await viewerRole(t, 'duo_grant');
    const u = await userWith(t, 'duo_grant', [role]);
    expect(await status(app2, u.token)).toBe(200);
    expect(await status(app2, u.token)).toBe(200);
    const save = await call(
      t.app,
      'POST',
      RBAC.saveRolePermission,
      { roleId: role, permissionIds: 'm-system', lastpermissionIds: 'm-system,m-system-role,b-role-list' },
      { token: admin, signed: true },
    );
    expect(save.statusCode).toBe(200);
    const took = await until('refusal on the second process', async () => (await status(app2, u.token)) === 403, 1000);
    expect(took).toBeLessThan(1000);
  });

  it('a forced logout and a freeze on one process end the session on the other', async () => {
    const op = await login(app2, 'operator');
    expect(await status(app2, op.token, P.currentDeparts)).toBe(200);
    const [row] = await t.sql<{ id: string }>(`SELECT id FROM sessions WHERE user_id = 'u-operator' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`);
    expect((await call(t.app, 'POST', RBAC.forceLogout, { sessionId: row.id }, { token: admin, signed: true })).statusCode).toBe(200);
    await until('forced logout on the second process', async () => (await status(app2, op.token, P.currentDeparts)) === 401, 1000);

    const role = await viewerRole(t, 'duo_frozen');
    const u = await userWith(t, 'duo_frozen', [role]);
    expect(await status(app2, u.token)).toBe(200);
    await t.sql(`UPDATE users SET status = 2 WHERE id = $1`, [u.id]);
    await until('freeze on the second process', async () => (await status(app2, u.token)) === 401, 1000);
  });
});

describe('auth cache entries near the end of their life', () => {
  // Entries live 6.4–8 s here; one asked for in its last quarter (its last 2 s) is read again in the
  // background and still served meanwhile, so a user who keeps working never waits for a re-read.
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { authCache: { ttlMs: 8000 } });
  });
  afterAll(async () => t?.close());

  it('are read again in the background while still served, so an active user never meets one expired; REFRESH_LANES at a time', async () => {
    const u = await userWith(t, 'cache_refresh', []);
    // Twelve more who come back together: their refreshes queue, REFRESH_LANES running at once.
    const others = await Promise.all(Array.from({ length: 12 }, (_, i) => userWith(t, `cache_refresh_${i}`, [])));
    await settle(t);
    const cache = t.app.authCache;
    const first = await cache.member(u.id);
    const theirs = await Promise.all(others.map((o) => cache.member(o.id)));
    const readAt = Date.now();
    // Past the start of every entry's last quarter (at most 6 s), before the earliest end (6.4 s).
    await new Promise((r) => setTimeout(r, 6050 - (Date.now() - readAt)));
    cache.stats.refreshPeak = 0;
    expect(await cache.member(u.id), 'still served while it is read again').toBe(first);
    expect(await Promise.all(others.map((o) => cache.member(o.id))), 'all still served').toEqual(theirs);
    // Read again now, not when the entry ends (350 ms or more later).
    const refreshed = await until('read again in the background', async () => (await cache.member(u.id)) !== first);
    expect(refreshed).toBeLessThan(300);
    await until('all read again', async () => (await Promise.all(others.map((o) => cache.member(o.id)))).every((m, i) => m !== theirs[i]));
    expect(cache.stats.refreshPeak).toBeGreaterThan(0);
    expect(cache.stats.refreshPeak).toBeLessThanOrEqual(REFRESH_LANES);
    const second = await cache.member(u.id);
    expect(second?.user.id).toBe(u.id);
    // Past the end of the first entry's life: the refreshed entry is served, not a new read.
    await new Promise((r) => setTimeout(r, 8100 - (Date.now() - readAt)));
    expect(await cache.member(u.id)).toBe(second);
  });
});
