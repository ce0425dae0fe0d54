// One CRUD mechanism for the configuration resources: list (list kit query over an allow-list),
// queryById, add, edit, delete and deleteBatch, each behind `${perm}:list|add|edit|delete`.
// A resource is configuration: its table, wire fields → columns, body schema, how a row becomes a
// record and a body becomes column values, its scope (tenant) and its extra rules. The data rules
// of the resource's menu (rbac/dataScope.ts) narrow its list, export, detail, edit and delete
// like the tenant scope does; a rule may name any of its filter columns.
import { and, count, eq, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONFIG_MSG } from '../../../contract/api/config';
import { parseListQuery, type PageResult, type ResourceFields } from '../../../contract/listQuery';
import type { Db } from '../../db/client';
import { AppError, sysOk } from '../../http/envelope';
import { pgFault, uniqueMessage } from '../../http/pgErrors';
import { orderOf, whereOf } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { authOf } from '../../http/guard';
import { dataRuleResource, dataScopeOf, menuOfPermission, scopeWhere } from '../rbac/dataScope';
import { sendXlsx, toXlsx, type XlsxColumn } from '../admin/xlsx';
import { formatDateTime } from '../../../contract/time';

export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Row = Record<string, unknown>;

export interface CrudSpec<In extends Record<string, unknown>> {
  tag: string;
  base: string;
  perm: string;
  table: PgTable;
  idCol: AnyColumn;
  fields: ResourceFields;
  /** Wire field → column, for filtering and sorting. */
  columns: Record<string, AnyColumn>;
  body: z.ZodType<In>;
  toRecord(row: Row): Record<string, unknown>;
  /** Condition every read and write is confined to (the tenant), or undefined for shared rows. */
  scope?(req: FastifyRequest): Promise<SQL | undefined> | SQL | undefined;
  /** Column values of an add (existing undefined) or an edit; may throw AppError. */
  values(input: In, req: FastifyRequest, existing?: Row): Promise<Row> | Row;
  /** Message when a unique index refuses the write. */
  uniqueMessage: string;
  /** Extra refusals before delete (in use, protected rows). */
  beforeDelete?(rows: Row[], req: FastifyRequest): Promise<void>;
  /** Delete itself when more than the row must go (in one transaction). */
  deleteRows?(db: Db, ids: string[]): Promise<void>;
  /** Runs before every call: e.g. platform users only. */
  guard?(req: FastifyRequest): Promise<void>;
  /** After every successful write (cache invalidation). */
  afterWrite?(req: FastifyRequest): void;
  /** Columns of the .xlsx export (GET {base}/exportXls, code `${perm}:export`); none → no export. */
  exportColumns?: XlsxColumn[];
  /** Sheet and file name of the export. */
  title?: string;
}

/** Runs a write: a unique index's refusal is a 409 naming its field (else `unique`), a foreign key's a 400. */
export async function writeOrRefuse<T>(run: () => Promise<T>, unique: string, inUse: string = CONFIG_MSG.inUse): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const taken = uniqueMessage(err, unique);
    if (taken) throw new AppError(409, taken);
    if (pgFault(err)?.code === '23503') throw new AppError(400, inUse);
    throw err;
  }
}

const idQuery = z.object({ id: z.string().trim().min(1, 'id不能为空').max(64) });
const idsQuery = z.object({
  ids: z
    .string()
    .trim()
    .min(1, '请选择一条记录！')
    .max(64 * 500)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
});

const editSchema = <In>(body: z.ZodType<In>) =>
  z.intersection(body, z.object({ id: z.string().trim().min(1, 'id不能为空').max(64) })) as unknown as z.ZodType<In & { id: string }>;

