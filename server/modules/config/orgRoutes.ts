// Tenants, systems, groups and business entities: the organisation model the system and auth areas
// share. Tenants and systems are platform-wide and kept by platform users; a platform user keeps
// the groups of every tenant, anyone else only the groups of the tenant they work in; business
// entities belong to a tenant.
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_BASE, CONFIG_LIST_FIELDS, CONFIG_MSG, CONFIG_PERM, entityBody, groupBody, systemBody, tenantBody } from '../../../contract/api/config';
import { DEFAULT_TENANT_ID } from '../../../contract/constants';
import type { ModuleOptions } from '../../context';
import { businessEntities, dicts, groups, sysInfo, systems, tenants, userGroups } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { fmtTime, registerCrud, type ZodApp } from './crud';
import { isPlatform, platformOnly, tenantOf, tenantScope } from './scope';

export function orgRoutes(app: ZodApp, { deps }: ModuleOptions): void {
  const db = deps.db;
  const platform = platformOnly(db);

  registerCrud(app, db, {
    tag: 'tenant',
    base: CONFIG_BASE.tenant,
    title: '租户',
    exportColumns: [{ key: 'id', header: '租户编号' }, { key: 'name', header: '租户名称' }, { key: 'domain', header: '域名' }, { key: 'status', header: '状态' }, { key: 'createTime', header: '创建时间' }],
    perm: CONFIG_PERM.tenant,
    table: tenants,
    idCol: tenants.id,
    fields: CONFIG_LIST_FIELDS.tenant,
    columns: { id: tenants.id, name: tenants.name, domain: tenants.domain, status: tenants.status, createTime: tenants.createdAt },
    body: tenantBody,
    uniqueMessage: CONFIG_MSG.codeTaken('租户'),
    guard: platform,
    async values(b, _req, existing) {
      const [same] = await db.select({ id: tenants.id }).from(tenants)
        .where(and(eq(tenants.name, b.name), existing ? ne(tenants.id, String(existing.id)) : undefined)).limit(1);
      if (same) throw new AppError(400, CONFIG_MSG.codeTaken('租户名称'));
      const domain = b.domain ? b.domain.toLowerCase() : null;
      if (domain) {
        const [d] = await db.select({ id: tenants.id }).from(tenants)
          .where(and(eq(tenants.domain, domain), existing ? ne(tenants.id, String(existing.id)) : undefined)).limit(1);
        if (d) throw new AppError(400, CONFIG_MSG.codeTaken('域名'));
      }
      const row: Record<string, unknown> = { name: b.name, domain, status: b.status };
      if (!existing) {
        // Tenant ids travel in the tenant-id header: keep them small numbers.
        const [{ next }] = await db.select({ next: sql<number>`COALESCE(MAX(CASE WHEN ${tenants.id} ~ '^[0-9]{1,9}$' THEN ${tenants.id}::int END), 0) + 1` }).from(tenants);
        row.id = String(next);
      }
      return row;
    },
    toRecord: (r) => ({ id: r.id, name: r.name, domain: r.domain ?? '', status: r.status, createTime: fmtTime(r.createdAt) }),
    async beforeDelete(rows, req) {
      const ids = rows.map((r) => String(r.id));
      if (ids.includes(DEFAULT_TENANT_ID) || ids.includes(tenantOf(req))) throw new AppError(400, CONFIG_MSG.tenantProtected);
      const [{ n }] = await db.select({ n: count() }).from(userGroups).innerJoin(groups, eq(groups.id, userGroups.groupId)).where(inArray(groups.tenantId, ids));
      if (Number(n) > 0) throw new AppError(400, CONFIG_MSG.tenantHasUsers);
    },
    async deleteRows(database, ids) {
      // Without users, the tenant's own configuration goes with it; anything else that still
      // refers to it (a later module's rows) makes the foreign key refuse, and nothing is deleted.
      await database.transaction(async (tx) => {
        await tx.delete(sysInfo).where(inArray(sysInfo.tenantId, ids));
        await tx.delete(dicts).where(inArray(dicts.tenantId, ids));
        await tx.delete(groups).where(inArray(groups.tenantId, ids));
        await tx.delete(tenants).where(inArray(tenants.id, ids));
      });
    },
  });

  registerCrud(app, db, {
    tag: 'system',
    base: CONFIG_BASE.system,
    title: '系统',
    exportColumns: [{ key: 'sysCode', header: '系统编码' }, { key: 'sysName', header: '系统名称' }, { key: 'sortNo', header: '排序' }, { key: 'createTime', header: '创建时间' }],
    perm: CONFIG_PERM.system,
    table: systems,
    idCol: systems.id,
    fields: CONFIG_LIST_FIELDS.system,
    columns: { id: systems.id, sysCode: systems.sysCode, sysName: systems.sysName, sortNo: systems.sortNo, createTime: systems.createdAt },
    body: systemBody,
    uniqueMessage: CONFIG_MSG.codeTaken('系统编码'),
    guard: platform,
    values: (b) => ({ sysCode: b.sysCode, sysName: b.sysName, sortNo: b.sortNo }),
    toRecord: (r) => ({ id: r.id, sysCode: r.sysCode, sysName: r.sysName, sortNo: r.sortNo, createTime: fmtTime(r.createdAt) }),
    async beforeDelete(rows) {
      const [{ n }] = await db.select({ n: count() }).from(groups).where(inArray(groups.systemId, rows.map((r) => String(r.id))));
      if (Number(n) > 0) throw new AppError(400, CONFIG_MSG.systemInUse);
    },
  });

  const groupScope = async (req: FastifyRequest) => ((await isPlatform(db, req)) ? undefined : eq(groups.tenantId, tenantOf(req)));
  registerCrud(app, db, {
    tag: 'group',
    base: CONFIG_BASE.group,
    title: '分组',
    exportColumns: [{ key: 'groupName', header: '分组名称' }, { key: 'groupType', header: '分组类型' }, { key: 'orgType', header: '机构类型' }, { key: 'tenantId', header: '租户' }, { key: 'systemId', header: '系统' }, { key: 'cusCode', header: '客户代码' }, { key: 'sortNo', header: '排序' }, { key: 'createTime', header: '创建时间' }],
    perm: CONFIG_PERM.group,
    table: groups,
    idCol: groups.id,
    fields: CONFIG_LIST_FIELDS.group,
    columns: {
      id: groups.id, groupName: groups.groupName, groupType: groups.groupType, tenantId: groups.tenantId, systemId: groups.systemId,
      cusCode: groups.cusCode, sortNo: groups.sortNo, createTime: groups.createdAt,
    },
    body: groupBody,
    uniqueMessage: CONFIG_MSG.codeTaken('分组'),
    scope: groupScope,
    async values(b, req) {
      const tenantId = (await isPlatform(db, req)) ? b.tenantId : tenantOf(req);
      const [tn] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      if (!tn) throw new AppError(400, '租户不存在');
      const [sys] = await db.select({ id: systems.id }).from(systems).where(eq(systems.id, b.systemId)).limit(1);
      if (!sys) throw new AppError(400, '系统不存在');
      return {
        groupName: b.groupName, groupType: b.groupType, orgType: b.orgType ?? '', tenantId, systemId: b.systemId,
        cusCode: b.cusCode || null, objCode: b.objCode || null, sortNo: b.sortNo,
      };
    },
    toRecord: (r) => ({
      id: r.id, groupName: r.groupName, groupType: r.groupType, orgType: r.orgType ?? '', tenantId: r.tenantId, systemId: r.systemId,
      cusCode: r.cusCode ?? '', objCode: r.objCode ?? '', sortNo: r.sortNo, createTime: fmtTime(r.createdAt),
    }),
    async beforeDelete(rows) {
      const [{ n }] = await db.select({ n: count() }).from(userGroups).where(inArray(userGroups.groupId, rows.map((r) => String(r.id))));
      if (Number(n) > 0) throw new AppError(400, CONFIG_MSG.groupHasUsers);
    },
  });

  registerCrud(app, db, {
    tag: 'entity',
    base: CONFIG_BASE.entity,
    title: '业务主体',
    exportColumns: [{ key: 'entityName', header: '主体名称' }, { key: 'url', header: '地址' }, { key: 'status', header: '状态' }, { key: 'createTime', header: '创建时间' }],
    perm: CONFIG_PERM.entity,
    table: businessEntities,
    idCol: businessEntities.id,
    fields: CONFIG_LIST_FIELDS.entity,
    columns: {
      id: businessEntities.id, entityName: businessEntities.entityName, url: businessEntities.url,
      status: businessEntities.status, createTime: businessEntities.createdAt,
    },
    body: entityBody,
    uniqueMessage: CONFIG_MSG.codeTaken('主体'),
    scope: tenantScope(businessEntities.tenantId),
    async values(b, req, existing) {
      const [same] = await db.select({ id: businessEntities.id }).from(businessEntities)
        .where(and(eq(businessEntities.tenantId, tenantOf(req)), eq(businessEntities.entityName, b.entityName), existing ? ne(businessEntities.id, String(existing.id)) : undefined))
        .limit(1);
      if (same) throw new AppError(400, CONFIG_MSG.codeTaken('主体名称'));
      return { tenantId: tenantOf(req), entityName: b.entityName, url: b.url || null, status: b.status };
    },
    toRecord: (r) => ({ id: r.id, entityName: r.entityName, url: r.url ?? '', status: r.status, createTime: fmtTime(r.createdAt) }),
  });
}
