// Online reports (contract/api/report.ts): the definitions' CRUD for platform administrators
// (online:cgreport:*), and the three reading calls of spec §7 for any signed-in user — each answers
// only what the caller may see (sources.ts scopes every read).
import { and, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  REPORT_BASE,
  REPORT_LIST_FIELDS,
  REPORT_MSG,
  REPORT_P,
  REPORT_SOURCES,
  reportBody,
  sourceOf,
  type ReportColumnsAnswer,
  type ReportQueryField,
  type ReportRecord,
  type ReportSource,
  type ReportSourceKey,
} from '../../../contract/api/report';
import { parseListQuery, type FieldType, type PageResult } from '../../../contract/listQuery';
import { formatFen } from '../../../contract/money';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { onlineReports } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { orderOf, whereOf } from '../../lib/listSql';
import { sendXlsx, toXlsx } from '../admin/xlsx';
import { fmtTime, registerCrud } from '../config/crud';
import { platformOnly } from '../config/scope';
import { SERVER_SOURCES } from './sources';

type Def = typeof onlineReports.$inferSelect;
type Row = Record<string, unknown>;

const toRecord = (r: Row): ReportRecord => {
  const d = r as unknown as Def;
  return {
    id: d.id,
    code: d.code,
    name: d.name,
    source: d.source as ReportSourceKey,
    source_dictText: sourceOf(d.source)?.title ?? d.source,
    columns: d.columns,
    queryFields: d.queryFields,
    createTime: fmtTime(d.createdAt),
  };
};

/** A definition whose source or fields no longer exist in this release reads as not found rather than failing. */
function usable(def: Def): { def: Def; source: ReportSource; server: (typeof SERVER_SOURCES)[ReportSourceKey] } {
  const source = sourceOf(def.source);
  if (!source) throw new AppError(404, REPORT_MSG.notFound);
  return {
    def: { ...def, columns: def.columns.filter((c) => source.fields[c.field]), queryFields: def.queryFields.filter((q) => source.fields[q.field]) },
    source,
    server: SERVER_SOURCES[def.source as ReportSourceKey],
  };
}

async function byId(db: Db, id: string) {
  const [def] = await db.select().from(onlineReports).where(eq(onlineReports.id, id)).limit(1);
  if (!def) throw new AppError(404, REPORT_MSG.notFound);
  return usable(def);
}

/** Record values as the wire shows them: times formatted, amounts in yuan, dictionary texts beside their codes. */
function present(source: ReportSource, fields: string[], row: Row): Row {
  const out: Row = {};
  for (const f of fields) {
    const meta = source.fields[f];
    const v = row[f];
    if (meta.type === 'fen') out[f] = v === null || v === undefined ? '' : formatFen(BigInt(v as string | number | bigint));
    else if (meta.type === 'datetime') out[f] = fmtTime(v);
    else out[f] = v === null || v === undefined ? '' : String(v);
    if (meta.options) out[`${f}_dictText`] = meta.options.find((o) => o.value === out[f])?.text ?? out[f];
  }
  return out;
}

const codeParams = z.object({ code: z.string().trim().min(1, REPORT_MSG.notFound).max(64) });
const idParams = z.object({ id: z.string().trim().min(1, REPORT_MSG.notFound).max(64) });

