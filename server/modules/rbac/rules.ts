// Data rules of a menu (/sys/permission/*PermissionRule*): a column, a condition from an
// allow-list (no free SQL) and a value. Maintained by the platform tenant, like the menus. A rule
// must be enforceable when it is saved (a column of its menu's resource: ./dataScope.ts); which
// rules hold a role is chosen per role and menu (/sys/role/datarule).
import { and, asc, eq, ilike, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RBAC,
  RBAC_CODE,
  RBAC_MSG,
  dataRuleBody,
  dataRuleEditBody,
  idQuery,
  ruleByPermQuery,
  ruleQuery,
  type DataRuleRecord,
} from '../../../contract/api/rbac';
import { DATA_RULE_MSG, DATA_RULE_P, roleDataRuleBody, roleDataRuleQuery, type RoleDataRuleAnswer } from '../../../contract/api/dataRules';
import type { FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { permissionDataRules, permissions, roleDataRules, userRoles } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { likeEscape } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { fmtTime, notFound } from './common';
import { assertEnforceableRule } from './dataScope';
import { forgetAuth } from '../session/authChanges';
import { recordOperation } from './logs';
import { roleInTenant } from './roles';
import { isPlatform } from '../config/scope';

type RuleRow = typeof permissionDataRules.$inferSelect;
const toRecord = (r: RuleRow): DataRuleRecord => ({
  id: r.id,
  permissionId: r.permissionId,
  ruleName: r.ruleName,
  ruleColumn: r.ruleColumn,
  ruleConditions: r.ruleConditions,
  ruleValue: r.ruleValue,
  status: r.status,
  createTime: fmtTime(r.createdAt),
});

/** The rules of the menus are kept by platform staff, as the menus are (rbac/permissions.ts). */
async function assertPlatform(db: Db, req: FastifyRequest) {
  if (!(await isPlatform(db, req))) throw new AppError(403, RBAC_MSG.permPlatformOnly);
}

/**
 * Nobody changes the data rules they are held to themselves: not the rules a role of theirs holds
 * (/sys/role/datarule), nor the definition of a rule such a role holds (edit, delete).
 */
async function assertNotOwnRole(db: Db, userId: string, where: { roleId: string } | { ruleId: string }): Promise<void> {
  const mine = db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const [hit] =
    'roleId' in where
      ? await db
          .select({ id: userRoles.roleId })
          .from(userRoles)
          .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, where.roleId)))
          .limit(1)
      : await db
          .select({ id: roleDataRules.roleId })
          .from(roleDataRules)
          .where(and(eq(roleDataRules.ruleId, where.ruleId), inArray(roleDataRules.roleId, mine)))
          .limit(1);
  if (hit) throw new AppError(403, DATA_RULE_MSG.ownRole);
}

async function menuOf(db: Db, permissionId: string) {
  const [p] = await db.select().from(permissions).where(eq(permissions.id, permissionId)).limit(1);
  if (!p) throw notFound();
  if (p.type !== '1') throw new AppError(400, RBAC_MSG.ruleMenuOnly);
  return p;
}

async function rulesWhere(db: Db, where: SQL | undefined): Promise<DataRuleRecord[]> {
  const rows = await db.select().from(permissionDataRules).where(where).orderBy(asc(permissionDataRules.createdAt), asc(permissionDataRules.id));
  return rows.map(toRecord);
}

