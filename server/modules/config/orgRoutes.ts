// Tenants, systems, groups and business entities: the organisation model the system and auth areas
// share. Tenants and systems are platform-wide and kept by platform users; a platform user keeps
// the groups of every tenant, anyone else only the groups of the tenant they work in; business
// entities belong to a tenant.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_BASE, CONFIG_LIST_FIELDS, CONFIG_MSG, CONFIG_PERM, entityBody, groupBody, systemBody, tenantBody } from '../../../contract/api/config';
import { DEFAULT_TENANT_ID } from '../../../contract/constants';
import type { ModuleOptions } from '../../context';
import { businessEntities, dicts, groups, sysInfo, systems, tenants, userGroups } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { fmtTime, registerCrud, type ZodApp } from './crud';
import { isPlatform, isPlatformType, platformOnly, tenantOf, tenantScope } from './scope';
import { authOf } from '../../http/guard';

export function orgRoutes(app: ZodApp, { deps }: ModuleOptions): void {
  const db = deps.db;
  const platform = platformOnly(db);

  registerCrud(app, db, {
    tag: 'tenant',
    base: CONFIG_BASE.tenant,
    title: '租户',
    exportColumns: [
      { key: 'id', header: '租户编号' },
      { key: 'name', header: '租户名称' },
      { key: 'domain', header: '域名' },
      { key: 'status', header: '状态' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.tenant,
    table: tenants,
    idCol: tenants.id,
    fields: CONFIG_LIST_FIELDS.tenant,
    columns: { id: tenants.id, name: tenants.name, domain: tenants.domain, status: tenants.status, createTime: tenants.createdAt },
    body: tenantBody,
    uniqueMessage: CONFIG_MSG.codeTaken('租户'),
    guard: platform,
    // Names and domains are unique by index (tenants_name_uq, tenants_domain_uq: a 409 naming the field).
    async values(b, _req, existing) {
      const row: Record<string, unknown> = { name: b.name, domain: b.domain ? b.domain.toLowerCase() : null, status: b.status };
      if (!existing) {
        // Tenant ids travel in the tenant-id header: small numbers, from a sequence so that
        // concurrent creates never pick the same one (migration 0017).
        const [{ next }] = await db.select({ next: sql<string>`next_tenant_id()` }).from(sql`(SELECT 1) AS one`);
        row.id = next;
      }
      return row;
    },
    toRecord: (r) => ({ id: r.id, name: r.name, domain: r.domain ?? '', status: r.status, createTime: fmtTime(r.createdAt) }),
    async beforeDelete(rows, req) {
      const ids = rows.map((r) => String(r.id));
      if (ids.includes(DEFAULT_TENANT_ID) || ids.includes(tenantOf(req))) throw new AppError(400, CONFIG_MSG.tenantProtected);
      const [{ n }] = await db
        .select({ n: count() })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(inArray(groups.tenantId, ids));
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
    exportColumns: [
      { key: 'sysCode', header: '系统编码' },
      { key: 'sysName', header: '系统名称' },
      { key: 'sortNo', header: '排序' },
      { key: 'createTime', header: '创建时间' },
    ],
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
      const [{ n }] = await db
        .select({ n: count() })
        .from(groups)
        .where(
          inArray(
            groups.systemId,
            rows.map((r) => String(r.id)),
          ),
        );
      if (Number(n) > 0) throw new AppError(400, CONFIG_MSG.systemInUse);
    },
  });

  /**
   * What a user who is not platform staff may not do with a group: make or keep one of platform
   * type, name another tenant, or change the type, tenant or system of a group they work in
   * themselves (no call widens its caller's own reach).
   */
  async function refuseWidening(req: FastifyRequest, b: { groupType: string; tenantId: string; systemId: string }, existing?: Record<string, unknown>) {
    if (isPlatformType(b.groupType) || (existing && isPlatformType(String(existing.groupType)))) throw new AppError(403, CONFIG_MSG.platformGroupOnly);
    if (b.tenantId !== tenantOf(req)) throw new AppError(403, CONFIG_MSG.otherTenant);
    if (!existing) return;
    const changes = b.groupType !== existing.groupType || b.tenantId !== existing.tenantId || b.systemId !== existing.systemId;
    if (!changes) return;
    const [mine] = await db
      .select({ id: userGroups.groupId })
      .from(userGroups)
      .where(and(eq(userGroups.groupId, String(existing.id)), eq(userGroups.userId, authOf(req).user.id)))
      .limit(1);
    if (mine) throw new AppError(403, CONFIG_MSG.ownGroupFixed);
  }

  const groupScope = async (req: FastifyRequest) => ((await isPlatform(db, req)) ? undefined : eq(groups.tenantId, tenantOf(req)));
  registerCrud(app, db, {
    tag: 'group',
    base: CONFIG_BASE.group,
    title: '分组',
    exportColumns: [
      { key: 'groupName', header: '分组名称' },
      { key: 'groupType', header: '分组类型' },
      { key: 'orgType', header: '机构类型' },
      { key: 'tenantId', header: '租户' },
      { key: 'systemId', header: '系统' },
      { key: 'cusCode', header: '客户代码' },
      { key: 'sortNo', header: '排序' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.group,
    table: groups,
    idCol: groups.id,
    fields: CONFIG_LIST_FIELDS.group,
    columns: {
      id: groups.id,
      groupName: groups.groupName,
      groupType: groups.groupType,
      tenantId: groups.tenantId,
      systemId: groups.systemId,
      cusCode: groups.cusCode,
      sortNo: groups.sortNo,
      createTime: groups.createdAt,
    },
    body: groupBody,
    uniqueMessage: CONFIG_MSG.codeTaken('分组'),
    scope: groupScope,
    async values(b, req, existing) {
      const platformUser = await isPlatform(db, req);
      if (!platformUser) await refuseWidening(req, b, existing);
      const tenantId = platformUser ? b.tenantId : tenantOf(req);
      const [tn] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      if (!tn) throw new AppError(400, '租户不存在');
      const [sys] = await db.select({ id: systems.id }).from(systems).where(eq(systems.id, b.systemId)).limit(1);
      if (!sys) throw new AppError(400, '系统不存在');
      return {
        groupName: b.groupName,
        groupType: b.groupType,
        orgType: b.orgType ?? '',
        tenantId,
        systemId: b.systemId,
        cusCode: b.cusCode || null,
        objCode: b.objCode || null,
        sortNo: b.sortNo,
      };
    },
    toRecord: (r) => ({
      id: r.id,
      groupName: r.groupName,
      groupType: r.groupType,
      orgType: r.orgType ?? '',
      tenantId: r.tenantId,
      systemId: r.systemId,
      cusCode: r.cusCode ?? '',
      objCode: r.objCode ?? '',
      sortNo: r.sortNo,
      createTime: fmtTime(r.createdAt),
    }),
    async beforeDelete(rows, req) {
      if (!(await isPlatform(db, req)) && rows.some((r) => isPlatformType(String(r.groupType)))) throw new AppError(403, CONFIG_MSG.platformGroupOnly);
      const [{ n }] = await db
        .select({ n: count() })
        .from(userGroups)
        .where(
          inArray(
            userGroups.groupId,
            rows.map((r) => String(r.id)),
          ),
        );
      if (Number(n) > 0) throw new AppError(400, CONFIG_MSG.groupHasUsers);
    },
  });

  registerCrud(app, db, {
    tag: 'entity',
    base: CONFIG_BASE.entity,
    title: '业务主体',
    exportColumns: [
      { key: 'entityName', header: '主体名称' },
      { key: 'url', header: '地址' },
      { key: 'status', header: '状态' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.entity,
    table: businessEntities,
    idCol: businessEntities.id,
    fields: CONFIG_LIST_FIELDS.entity,
    columns: {
      id: businessEntities.id,
      entityName: businessEntities.entityName,
      url: businessEntities.url,
      status: businessEntities.status,
      createTime: businessEntities.createdAt,
    },
    body: entityBody,
    uniqueMessage: CONFIG_MSG.codeTaken('主体'),
    scope: tenantScope(businessEntities.tenantId),
    // Names are unique per tenant by index (business_entities_name_uq: a 409 '主体名称已存在').
    values(b, req) {
      return { tenantId: tenantOf(req), entityName: b.entityName, url: b.url || null, status: b.status };
    },
    toRecord: (r) => ({ id: r.id, entityName: r.entityName, url: r.url ?? '', status: r.status, createTime: fmtTime(r.createdAt) }),
  });
}