export function registerCrud<In extends Record<string, unknown>>(app: ZodApp, db: Db, spec: CrudSpec<In>): void {
  const perm = (a: string) => ({ permission: `${spec.perm}:${a}` });
  const tags = [spec.tag];
  const rules = dataRuleResource(menuOfPermission(`${spec.perm}:list`), spec.columns);
  /** The tenant scope and the reader's data rules: every read and write of a row stays inside both. */
  const scopeOf = async (req: FastifyRequest) => and(await spec.scope?.(req), scopeWhere(await dataScopeOf(db, authOf(req), rules)));
  const scoped = async (req: FastifyRequest, ...more: (SQL | undefined)[]) => and(await scopeOf(req), ...more);
  const before = async (req: FastifyRequest) => spec.guard?.(req);

  async function find(req: FastifyRequest, id: string): Promise<Row> {
    const [row] = await db
      .select()
      .from(spec.table)
      .where(await scoped(req, eq(spec.idCol, id)))
      .limit(1);
    if (!row) throw new AppError(404, CONFIG_MSG.notFound);
    return row as Row;
  }

  const resource = { fields: spec.fields.fields, columns: spec.columns };
  async function listWhere(req: FastifyRequest) {
    const parsed = parseListQuery(req.query as Record<string, unknown>, spec.fields);
    if (!parsed.ok) throw new AppError(400, parsed.message);
    return { q: parsed.value, where: whereOf(parsed.value, resource, [await scopeOf(req)]) };
  }

  app.get(`${spec.base}/list`, { schema: { tags }, config: perm('list') }, async (req) => {
    await before(req);
    const { q, where } = await listWhere(req);
    const [{ n }] = await db.select({ n: count() }).from(spec.table).where(where);
    const rows = await db
      .select()
      .from(spec.table)
      .where(where)
      .orderBy(...orderOf(q, resource))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    const page: PageResult<Record<string, unknown>> = {
      records: rows.map((r) => spec.toRecord(r as Row)),
      total: Number(n),
      size: q.pageSize,
      current: q.pageNo,
    };
    return sysOk(page);
  });

  const exportColumns = spec.exportColumns;
  if (exportColumns) {
    app.get(`${spec.base}/exportXls`, { schema: { tags }, config: perm('export') }, async (req, reply) => {
      await before(req);
      const { q, where } = await listWhere(req);
      const raw = (req.query as Record<string, unknown>).selections;
      const selections = typeof raw === 'string' && raw ? raw.split(',').slice(0, 5000) : null;
      const rows = await db
        .select()
        .from(spec.table)
        .where(selections ? and(where, inArray(spec.idCol, selections)) : where)
        .orderBy(...orderOf(q, resource))
        .limit(10000);
      const title = spec.title ?? spec.tag;
      return sendXlsx(
        reply,
        title,
        await toXlsx(
          title,
          exportColumns,
          rows.map((r) => spec.toRecord(r as Row)),
        ),
      );
    });
  }

  app.get(`${spec.base}/queryById`, { schema: { querystring: idQuery, tags }, config: perm('list') }, async (req) => {
    await before(req);
    return sysOk(spec.toRecord(await find(req, req.query.id)));
  });

  app.post(`${spec.base}/add`, { schema: { body: spec.body, tags }, config: perm('add') }, async (req) => {
    await before(req);
    const values = { id: newId(), ...(await spec.values(req.body as In, req)) };
    const [row] = await writeOrRefuse(() => db.insert(spec.table).values(values).returning(), spec.uniqueMessage);
    spec.afterWrite?.(req);
    return sysOk(spec.toRecord(row as Row), CONFIG_MSG.added);
  });

  app.put(`${spec.base}/edit`, { schema: { body: editSchema(spec.body), tags }, config: perm('edit') }, async (req) => {
    await before(req);
    const body = req.body as In & { id: string };
    const existing = await find(req, body.id);
    const values = await spec.values(body, req, existing);
    const [row] = await writeOrRefuse(() => db.update(spec.table).set(values).where(eq(spec.idCol, body.id)).returning(), spec.uniqueMessage);
    spec.afterWrite?.(req);
    return sysOk(spec.toRecord(row as Row), CONFIG_MSG.edited);
  });

  async function remove(req: FastifyRequest, ids: string[]): Promise<number> {
    const rows = (await db
      .select()
      .from(spec.table)
      .where(await scoped(req, inArray(spec.idCol, ids)))) as Row[];
    if (!rows.length) throw new AppError(404, CONFIG_MSG.notFound);
    await spec.beforeDelete?.(rows, req);
    const found = rows.map((r) => String(r.id));
    await writeOrRefuse(() => (spec.deleteRows ? spec.deleteRows(db, found) : db.delete(spec.table).where(inArray(spec.idCol, found))), spec.uniqueMessage);
    spec.afterWrite?.(req);
    return found.length;
  }

  app.delete(`${spec.base}/delete`, { schema: { querystring: idQuery, tags }, config: perm('delete') }, async (req) => {
    await before(req);
    await remove(req, [req.query.id]);
    return sysOk(null, CONFIG_MSG.deleted);
  });

  app.delete(`${spec.base}/deleteBatch`, { schema: { querystring: idsQuery, tags }, config: perm('batch_delete') }, async (req) => {
    await before(req);
    const ids = req.query.ids;
    if (!ids.length || ids.length > 500) throw new AppError(400, '请选择一条记录！');
    const n = await remove(req, ids);
    return sysOk({ deleted: n }, CONFIG_MSG.deleted);
  });
}

/** 'YYYY-MM-DD HH:mm:ss' in the display zone (contract/time.ts), as the lists show it. */
export const fmtTime = (d: unknown): string => (d instanceof Date ? formatDateTime(d) : d ? String(d) : '');
