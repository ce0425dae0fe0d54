// The allow-listed look-up calls used by form widgets everywhere: the duplicate check (two wire
// forms), the SQL dictionary and tree data. Any signed-in user may call them; what they can read
// is limited by the allow-list and by their tenant.
import { CONFIG_MSG, CP, duplicateCheckQuery, loadTreeQuery, sqlDictBody, validateExistenceBody } from '../../../contract/api/config';
import type { ModuleOptions } from '../../context';
import { AppError, capOk, sysOk } from '../../http/envelope';
import type { ZodApp } from './crud';
import { duplicateCount, sqlDictPage, treeNodes } from './lookups';
import { tenantOf } from './scope';
import { authOf } from '../../http/guard';

export function lookupRoutes(app: ZodApp, { deps }: ModuleOptions): void {
  const db = deps.db;
  const authenticated = { permission: 'authenticated' } as const;

  app.get(CP.duplicateCheck, { schema: { querystring: duplicateCheckQuery, tags: ['lookup'] }, config: authenticated }, async (req) => {
    const q = req.query;
    const { cnt, label } = await duplicateCount(db, tenantOf(req), {
      tableName: q.tableName,
      fieldName: q.fieldName,
      value: q.fieldVal?.trim() ?? '',
      dataId: q.dataId,
    });
    if (cnt > 0) throw new AppError(400, CONFIG_MSG.exists(label));
    return sysOk(true, CONFIG_MSG.available);
  });

  app.post(CP.validateExistence, { schema: { body: validateExistenceBody, tags: ['lookup'] }, config: authenticated }, async (req) => {
    const b = req.body;
    const value = b.fieldValue === null || b.fieldValue === undefined ? '' : String(b.fieldValue).trim();
    const { cnt, label } = await duplicateCount(db, tenantOf(req), {
      tableName: b.tableName,
      fieldName: b.fieldCode,
      value,
      dataId: b.idValue === null || b.idValue === undefined || b.idValue === '' ? null : String(b.idValue),
    });
    const name = b.fieldName?.trim() || label;
    return capOk({ cnt }, cnt > 0 ? CONFIG_MSG.exists(name) : CONFIG_MSG.available);
  });

  app.post(CP.sqlDict, { schema: { body: sqlDictBody, tags: ['lookup'] }, config: authenticated }, async (req) => {
    const b = req.body;
    const pageSize = b.page?.pageSize ?? 10;
    const pageNum = b.page?.pageNum ?? 1;
    const { listData, count } = await sqlDictPage(db, tenantOf(req), {
      reader: authOf(req),
      tableName: b.tableName,
      fieldText: b.fieldText,
      fieldValue: b.fieldValue,
      keyword: b.fieldValueKeyword,
      condition: b.sqlCondition,
      orderBy: b.sqlOrderBy,
      pageSize,
      pageNum,
    });
    return capOk({ listData, page: { count, pageSize, offset: (pageNum - 1) * pageSize } });
  });

  app.get(CP.loadTreeData, { schema: { querystring: loadTreeQuery, tags: ['lookup'] }, config: authenticated }, async (req) =>
    sysOk(await treeNodes(db, tenantOf(req), req.query)),
  );
}
