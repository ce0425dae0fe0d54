// Dictionary calls of spec §7, scoped to the tenant of the request. The cache refresh reaches every
// server process on the database (the dictionary service publishes it through the broker).
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/api/paths';
import { WIRE_MSG } from '../../../contract/api/wire';
import { CONFIG_EXTRA_PERMS } from '../../../contract/api/config';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { createBroker } from '../../realtime/broker';

const dictCodeParams = z.object({
  dictCode: z.string().trim().min(1, WIRE_MSG.dictCodeEmpty).max(64, MSG.badRequest),
});

export const dictRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps, dicts }) => {
  const broker = await createBroker(deps.db, deps.log);
  dicts.shareThrough(broker, deps.log);
  app.addHook('onClose', async () => broker.close());

  app.get(P.dictAll, { schema: { tags: ['dict'] }, config: { permission: 'authenticated' } }, async (req) => sysOk(await dicts.all(authOf(req).tenantId)));

  app.get(P.dictItems, { schema: { params: dictCodeParams, tags: ['dict'] }, config: { permission: 'authenticated' } }, async (req) => {
    const items = await dicts.items(authOf(req).tenantId, req.params.dictCode);
    if (!items) throw new AppError(404, WIRE_MSG.dictNotFound(req.params.dictCode));
    return sysOk(items);
  });

  app.get(P.dictRefresh, { schema: { tags: ['dict'] }, config: { permission: CONFIG_EXTRA_PERMS.dictRefresh } }, async (req) => {
    if (!(await dicts.clear(authOf(req).tenantId))) throw new AppError(500, MSG.cacheRefreshFailed);
    return sysOk(null, MSG.cacheRefreshDone);
  });
};