export const reportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  registerCrud(app, db, {
    tag: 'report',
    base: REPORT_BASE,
    perm: 'online:cgreport',
    title: '在线报表',
    exportColumns: [
      { key: 'code', header: '报表编码' },
      { key: 'name', header: '报表名称' },
      { key: 'source_dictText', header: '数据源' },
      { key: 'createTime', header: '创建时间' },
    ],
    table: onlineReports,
    idCol: onlineReports.id,
    fields: REPORT_LIST_FIELDS,
    columns: { id: onlineReports.id, code: onlineReports.code, name: onlineReports.name, source: onlineReports.source, createTime: onlineReports.createdAt },
    body: reportBody,
    uniqueMessage: REPORT_MSG.codeTaken,
    // Definitions are shared by every tenant: only platform staff write them.
    guard: platformOnly(db),
    values: (b) => ({ code: b.code, name: b.name, source: b.source, columns: b.columns, queryFields: b.queryFields }),
    toRecord,
  });

  app.get(REPORT_P.sources, { schema: { tags: ['report'] }, config: { permission: 'online:cgreport:list' } }, async () => sysOk(REPORT_SOURCES));

  app.get(REPORT_P.columns, { schema: { params: codeParams, tags: ['report'] }, config: { permission: 'authenticated' } }, async (req) => {
    const [found] = await db.select().from(onlineReports).where(eq(onlineReports.code, req.params.code)).limit(1);
    if (!found) throw new AppError(404, REPORT_MSG.notFound);
    const { def, source } = usable(found);
    const dictOptions: ReportColumnsAnswer['dictOptions'] = {};
    for (const c of def.columns) {
      const options = source.fields[c.field].options;
      if (options) dictOptions[c.field] = options.map((o) => ({ value: o.value, text: o.text }));
    }
    const answer: ReportColumnsAnswer = {
      cgRpConfigId: def.id,
      cgRpConfigName: def.name,
      code: def.code,
      columns: def.columns.map((c) => ({ dataIndex: c.field, title: c.title, type: source.fields[c.field].type })),
      dictOptions,
    };
    return sysOk(answer);
  });

  app.get(REPORT_P.queryInfo, { schema: { params: idParams, tags: ['report'] }, config: { permission: 'authenticated' } }, async (req) => {
    const { def, source } = await byId(db, req.params.id);
    const fields: ReportQueryField[] = def.queryFields.map((q) => {
      const meta = source.fields[q.field];
      return {
        field: q.field,
        label: def.columns.find((c) => c.field === q.field)?.title ?? meta.title,
        mode: q.mode,
        type: meta.type as FieldType,
        hidden: q.hidden,
        ...(q.defaultValue ? { defaultValue: q.defaultValue } : {}),
        ...(meta.options ? { options: meta.options.map((o) => ({ value: o.value, text: o.text })) } : {}),
      };
    });
    return sysOk(fields);
  });

  /** The report's rows for this caller: its query fields filter, its columns sort, its sources' scope confines. */
  async function reportRows(req: FastifyRequest, id: string, limit?: number): Promise<{ def: Def; source: ReportSource; page: PageResult<Row> }> {
    const { def, source, server } = await byId(db, id);
    const shown = def.columns.map((c) => c.field);
    const queryable = new Set(def.queryFields.map((q) => q.field));
    const fields: Record<string, FieldType> = {};
    for (const f of new Set([...shown, ...queryable])) {
      const t = source.fields[f].type;
      fields[f] = t === 'fen' ? 'number' : t;
    }
    const parsed = parseListQuery(req.query as Record<string, unknown>, {
      fields,
      sortable: shown,
      defaultSort: shown.includes(source.defaultSort.field) ? source.defaultSort : { field: shown[0], dir: 'asc' },
    });
    if (!parsed.ok) throw new AppError(400, parsed.message);
    const q = parsed.value;
    // Only the report's query fields filter (a shown column is not a query field unless defined so).
    q.where = q.where.filter((c) => queryable.has(c.field));
    // Timestamps compare through a text parameter cast by PostgreSQL (the wire sends 'YYYY-MM-DD HH:mm:ss').
    const columns = Object.fromEntries(Object.entries(server.columns).map(([f, c]) => [f, fields[f] === 'datetime' ? (sql`${c}` as unknown as AnyColumn) : c]));
    const resource = { fields, columns };
    const where = whereOf(q, resource, await server.scope(db, req));
    const selection = { ...Object.fromEntries(shown.map((f) => [f, server.columns[f] as PgColumn])), id: server.id as PgColumn };
    let rowsQ = db.select(selection).from(server.table).$dynamic();
    let countQ = db.select({ n: count() }).from(server.table).$dynamic();
    for (const j of server.joins) {
      rowsQ = rowsQ.innerJoin(j.table, j.on);
      countQ = countQ.innerJoin(j.table, j.on);
    }
    const size = limit ?? q.pageSize;
    const [rows, [{ n }]] = await Promise.all([
      rowsQ
        .where(and(where))
        .orderBy(...orderOf(q, resource))
        .limit(size)
        .offset(limit ? 0 : (q.pageNo - 1) * q.pageSize),
      countQ.where(and(where)),
    ]);
    return {
      def,
      source,
      page: {
        records: rows.map((r) => ({ id: String((r as Row).id), ...present(source, shown, r as Row) })),
        total: Number(n),
        size,
        current: limit ? 1 : q.pageNo,
      },
    };
  }

  app.get(REPORT_P.data, { schema: { params: idParams, tags: ['report'] }, config: { permission: 'authenticated' } }, async (req) =>
    sysOk((await reportRows(req, req.params.id)).page),
  );

  app.get(REPORT_P.exportData, { schema: { params: idParams, tags: ['report'] }, config: { permission: 'authenticated' } }, async (req, reply) => {
    const { def, source, page } = await reportRows(req, req.params.id, 10000);
    const columns = def.columns.map((c) => ({ key: source.fields[c.field].options ? `${c.field}_dictText` : c.field, header: c.title }));
    return sendXlsx(reply, def.name, await toXlsx(def.name, columns, page.records));
  });
};
