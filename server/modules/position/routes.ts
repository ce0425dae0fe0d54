// 职务 (positions) of the caller's tenant: the list kit's CRUD over the one CRUD mechanism of the
// config module (list, queryById, add, edit, delete, deleteBatch, exportXls, each behind
// system:position:*), and queryall, the picker's read of every position of the tenant.
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  POSITION_BASE,
  POSITION_LIST_FIELDS,
  POSITION_MSG,
  POSITION_P,
  positionBody,
  positionRankText,
  type PositionRecord,
} from '../../../contract/api/position';
import type { ModuleOptions } from '../../context';
import { positions } from '../../db/schema';
import { sysOk } from '../../http/envelope';
import { fmtTime, registerCrud } from '../config/crud';
import { tenantOf, tenantScope } from '../config/scope';

/** How many positions the picker reads at most (a tenant has tens, not thousands). */
export const POSITION_PICKER_MAX = 1000;

const toRecord = (r: Record<string, unknown>): PositionRecord => ({
  id: String(r.id),
  name: String(r.name),
  code: String(r.code),
  rank: String(r.rank),
  rank_dictText: positionRankText(String(r.rank)),
  createTime: fmtTime(r.createdAt),
});

export const positionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  registerCrud(app, db, {
    tag: 'position',
    base: POSITION_BASE,
    perm: 'system:position',
    title: '职务',
    exportColumns: [
      { key: 'name', header: '职务名称' },
      { key: 'code', header: '职务编码' },
      { key: 'rank_dictText', header: '职级' },
      { key: 'createTime', header: '创建时间' },
    ],
    table: positions,
    idCol: positions.id,
    fields: POSITION_LIST_FIELDS,
    columns: { id: positions.id, name: positions.name, code: positions.code, rank: positions.rank, createTime: positions.createdAt },
    body: positionBody,
    uniqueMessage: POSITION_MSG.codeTaken,
    scope: tenantScope(positions.tenantId),
    values: (b, req, existing) => ({ name: b.name, code: b.code, rank: b.rank, ...(existing ? {} : { tenantId: tenantOf(req) }) }),
    toRecord,
  });

  app.get(POSITION_P.queryAll, { schema: { tags: ['position'] }, config: { permission: 'authenticated' } }, async (req) => {
    const rows = await db
      .select()
      .from(positions)
      .where(eq(positions.tenantId, tenantOf(req)))
      .orderBy(asc(positions.rank), asc(positions.code))
      .limit(POSITION_PICKER_MAX);
    return sysOk(rows.map((r) => toRecord(r)));
  });
};
