// Routes of the admin module: user administration (spec §7 /sys/user/*) and the static files of
// avatars and import results (the upload calls: server/modules/files).
// Each route names its permission code; the guard checks it for reads and writes.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_P,
  USER_MSG,
  USER_PERMS,
  changePasswordBody,
  checkOnlyUserQuery,
  frozenBatchBody,
  idQuery,
  idsQuery,
  queryUserRoleQuery,
  userAddBody,
  userEditBody,
} from '../../../contract/api/admin';
import { parseListQuery } from '../../../contract/listQuery';
import type { ModuleOptions } from '../../context';
import { authOf } from '../../http/guard';
import { AppError, JsonText, sysFail, sysOk, sysOkJson } from '../../http/envelope';
import { contentTypeOf, fileStoreOver, type FileStore } from './files';
import { exportRows, importUsers, USER_EXPORT_COLUMNS } from './userImport';
import { dataScopeOf } from '../rbac/dataScope';
import { listUsers, USER_LIST_TABLES, USER_RESOURCE, USER_RULES, userRowById, usersForExport } from './userQuery';
import { addUser, changePassword, deleteUsers, editUser, freezeUsers, roleIdsOf, takenField } from './userService';
import { sendXlsx, toXlsx, uploadedFiles } from './xlsx';

const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const EXPORT_TITLE = '用户信息';

