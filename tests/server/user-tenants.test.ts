// users.tenant_ids (migration 0012): the tenants of a user's groups, kept by triggers on every change
// of memberships or of a group's tenant, whoever makes it. The user list scopes tenants by it, so it
// must always equal what user_groups and groups say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startApp, type BackendName, type TestApp } from './helpers';

describe.each(BACKENDS)('users.tenant_ids on %s', (backend: BackendName) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(backend);
    for (const id of ['ut-a', 'ut-b', 'ut-c']) await t.sql(`INSERT INTO users (id, username, realname, password_hash) VALUES ($1, $1, $1, 'x')`, [id]);
    await t.sql(
      `INSERT INTO groups (id, group_name, group_type, tenant_id, system_id) SELECT 'g-ut1', '租户一组', group_type, '1', system_id FROM groups WHERE id = 'g-org'`,
    );
  });
  afterAll(async () => t?.close());

  /** Every user whose tenant_ids differs from the tenants of its groups (none, when the triggers hold). */
  const drift = () =>
    t.sql<{ id: string }>(
      `SELECT u.id FROM users u
        WHERE u.tenant_ids IS DISTINCT FROM (SELECT coalesce(array_agg(DISTINCT g.tenant_id ORDER BY g.tenant_id), '{}') FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id)`,
    );
  const tenantsOf = async (id: string) => (await t.sql<{ tenant_ids: string[] }>(`SELECT tenant_ids FROM users WHERE id = $1`, [id]))[0].tenant_ids;

  it('holds for the seeded users', async () => {
    expect(await drift()).toEqual([]);
    expect(await tenantsOf('u-admin')).toContain('0');
  });

  it('follows memberships added, moved and removed, one or many at a time', async () => {
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('ut-a', 'g-org'), ('ut-b', 'g-org'), ('ut-b', 'g-ut1')`);
    expect([await tenantsOf('ut-a'), await tenantsOf('ut-b'), await tenantsOf('ut-c')]).toEqual([['0'], ['0', '1'], []]);
    await t.sql(`UPDATE user_groups SET group_id = 'g-ut1' WHERE user_id = 'ut-a'`); // to another tenant's group
    expect(await tenantsOf('ut-a')).toEqual(['1']);
    await t.sql(`UPDATE user_groups SET user_id = 'ut-c' WHERE user_id = 'ut-a'`); // to another user
    expect([await tenantsOf('ut-a'), await tenantsOf('ut-c')]).toEqual([[], ['1']]);
    await t.sql(`DELETE FROM user_groups WHERE user_id = 'ut-b' AND group_id = 'g-org'`);
    expect(await tenantsOf('ut-b')).toEqual(['1']);
    expect(await drift()).toEqual([]);
  });

  it('follows a group moved to another tenant, and a group deleted', async () => {
    await t.sql(`UPDATE groups SET tenant_id = '0' WHERE id = 'g-ut1'`);
    expect([await tenantsOf('ut-b'), await tenantsOf('ut-c')]).toEqual([['0'], ['0']]);
    await t.sql(`DELETE FROM groups WHERE id = 'g-ut1'`);
    expect([await tenantsOf('ut-b'), await tenantsOf('ut-c')]).toEqual([[], []]);
    expect(await drift()).toEqual([]);
  });

  it('is not written by a change that leaves the tenants as they were', async () => {
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('ut-a', 'g-org')`);
    const [before] = await t.sql<{ xmin: string }>(`SELECT xmin::text FROM users WHERE id = 'ut-a'`);
    await t.sql(`UPDATE user_groups SET sort_no = sort_no + 1 WHERE user_id = 'ut-a'`);
    const [after] = await t.sql<{ xmin: string }>(`SELECT xmin::text FROM users WHERE id = 'ut-a'`);
    expect(after.xmin).toBe(before.xmin);
  });
});
