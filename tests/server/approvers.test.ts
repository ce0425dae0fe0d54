// Who is told of a submitted order: every enabled approver of the order's tenant, however many
// other users the tenant has. The old way read the first 500 users of the tenant and loaded each
// one's permissions: in a tenant of 600 users whose ids sort before the approver's, the approver
// was never told, and every submit cost a permission load per user (the mixed-day benchmark's
// 300 submits over a million users held the pool for minutes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approversOf } from '../../server/modules/pay/notify';
import { BACKENDS, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('approvers of an order (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
    // 600 users of tenant 0 without any role, ids before 'u-approver'.
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash)
       SELECT 'a-' || lpad(n::text, 4, '0'), 'crowd' || n, '路人' || n, 'x' FROM generate_series(1, 600) AS n`,
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) SELECT 'a-' || lpad(n::text, 4, '0'), 'g-org' FROM generate_series(1, 600) AS n`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const store = () => ({ query: <R>(text: string, params?: unknown[]) => t.sql<R>(text, params) });

  it('finds the approvers behind 600 users without the permission, the maker excepted', async () => {
    const to = await approversOf(t.database.db, store(), '0', 'u-operator');
    expect(to).toContain('u-approver');
    expect(to).toContain('u-admin');
    expect(to).not.toContain('u-operator');
    expect(to.filter((id) => id.startsWith('a-'))).toEqual([]);
  });

  it('leaves out a disabled approver, the maker, and approvers whose role is of another tenant', async () => {
    await t.sql(`UPDATE users SET status = 2 WHERE id = 'u-admin'`);
    try {
      expect(await approversOf(t.database.db, store(), '0', 'u-approver')).not.toContain('u-admin');
      expect(await approversOf(t.database.db, store(), '0', 'u-approver')).not.toContain('u-approver');
      // Tenant 1's users hold no role of tenant 1 that approves.
      expect(await approversOf(t.database.db, store(), '1', 'u-operator')).toEqual([]);
    } finally {
      await t.sql(`UPDATE users SET status = 1 WHERE id = 'u-admin'`);
    }
  });
});