export const dataRuleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const tags = ['rbac'];
  const config = { permission: RBAC_CODE.permRule };

  app.get(RBAC.ruleListByPerm, { schema: { querystring: ruleByPermQuery, tags }, config }, async (req) => {
    await menuOf(db, req.query.permissionId);
    return sysOk(await rulesWhere(db, eq(permissionDataRules.permissionId, req.query.permissionId)));
  });

  app.get(RBAC.ruleQuery, { schema: { querystring: ruleQuery, tags }, config }, async (req) => {
    const q = req.query;
    const like = (col: AnyColumn, v?: string) => (v ? ilike(col, `%${likeEscape(v)}%`) : undefined);
    return sysOk(
      await rulesWhere(
        db,
        and(
          eq(permissionDataRules.permissionId, q.permissionId),
          like(permissionDataRules.ruleName, q.ruleName),
          like(permissionDataRules.ruleValue, q.ruleValue),
        ),
      ),
    );
  });

  app.post(RBAC.ruleAdd, { schema: { body: dataRuleBody, tags }, config: { ...config, signed: true } }, async (req) => {
    await assertPlatform(db, req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const menu = await menuOf(tx, b.permissionId);
      assertEnforceableRule(menu.id, b);
      const [r] = await tx
        .insert(permissionDataRules)
        .values({ id: newId(), ...b })
        .returning();
      await recordOperation(tx, req, `添加数据规则：${menu.name} / ${b.ruleName}（${b.ruleColumn} ${b.ruleConditions} ${b.ruleValue}）`);
      return r;
    });
    forgetAuth(db, 'all'); // held rules are cached with the grants (AuthCache.memo)
    return sysOk(toRecord(row), RBAC_MSG.added);
  });

  app.put(RBAC.ruleEdit, { schema: { body: dataRuleEditBody, tags }, config: { ...config, signed: true } }, async (req) => {
    await assertPlatform(db, req);
    const { id, ...b } = req.body;
    await assertNotOwnRole(db, authOf(req).user.id, { ruleId: id });
    const row = await db.transaction(async (tx) => {
      const [cur] = await tx.select().from(permissionDataRules).where(eq(permissionDataRules.id, id)).limit(1);
      if (!cur) throw notFound();
      assertEnforceableRule(cur.permissionId, b);
      const [r] = await tx.update(permissionDataRules).set(b).where(eq(permissionDataRules.id, id)).returning();
      await recordOperation(tx, req, `编辑数据规则：${b.ruleName}（${b.ruleColumn} ${b.ruleConditions} ${b.ruleValue}）`);
      return r;
    });
    forgetAuth(db, 'all');
    return sysOk(toRecord(row), RBAC_MSG.edited);
  });

  app.delete(RBAC.ruleDelete, { schema: { querystring: idQuery, tags }, config }, async (req) => {
    await assertPlatform(db, req);
    await assertNotOwnRole(db, authOf(req).user.id, { ruleId: req.query.id });
    await db.transaction(async (tx) => {
      const [r] = await tx.delete(permissionDataRules).where(eq(permissionDataRules.id, req.query.id)).returning();
      if (!r) throw notFound();
      await recordOperation(tx, req, `删除数据规则：${r.ruleName}`);
    });
    forgetAuth(db, 'all');
    return sysOk(null, RBAC_MSG.deleted);
  });

  // The rules of a menu a role of the tenant is held to (jeecg's role 数据规则 panel).
  const roleAuth = { permission: RBAC_CODE.roleAuth };
  app.get(DATA_RULE_P.roleDataRule, { schema: { querystring: roleDataRuleQuery, tags }, config: roleAuth }, async (req) => {
    const role = await roleInTenant(db, req.query.roleId, authOf(req).tenantId);
    const menu = await menuOf(db, req.query.permissionId);
    const datarule = await rulesWhere(db, and(eq(permissionDataRules.permissionId, menu.id), eq(permissionDataRules.status, '1')));
    const checked = await db
      .select({ id: roleDataRules.ruleId })
      .from(roleDataRules)
      .where(
        and(
          eq(roleDataRules.roleId, role.id),
          inArray(
            roleDataRules.ruleId,
            datarule.map((r) => r.id),
          ),
        ),
      );
    const answer: RoleDataRuleAnswer = { datarule, drChecked: datarule.length ? checked.map((c) => c.id) : [] };
    return sysOk(answer);
  });

  app.post(DATA_RULE_P.roleDataRule, { schema: { body: roleDataRuleBody, tags }, config: { ...roleAuth, signed: true } }, async (req) => {
    const b = req.body;
    await db.transaction(async (tx) => {
      const role = await roleInTenant(tx, b.roleId, authOf(req).tenantId);
      await assertNotOwnRole(tx, authOf(req).user.id, { roleId: role.id });
      const menu = await menuOf(tx, b.permissionId);
      const ofMenu = (await tx.select({ id: permissionDataRules.id }).from(permissionDataRules).where(eq(permissionDataRules.permissionId, menu.id))).map(
        (r) => r.id,
      );
      if (b.dataRuleIds.some((x) => !ofMenu.includes(x))) throw new AppError(400, DATA_RULE_MSG.ruleNotOfMenu);
      if (ofMenu.length) await tx.delete(roleDataRules).where(and(eq(roleDataRules.roleId, role.id), inArray(roleDataRules.ruleId, ofMenu)));
      if (b.dataRuleIds.length)
        await tx
          .insert(roleDataRules)
          .values(b.dataRuleIds.map((ruleId) => ({ roleId: role.id, ruleId })))
          .onConflictDoNothing();
      await recordOperation(tx, req, `角色数据规则：${role.roleName} / ${menu.name}，${b.dataRuleIds.length}条规则`);
    });
    forgetAuth(db, 'all');
    return sysOk(null, RBAC_MSG.saved);
  });
};
