// Who is told of an order to approve (issue 15 §2: PayOrderSubmit loaded every candidate's
// permissions in turn, 1.5–2.8 s a submit over a million users). approversOf now answers in one
// query; here it is held to the guard's own rule (canApprove: permissionLists + hasPermission) for
// every user of the tenant, through the ways a grant can reach a user or be taken away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approversOf, canApprove } from '../../server/modules/pay/notify';
import { BACKENDS, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('approvers of an order (%s)', (backend) => {
  let t: TestApp;
  let tenant = '';
  const MAKER = 'u-operator';

  /** What the guard would let approve: every enabled user of the tenant, one permission load each. */
  async function byTheGuard(): Promise<string[]> {
    const users = await t.sql<{ id: string }>(
      `SELECT DISTINCT u.id FROM users u JOIN user_groups ug ON ug.user_id = u.id JOIN groups g ON g.id = ug.group_id
        WHERE g.tenant_id = $1 AND u.status = 1 AND u.id <> $2 ORDER BY u.id`,
      [tenant, MAKER],
    );
    const out: string[] = [];
    for (const u of users) if (await canApprove(t.database.db, u.id, tenant)) out.push(u.id);
    return out;
  }
  const approvers = () => approversOf({ query: t.sql }, tenant, MAKER);

  beforeAll(async () => {
    t = await startApp(backend);
    [{ tenant }] = await t.sql<{ tenant: string }>(
      `SELECT g.tenant_id AS tenant FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = 'u-approver' LIMIT 1`,
    );
    const [group] = await t.sql<{ id: string }>(`SELECT group_id AS id FROM user_groups WHERE user_id = 'u-approver' LIMIT 1`);
    const [role] = await t.sql<{ id: string }>(`SELECT id FROM roles WHERE tenant_id = $1 AND id <> 'r-approver' LIMIT 1`, [tenant]);
    const [depart] = await t.sql<{ id: string }>(`SELECT id FROM departments LIMIT 1`);
    // Users for each way in: a department role, a menu code above the button, a button that only
    // looks like a prefix, and a disabled approver.
    for (const id of ['u-t-dept', 'u-t-menu', 'u-t-button', 'u-t-off']) {
      await t.sql(`INSERT INTO users (id, username, realname, password_hash, status) VALUES ($1, $1, $1, 'x', $2)`, [id, id === 'u-t-off' ? 0 : 1]);
      await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [id, group.id]);
    }
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-t-off', 'r-approver')`);
    await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ('u-t-dept', $1)`, [depart.id]);
    await t.sql(`INSERT INTO depart_roles (id, tenant_id, depart_id, role_name, role_code) VALUES ('dr-t', $1, $2, '部门复核', 'dept_check')`, [
      tenant,
      depart.id,
    ]);
    await t.sql(`INSERT INTO depart_role_users (user_id, role_id) VALUES ('u-t-dept', 'dr-t')`);
    await t.sql(`INSERT INTO depart_role_permissions (role_id, permission_id) VALUES ('dr-t', 'b-pay-order-approve')`);
    await t.sql(
      `INSERT INTO permissions (id, name, perms, type, status, sort_no) VALUES ('p-t-menu', '付款菜单', 'pay:order', '1', '1', 999), ('p-t-button', '付款按钮', 'pay', '2', '1', 999)`,
    );
    await t.sql(
      `INSERT INTO roles (id, tenant_id, role_code, role_name) VALUES ('r-t-menu', $1, 't_menu', '菜单角色'), ('r-t-button', $1, 't_button', '按钮角色')`,
      [tenant],
    );
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ('r-t-menu', 'p-t-menu'), ('r-t-button', 'p-t-button')`);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-t-menu', 'r-t-menu'), ('u-t-button', 'r-t-button')`);
    expect(role).toBeTruthy();
  }, 180_000);
  afterAll(async () => t?.close());

  it('names the same users as the guard, the maker and disabled users excepted', async () => {
    const mine = await approvers();
    expect(mine).toEqual(await byTheGuard());
    expect(mine).toContain('u-approver');
    expect(mine).toContain('u-t-menu'); // a menu code above the button grants it
    expect(mine).not.toContain('u-t-button'); // a button's code is no prefix
    expect(mine).not.toContain('u-t-off');
    expect(mine).not.toContain(MAKER);
  });

  it('a department role counts only within its department’s permissions and while the user belongs to it', async () => {
    expect(await approvers()).not.toContain('u-t-dept'); // the department does not hold the code
    const [{ depart }] = await t.sql<{ depart: string }>(`SELECT depart_id AS depart FROM depart_roles WHERE id = 'dr-t'`);
    await t.sql(`INSERT INTO depart_permissions (depart_id, permission_id) VALUES ($1, 'b-pay-order-approve')`, [depart]);
    expect(await approvers()).toContain('u-t-dept');
    expect(await approvers()).toEqual(await byTheGuard());
    await t.sql(`DELETE FROM user_departs WHERE user_id = 'u-t-dept'`);
    expect(await approvers()).not.toContain('u-t-dept');
    expect(await approvers()).toEqual(await byTheGuard());
  });

  it('a role of another tenant grants nothing here', async () => {
    const [other] = await t.sql<{ id: string }>(`SELECT id FROM tenants WHERE id <> $1 LIMIT 1`, [tenant]);
    await t.sql(`INSERT INTO roles (id, tenant_id, role_code, role_name) VALUES ('r-t-other', $1, 't_other', '他租户复核')`, [other.id]);
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ('r-t-other', 'b-pay-order-approve')`);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-t-button', 'r-t-other')`);
    expect(await approvers()).not.toContain('u-t-button');
    expect(await approvers()).toEqual(await byTheGuard());
  });

  it('a grant row switched off grants nothing; the code switched off leaves nobody', async () => {
    await t.sql(`UPDATE permissions SET status = '0' WHERE id = 'p-t-menu'`);
    expect(await approvers()).not.toContain('u-t-menu');
    expect(await approvers()).toEqual(await byTheGuard());
    await t.sql(`UPDATE permissions SET status = '0' WHERE id = 'b-pay-order-approve'`);
    expect(await approvers()).toEqual([]);
    expect(await byTheGuard()).toEqual([]);
  });
});
