// The menu and permission catalogue of the modules that came after the first seed. Each module
// lists its menus and buttons in server/modules/<module>/menu.ts; at every start-up new rows are
// inserted (existing ones, which an administrator may have edited, are left alone) and granted to
// the administrator role plus the roles the entry names. So an existing installation gains the
// pages of a new release without losing its own changes. One repair is made to existing rows: a
// button (type '2') that an earlier release left at the top level (no parent) or under a directory
// (type '0', as the 客户进件 buttons were) moves under the page the catalogue names for it, so
// 菜单管理 and the role grant tree show every button under its page.
import { and, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { PageKey } from '../../contract/pages';
import type { Db } from './client';
import * as t from './schema';
import { ADMIN_MENU } from '../modules/admin/menu';
import { CONFIG_MENU } from '../modules/config/menu';
import { MESSAGE_MENU } from '../modules/message/menu';
import { JOBS_MENU } from '../modules/jobs/menu';
import { RBAC_MENU } from '../modules/rbac/menu';
import { LEDGER_MENU } from '../modules/ledger/menu';
import { PAY_MENU } from '../modules/pay/menu';
import { BATCH_DRAFT_MENU } from '../modules/batchDraft/menu';
import { PAYCUS_MENU } from '../menus/payCus';
import { ACCT_MENU } from '../menus/acct';
import { MERCHANT_MENU } from '../menus/merchant';
import { APPROVE_MENU } from '../menus/approve';
import { POSITION_MENU } from '../modules/position/menu';
import { CATEGORY_MENU } from '../modules/category/menu';
import { CUS_MENU } from '../modules/cus/menu';
import { REPORT_MENU } from '../modules/report/menu';
import { FILES_MENU } from '../modules/files/menu';
import { MONITOR_MENU } from '../modules/monitor/menu';
import { SETTLE_MENU } from '../modules/settle/menu';
import { SUPERVISE_MENU } from '../modules/supervise/menu';
import { DASHBOARD_MENU } from '../modules/workbench/menu';
import { FEE_MENU } from '../modules/fee/menu';

export type CatalogueEntry = Omit<typeof t.permissions.$inferInsert, 'component'> & {
  component?: PageKey | null;
  /** Role codes granted this entry when it is first inserted (the admin role always is). */
  grant?: ('operator' | 'approver' | 'customer')[];
};

export const CATALOGUE: CatalogueEntry[] = [
  ...ADMIN_MENU,
  ...CONFIG_MENU,
  ...MESSAGE_MENU,
  ...JOBS_MENU,
  ...RBAC_MENU,
  ...LEDGER_MENU,
  ...PAYCUS_MENU,
  ...ACCT_MENU,
  ...APPROVE_MENU,
  ...MERCHANT_MENU,
  ...PAY_MENU,
  ...BATCH_DRAFT_MENU,
  ...POSITION_MENU,
  ...CATEGORY_MENU,
  ...CUS_MENU,
  ...REPORT_MENU,
  ...FILES_MENU,
  ...MONITOR_MENU,
  ...SETTLE_MENU,
  ...SUPERVISE_MENU,
  ...DASHBOARD_MENU,
  ...FEE_MENU,
];

/** Inserts the catalogue rows that are missing and grants them; returns how many were new. */
export async function syncCatalogue(db: Db, entries: CatalogueEntry[] = CATALOGUE): Promise<number> {
  if (!entries.length) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72026003)`);
    const rows = entries.map(({ grant: _grant, ...row }) => row as typeof t.permissions.$inferInsert);
    const inserted = await tx.insert(t.permissions).values(rows).onConflictDoNothing().returning({ id: t.permissions.id });
    // Buttons at the top level or under a directory (type '0') rather than a page.
    const loose = await tx
      .select({ id: t.permissions.id, parentId: t.permissions.parentId })
      .from(t.permissions)
      .where(
        and(
          eq(t.permissions.type, '2'),
          or(isNull(t.permissions.parentId), sql`EXISTS (SELECT 1 FROM permissions d WHERE d.id = ${t.permissions.parentId} AND d.type = '0')`),
        ),
      );
    const looseParent = new Map(loose.map((r) => [r.id, r.parentId]));
    for (const e of entries) {
      if (e.type !== '2' || !e.parentId || !looseParent.has(e.id as string) || looseParent.get(e.id as string) === e.parentId) continue;
      await tx
        .update(t.permissions)
        .set({ parentId: e.parentId })
        .where(and(eq(t.permissions.id, e.id as string), sql`EXISTS (SELECT 1 FROM permissions p WHERE p.id = ${e.parentId} AND p.type = '1')`));
    }
    const fresh = new Set(inserted.map((r) => r.id));
    if (!fresh.size) return 0;
    // The customer role's copies in other tenants (customer_<tenant>, made when a customer's
    // administrator is invited there: server/modules/cus/invite.ts) are granted what it is.
    const roleRows = await tx
      .select({ id: t.roles.id, code: t.roles.roleCode })
      .from(t.roles)
      .where(or(inArray(t.roles.roleCode, ['admin', 'operator', 'approver', 'customer']), like(t.roles.roleCode, 'customer\\_%')));
    const roleIds = (code: string) => roleRows.filter((r) => r.code === code || (code === 'customer' && r.code.startsWith('customer_'))).map((r) => r.id);
    const grants = entries
      .filter((e) => fresh.has(e.id as string))
      .flatMap((e) => ['admin', ...(e.grant ?? [])].flatMap((code) => roleIds(code).map((roleId) => ({ roleId, permissionId: e.id as string }))));
    if (grants.length) await tx.insert(t.rolePermissions).values(grants).onConflictDoNothing();
    return fresh.size;
  });
}
