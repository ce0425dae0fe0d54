// Data rules of a menu (/sys/permission/*PermissionRule*): a column, a condition from an
// allow-list (no free SQL) and a value. Maintained by the platform tenant, like the menus.
import { and, asc, eq, ilike, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_TENANT_ID } from '../../../contract/constants';
import { RBAC, RBAC_CODE, RBAC_MSG, dataRuleBody, dataRuleEditBody, idQuery, ruleByPermQuery, ruleQuery, type DataRuleRecord } from '../../../contract/api/rbac';
import type { FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { permissionDataRules, permissions } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { likeEscape } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { fmtTime, notFound } from './common';
import { recordOperation } from './logs';

type RuleRow = typeof permissionDataRules.$inferSelect;
const toRecord = (r: RuleRow): DataRuleRecord => ({
  id: r.id, permissionId: r.permissionId, ruleName: r.ruleName, ruleColumn: r.ruleColumn, ruleConditions: r.ruleConditions,
  ruleValue: r.ruleValue, status: r.status, createTime: fmtTime(r.createdAt),
});

function assertPlatform(req: FastifyRequest) {
  if (authOf(req).tenantId !== DEFAULT_TENANT_ID) throw new AppError(403, RBAC_MSG.permPlatformOnly);
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
        and(eq(permissionDataRules.permissionId, q.permissionId), like(permissionDataRules.ruleName, q.ruleName), like(permissionDataRules.ruleValue, q.ruleValue)),
      ),
    );
  });

  app.post(RBAC.ruleAdd, { schema: { body: dataRuleBody, tags }, config: { ...config, signed: true } }, async (req) => {
    assertPlatform(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const menu = await menuOf(tx, b.permissionId);
      const [r] = await tx.insert(permissionDataRules).values({ id: newId(), ...b }).returning();
      await recordOperation(tx, req, `添加数据规则：${menu.name} / ${b.ruleName}（${b.ruleColumn} ${b.ruleConditions} ${b.ruleValue}）`);
      return r;
    });
    return sysOk(toRecord(row), RBAC_MSG.added);
  });

  app.put(RBAC.ruleEdit, { schema: { body: dataRuleEditBody, tags }, config: { ...config, signed: true } }, async (req) => {
    assertPlatform(req);
    const { id, ...b } = req.body;
    const row = await db.transaction(async (tx) => {
      const [r] = await tx.update(permissionDataRules).set(b).where(eq(permissionDataRules.id, id)).returning();
      if (!r) throw notFound();
      await recordOperation(tx, req, `编辑数据规则：${b.ruleName}（${b.ruleColumn} ${b.ruleConditions} ${b.ruleValue}）`);
      return r;
    });
    return sysOk(toRecord(row), RBAC_MSG.edited);
  });

  app.delete(RBAC.ruleDelete, { schema: { querystring: idQuery, tags }, config }, async (req) => {
    assertPlatform(req);
    await db.transaction(async (tx) => {
      const [r] = await tx.delete(permissionDataRules).where(eq(permissionDataRules.id, req.query.id)).returning();
      if (!r) throw notFound();
      await recordOperation(tx, req, `删除数据规则：${r.ruleName}`);
    });
    return sysOk(null, RBAC_MSG.deleted);
  });
};