function parsedList(query: Record<string, unknown>) {
  const parsed = parseListQuery(query, USER_RESOURCE);
  if (!parsed.ok) throw new AppError(400, parsed.message);
  return parsed.value;
}

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions & { fileStore?: FileStore }> = async (app, { deps, fileStore }) => {
  const store = fileStore ?? fileStoreOver();
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 20 } });
  const tags = ['system-user'];

  app.get(ADMIN_P.userList, { schema: { querystring: listQuery, tags }, config: { permission: USER_PERMS.list } }, async (req, reply) => {
    const q = parsedList(req.query);
    const auth = authOf(req);
    const { tenantId } = auth;
    // The reader's data rules narrow the page, so they are part of the cache key: a narrowed reader
    // never gets the page of an unnarrowed one, nor the reverse.
    const scope = await dataScopeOf(deps.db, auth, USER_RULES);
    const key = `users|${tenantId}|${scope?.key ?? ''}|${JSON.stringify(q)}`;
    // A page read afresh comes from the index of a large tenant when it answers exactly (never under
    // data rules), else from SQL.
    const index = scope === null ? deps.userIndex : null;
    // The page is kept and sent as its JSON text: a page the cache holds is sent without serializing.
    const read = async () => (index ? await index.list(q, tenantId) : null) ?? JsonText.of(await listUsers(deps.db, q, tenantId, scope));
    return sysOkJson(reply, await deps.lists.through(key, USER_LIST_TABLES, read, (page) => !index || index.keepable(page)));
  });

  app.get(ADMIN_P.userQueryById, { schema: { querystring: idQuery, tags }, config: { permission: USER_PERMS.list } }, async (req) => {
    const auth = authOf(req);
    return sysOk(await userRowById(deps.db, req.query.id, auth.tenantId, await dataScopeOf(deps.db, auth, USER_RULES)));
  });

  app.post(ADMIN_P.userAdd, { schema: { body: userAddBody, tags }, config: { permission: USER_PERMS.add, signed: true } }, async (req) => {
    const id = await addUser(deps, authOf(req), req.body);
    return sysOk({ id }, USER_MSG.added);
  });

  app.put(ADMIN_P.userEdit, { schema: { body: userEditBody, tags }, config: { permission: USER_PERMS.edit, signed: true } }, async (req) => {
    await editUser(deps, authOf(req), req.body);
    return sysOk(null, USER_MSG.edited);
  });

  app.delete(ADMIN_P.userDelete, { schema: { querystring: idQuery, tags }, config: { permission: USER_PERMS.delete } }, async (req) => {
    await deleteUsers(deps, authOf(req), [req.query.id]);
    return sysOk(null, USER_MSG.deleted);
  });

  app.delete(ADMIN_P.userDeleteBatch, { schema: { querystring: idsQuery, tags }, config: { permission: USER_PERMS.batchDelete } }, async (req) => {
    await deleteUsers(deps, authOf(req), req.query.ids);
    return sysOk(null, USER_MSG.batchDeleted);
  });

  app.put(ADMIN_P.userFrozenBatch, { schema: { body: frozenBatchBody, tags }, config: { permission: USER_PERMS.frozen, signed: true } }, async (req) => {
    await freezeUsers(deps, authOf(req), req.body.ids, req.body.status);
    return sysOk(null, req.body.status === '2' ? USER_MSG.frozen : USER_MSG.unfrozen);
  });

  // Readable by anyone who may add or edit users (the form checks on blur).
  app.get(
    ADMIN_P.userCheckOnly,
    { schema: { querystring: checkOnlyUserQuery, tags }, config: { permission: `${USER_PERMS.add},${USER_PERMS.edit}` } },
    async (req, reply) => {
      const q = req.query;
      const taken = await takenField(deps.db, { username: q.username, mobile: q.mobile || q.phone, email: q.email }, q.id || undefined);
      if (taken) return reply.send(sysFail(400, USER_MSG.exists(taken)));
      return sysOk(true, '该值可用！');
    },
  );

  app.put(
    ADMIN_P.userChangePassword,
    { schema: { body: changePasswordBody, tags }, config: { permission: USER_PERMS.password, signed: true } },
    async (req) => {
      await changePassword(deps, authOf(req), req.body);
      return sysOk(null, USER_MSG.passwordChanged);
    },
  );

  app.get(
    ADMIN_P.userQueryRole,
    { schema: { querystring: queryUserRoleQuery, tags }, config: { permission: `${USER_PERMS.add},${USER_PERMS.edit}` } },
    async (req) => {
      return sysOk(await roleIdsOf(deps.db, authOf(req), req.query.userid));
    },
  );

  app.get(ADMIN_P.userExport, { schema: { querystring: listQuery, tags }, config: { permission: USER_PERMS.export } }, async (req, reply) => {
    const sel = typeof req.query.selections === 'string' && req.query.selections ? req.query.selections.split(',').filter(Boolean).slice(0, 10_000) : null;
    const auth = authOf(req);
    const q = parsedList({ ...req.query, pageNo: undefined, pageSize: undefined });
    const rows = await usersForExport(deps.db, q, auth.tenantId, sel, await dataScopeOf(deps.db, auth, USER_RULES));
    return sendXlsx(reply, EXPORT_TITLE, await toXlsx(EXPORT_TITLE, USER_EXPORT_COLUMNS, exportRows(rows)));
  });

  app.post(ADMIN_P.userImport, { schema: { tags }, config: { permission: USER_PERMS.import } }, async (req, reply) => {
    const files = await uploadedFiles(req);
    if (!files.length) throw new AppError(400, USER_MSG.uploadEmpty);
    for (const f of files) if (!/\.xlsx?$/i.test(f.filename)) throw new AppError(400, `${f.filename} ${USER_MSG.importFileType}`);
    const auth = authOf(req);
    let imported = 0;
    const errorFiles: string[] = [];
    for (const f of files) {
      const r = await importUsers(deps, auth, store, f.data);
      imported += r.imported;
      if (r.errorFile) errorFiles.push(r.errorFile);
    }
    if (errorFiles.length) {
      const errorFileUrl = `${ADMIN_P.download}/${errorFiles[0]}`;
      return reply.status(201).send({
        success: true,
        code: 201,
        message: USER_MSG.importBadRows,
        result: { errorFileUrl, errorFiles: errorFiles.map((p) => `${ADMIN_P.download}/${p}`), imported },
        timestamp: Date.now(),
      });
    }
    return sysOk({ imported }, USER_MSG.imported(files.map((f) => f.filename).join('、'), imported));
  });

  // Uploaded images are public by their unguessable names (an <img> cannot send the token);
  // import error files are not served here.
  app.get(`${ADMIN_P.staticBase}/*`, { schema: { tags: ['common'] }, config: { permission: 'public' } }, async (req, reply) => {
    const rel = (req.params as { '*'?: string })['*'] ?? '';
    if (!/^(avatar|images)\//.test(rel)) throw new AppError(404, '文件不存在');
    const data = await store.read(rel);
    if (!data) throw new AppError(404, '文件不存在');
    return reply
      .header('Content-Type', contentTypeOf(rel))
      .header('Cache-Control', 'public, max-age=604800, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(data);
  });

  app.get(`${ADMIN_P.download}/*`, { schema: { tags: ['common'] }, config: { permission: 'authenticated' } }, async (req, reply) => {
    const rel = (req.params as { '*'?: string })['*'] ?? '';
    if (!/^import-errors\//.test(rel)) throw new AppError(404, '文件不存在');
    const data = await store.read(rel);
    if (!data) throw new AppError(404, '文件不存在');
    const name = rel.split('/').pop() ?? 'errors.xlsx';
    return reply
      .header('Content-Type', contentTypeOf(rel))
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(data);
  });
};
