// Calls of the category tree (spec §7 /sys/category): the picker's reads, open to any signed-in
// user of the tenant (a category is a shared classification, like a dictionary), and the writes
// behind system:category:add|edit|delete. Every read and write stays inside the caller's tenant.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CATEGORY_MSG,
  CATEGORY_P,
  CATEGORY_PERMS,
  categoryBody,
  categoryEditBody,
  categoryIdQuery,
  categoryTreeDataQuery,
  loadDictItemQuery,
  loadOneQuery,
  loadTreeChildrenQuery,
  loadTreeRootQuery,
} from '../../../contract/api/category';
import { CONFIG_MSG } from '../../../contract/api/config';
import type { ModuleOptions } from '../../context';
import { categories } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import { writeOrRefuse } from '../config/crud';
import { tenantOf } from '../config/scope';
import { categoryByCode, categoryById, checkParent, childrenOf, hasChildren, loadTreeData, loadTreeRoot, namesOf, toNode } from './service';

export const categoryRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const tags = ['category'];
  const read = { permission: 'authenticated' } as const;

  app.get(CATEGORY_P.loadTreeRoot, { schema: { querystring: loadTreeRootQuery, tags }, config: read }, async (req) =>
    sysOk(await loadTreeRoot(db, tenantOf(req), req.query)),
  );

  app.get(CATEGORY_P.loadTreeChildren, { schema: { querystring: loadTreeChildrenQuery, tags }, config: read }, async (req) => {
    const parent = await categoryById(db, tenantOf(req), req.query.pid);
    return sysOk(await childrenOf(db, tenantOf(req), parent.id));
  });

  app.get(CATEGORY_P.loadOne, { schema: { querystring: loadOneQuery, tags }, config: read }, async (req) => {
    const { field, val } = req.query;
    const tenantId = tenantOf(req);
    const row = field === 'id' ? await categoryById(db, tenantId, val) : await categoryByCode(db, tenantId, val);
    return sysOk(toNode(row, !(await hasChildren(db, tenantId, row.id))));
  });

  app.get(CATEGORY_P.loadTreeData, { schema: { querystring: categoryTreeDataQuery, tags }, config: read }, async (req) =>
    sysOk(await loadTreeData(db, tenantOf(req), req.query)),
  );

  app.get(CATEGORY_P.loadDictItem, { schema: { querystring: loadDictItemQuery, tags }, config: read }, async (req) => {
    const ids = req.query.ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return sysOk(await namesOf(db, tenantOf(req), ids));
  });

  app.post(CATEGORY_P.add, { schema: { body: categoryBody, tags }, config: { permission: CATEGORY_PERMS.add } }, async (req) => {
    const tenantId = tenantOf(req);
    const b = req.body;
    const pid = await checkParent(db, tenantId, b.pid);
    const [row] = await writeOrRefuse(
      () => db.insert(categories).values({ id: newId(), tenantId, pid, name: b.name, code: b.code }).returning(),
      CATEGORY_MSG.codeTaken,
    );
    return sysOk(toNode(row, true), CONFIG_MSG.added);
  });

  app.put(CATEGORY_P.edit, { schema: { body: categoryEditBody, tags }, config: { permission: CATEGORY_PERMS.edit } }, async (req) => {
    const tenantId = tenantOf(req);
    const b = req.body;
    const existing = await categoryById(db, tenantId, b.id);
    const pid = await checkParent(db, tenantId, b.pid, existing.id);
    const [row] = await writeOrRefuse(
      () => db.update(categories).set({ pid, name: b.name, code: b.code }).where(eq(categories.id, existing.id)).returning(),
      CATEGORY_MSG.codeTaken,
    );
    return sysOk(toNode(row, !(await hasChildren(db, tenantId, row.id))), CONFIG_MSG.edited);
  });

  app.delete(CATEGORY_P.delete, { schema: { querystring: categoryIdQuery, tags }, config: { permission: CATEGORY_PERMS.delete } }, async (req) => {
    const tenantId = tenantOf(req);
    const row = await categoryById(db, tenantId, req.query.id);
    if (await hasChildren(db, tenantId, row.id)) throw new AppError(400, CATEGORY_MSG.hasChildren);
    await writeOrRefuse(() => db.delete(categories).where(eq(categories.id, row.id)), CATEGORY_MSG.codeTaken, CATEGORY_MSG.hasChildren);
    return sysOk(null, CONFIG_MSG.deleted);
  });
};
