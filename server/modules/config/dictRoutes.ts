// Dictionaries and their items, per tenant, plus the dictionary look-ups of spec §7 (loadDict with
// a keyword, loadDictItem for texts of keys). Every write clears the tenant's dictionary cache so
// getDictItems and queryAllDictItems answer the new items at once.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONFIG_BASE, CONFIG_LIST_FIELDS, CONFIG_MSG, CONFIG_PERM, CP, dictBody, dictItemBody } from '../../../contract/api/config';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { DictItem } from '../../../contract/types';
import type { ModuleOptions } from '../../context';
import { dictItems, dicts } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { fmtTime, registerCrud, type ZodApp } from './crud';
import { sqlDictPage, tableDictCode } from './lookups';
import { tenantOf, tenantScope } from './scope';
import { authOf } from '../../http/guard';

const dictCodeParams = z.object({ dictCode: z.string().trim().min(1, WIRE_MSG.dictCodeEmpty).max(200, CONFIG_MSG.unsupportedTable) });

export function dictRoutes(app: ZodApp, { deps, dicts: cache }: ModuleOptions): void {
  const db = deps.db;
  const clear = (req: FastifyRequest) => cache.clear(tenantOf(req));

  registerCrud(app, db, {
    tag: 'dict',
    base: CONFIG_BASE.dict,
    title: '字典',
    exportColumns: [
      { key: 'dictName', header: '字典名称' },
      { key: 'dictCode', header: '字典编码' },
      { key: 'description', header: '描述' },
      { key: 'createTime', header: '创建时间' },
    ],
    perm: CONFIG_PERM.dict,
    table: dicts,
    idCol: dicts.id,
    fields: CONFIG_LIST_FIELDS.dict,
    columns: { id: dicts.id, dictName: dicts.dictName, dictCode: dicts.dictCode, description: dicts.description, createTime: dicts.createdAt },
    body: dictBody,
    uniqueMessage: CONFIG_MSG.dictCodeTaken,
    scope: tenantScope(dicts.tenantId),
    values: (b, req) => ({ tenantId: tenantOf(req), dictName: b.dictName, dictCode: b.dictCode, description: b.description ?? null }),
    toRecord: (r) => ({ id: r.id, dictName: r.dictName, dictCode: r.dictCode, description: r.description ?? '', createTime: fmtTime(r.createdAt) }),
    afterWrite: clear,
  });

  /** Items are scoped through their dictionary's tenant. */
  const ownDicts = (req: FastifyRequest) =>
    db
      .select({ id: dicts.id })
      .from(dicts)
      .where(eq(dicts.tenantId, tenantOf(req)));
  registerCrud(app, db, {
    tag: 'dict',
    base: CONFIG_BASE.dictItem,
    title: '字典项',
    exportColumns: [
      { key: 'itemText', header: '名称' },
      { key: 'itemValue', header: '数据值' },
      { key: 'description', header: '描述' },
      { key: 'sortOrder', header: '排序' },
      { key: 'status', header: '状态' },
      { key: 'color', header: '颜色' },
    ],
    perm: CONFIG_PERM.dictItem,
    table: dictItems,
    idCol: dictItems.id,
    fields: CONFIG_LIST_FIELDS.dictItem,
    columns: {
      id: dictItems.id,
      dictId: dictItems.dictId,
      itemText: dictItems.itemText,
      itemValue: dictItems.itemValue,
      status: dictItems.status,
      sortOrder: dictItems.sortNo,
      createTime: dictItems.createdAt,
    },
    body: dictItemBody,
    uniqueMessage: CONFIG_MSG.itemValueTaken,
    scope: (req) => inArray(dictItems.dictId, ownDicts(req)),
    async values(b, req, existing) {
      const [d] = await db
        .select({ id: dicts.id })
        .from(dicts)
        .where(and(eq(dicts.id, b.dictId), eq(dicts.tenantId, tenantOf(req))))
        .limit(1);
      if (!d) throw new AppError(404, CONFIG_MSG.notFound);
      if (existing && existing.dictId !== b.dictId) throw new AppError(400, '字典项不能移到其他字典');
      return {
        dictId: b.dictId,
        itemText: b.itemText,
        itemValue: b.itemValue,
        description: b.description ?? null,
        sortNo: b.sortOrder,
        status: b.status,
        color: b.color || null,
      };
    },
    toRecord: (r) => ({
      id: r.id,
      dictId: r.dictId,
      itemText: r.itemText,
      itemValue: r.itemValue,
      description: r.description ?? '',
      sortOrder: r.sortNo,
      status: r.status,
      color: r.color ?? '',
      createTime: fmtTime(r.createdAt),
    }),
    afterWrite: clear,
  });

  const toOption = (i: DictItem) => ({ value: i.value, text: i.text, title: i.text, label: i.text, ...(i.color ? { color: i.color } : {}) });

  app.get(
    CP.loadDict,
    {
      schema: { params: dictCodeParams, querystring: z.object({ keyword: z.string().max(100).optional() }), tags: ['dict'] },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      const keyword = req.query.keyword?.trim() ?? '';
      const table = tableDictCode(req.params.dictCode);
      if (table) {
        const page = await sqlDictPage(db, tenantId, { ...table, reader: authOf(req), keyword, pageSize: 50, pageNum: 1 });
        return sysOk(page.listData.map((o) => ({ value: o.value, text: o.text, title: o.text, label: o.text })));
      }
      const items = await cache.items(tenantId, req.params.dictCode);
      if (!items) throw new AppError(404, WIRE_MSG.dictNotFound(req.params.dictCode));
      const k = keyword.toLowerCase();
      return sysOk(items.filter((i) => !k || i.text.toLowerCase().includes(k) || i.value.toLowerCase().includes(k)).map(toOption));
    },
  );

  app.get(
    CP.loadDictItem,
    {
      schema: { params: dictCodeParams, querystring: z.object({ key: z.string().max(2000).default('') }), tags: ['dict'] },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      const keys = req.query.key
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
        .slice(0, 200);
      const table = tableDictCode(req.params.dictCode);
      if (table) {
        if (!keys.length) return sysOk([]);
        const page = await sqlDictPage(db, tenantId, { ...table, reader: authOf(req), values: keys, pageSize: keys.length, pageNum: 1 });
        const byValue = new Map(page.listData.map((o) => [o.value, o.text]));
        return sysOk(keys.filter((k) => byValue.has(k)).map((k) => byValue.get(k)!));
      }
      const items = await cache.items(tenantId, req.params.dictCode);
      if (!items) throw new AppError(404, WIRE_MSG.dictNotFound(req.params.dictCode));
      const byValue = new Map(items.map((i) => [i.value, i.text]));
      return sysOk(keys.filter((k) => byValue.has(k)).map((k) => byValue.get(k)!));
    },
  );
}
