// Routes of the message module: announcement administration (system:announcement:*), each user's
// announcements and read state ('authenticated'), and the notification socket with its fan-out.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNT_MSG,
  ANNT_PERMS,
  MP,
  anntAddBody,
  anntEditBody,
  idQuery,
  idsQuery,
  markReadBody,
  mySendsQuery,
  recipientOptionsQuery,
} from '../../../contract/api/message';
import { ANNOUNCEMENT_LIST_PATH } from '../../../contract/constants';
import { parseListQuery } from '../../../contract/listQuery';
import { hasPermission } from '../../../contract/permission';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { createBroker } from '../../realtime/broker';
import { NotifyHub, notifySocketRoutes } from '../../realtime/notifyHub';
import { storeOfDb } from '../ledger/store';
import { queuePush } from '../push/outbox';
import { permissionLists } from '../resources/service';
import type { AuthCache } from '../session/authCache';
import { recipientOptions } from './recipients';
import * as svc from './service';

const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const tags = ['message'];

export const messageRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const { db } = deps;
  const broker = await createBroker(db, deps.log);
  const hub = new NotifyHub(deps);
  deps.metrics.countSockets('notify', () => hub.size);
  // Live notices reach a socket only if its user may see the thing: asked through the guard's cache
  // (buildApp sets it on the root instance before modules register).
  const guard = (app as unknown as { authCache: AuthCache }).authCache;
  const allows = (userId: string, tenantId: string, permission: string) => guard.allows(userId, tenantId, permission);
  await app.register(notifySocketRoutes, { deps, broker, hub, allows });
  const publish = (fanOut: Parameters<typeof broker.publish>[0]) =>
    broker.publish(fanOut).catch((err: Error) => deps.log.error({ err: err.message }, 'notification fan-out failed'));

  app.get(MP.list, { schema: { querystring: listQuery, tags }, config: { permission: ANNT_PERMS.list } }, async (req) => {
    const q = parseListQuery(req.query, svc.ANNT_RESOURCE);
    if (!q.ok) throw new AppError(400, q.message);
    return sysOk(await svc.listAnnouncements(db, authOf(req).tenantId, q.value));
  });

  app.post(MP.add, { schema: { body: anntAddBody, tags }, config: { permission: ANNT_PERMS.add, signed: true } }, async (req) => {
    const { user, tenantId } = authOf(req);
    return sysOk(await svc.addAnnouncement(db, tenantId, { id: user.id, name: user.realname }, req.body), '添加成功！');
  });

  app.put(MP.edit, { schema: { body: anntEditBody, tags }, config: { permission: ANNT_PERMS.edit, signed: true } }, async (req) =>
    sysOk(await svc.editAnnouncement(db, authOf(req).tenantId, req.body), '编辑成功!'),
  );

  app.delete(MP.remove, { schema: { querystring: idQuery, tags }, config: { permission: ANNT_PERMS.remove } }, async (req) => {
    await svc.deleteAnnouncements(db, authOf(req).tenantId, [req.query.id]);
    return sysOk(null, '删除成功!');
  });

  app.delete(MP.removeBatch, { schema: { querystring: idsQuery, tags }, config: { permission: ANNT_PERMS.remove } }, async (req) => {
    const ids = [
      ...new Set(
        req.query.ids
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ];
    if (!ids.length || ids.length > 500) throw new AppError(400, ANNT_MSG.idsRequired);
    await svc.deleteAnnouncements(db, authOf(req).tenantId, ids);
    return sysOk(null, '批量删除成功!');
  });

  app.get(MP.release, { schema: { querystring: idQuery, tags }, config: { permission: ANNT_PERMS.release } }, async (req) => {
    const { row, fanOut, recipients } = await svc.releaseAnnouncement(db, authOf(req).tenantId, req.query.id);
    await publish(fanOut);
    await queuePush(storeOfDb(db), fanOut.tenantId, fanOut.to, {
      title: row.titile,
      body: row.msgAbstract || row.titile,
      url: (row.openType === 'url' && row.openPage) || ANNOUNCEMENT_LIST_PATH,
      tag: `annt-${row.id}`,
    }).catch((err: Error) => deps.log.warn(`push: queuing announcement ${row.id} failed: ${err.message}`));
    return sysOk({ recipients }, ANNT_MSG.released);
  });

  app.get(MP.revoke, { schema: { querystring: idQuery, tags }, config: { permission: ANNT_PERMS.revoke } }, async (req) => {
    const { fanOut } = await svc.revokeAnnouncement(db, authOf(req).tenantId, req.query.id);
    await publish(fanOut);
    return sysOk(null, ANNT_MSG.revoked);
  });

  // The form's picker: reading who exists is part of composing an announcement.
  app.get(MP.recipientOptions, { schema: { querystring: recipientOptionsQuery, tags }, config: { permission: ANNT_PERMS.add } }, async (req) => {
    const { type, keyword, ids } = req.query;
    const idList = ids
      ? [
          ...new Set(
            ids
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
          ),
        ].slice(0, 1000)
      : undefined;
    return sysOk(await recipientOptions(db, authOf(req).tenantId, type, keyword, idList));
  });

  app.get(MP.listByUser, { schema: { tags }, config: { permission: 'authenticated' } }, async (req) => {
    const { user, tenantId } = authOf(req);
    return sysOk(await svc.listByUser(db, tenantId, user.id));
  });

  app.get(MP.queryById, { schema: { querystring: idQuery, tags }, config: { permission: 'authenticated' } }, async (req) => {
    const { user, tenantId } = authOf(req);
    const isAdmin = hasPermission(ANNT_PERMS.list, await permissionLists(db, user.id, tenantId));
    return sysOk(await svc.detailFor(db, tenantId, user.id, req.query.id, isAdmin));
  });

  app.put(MP.markRead, { schema: { body: markReadBody, tags }, config: { permission: 'authenticated' } }, async (req) => {
    const { user, tenantId } = authOf(req);
    await svc.markRead(db, tenantId, user.id, req.body.anntId);
    return sysOk(null);
  });

  app.get(MP.mySends, { schema: { querystring: mySendsQuery, tags }, config: { permission: 'authenticated' } }, async (req) => {
    const { user, tenantId } = authOf(req);
    return sysOk(await svc.mySends(db, tenantId, user.id, req.query));
  });

  app.put(MP.readAll, { schema: { tags }, config: { permission: 'authenticated' } }, async (req) => {
    const { user, tenantId } = authOf(req);
    const n = await svc.readAll(db, tenantId, user.id);
    return sysOk({ count: n }, ANNT_MSG.readAllDone);
  });
};
