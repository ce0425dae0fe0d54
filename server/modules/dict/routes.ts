// Dictionary calls of spec §7, scoped to the tenant of the request.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/api/paths';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';

const dictCodeParams = z.object({
  dictCode: z.string().trim().min(1, WIRE_MSG.dictCodeEmpty).max(64, MSG.badRequest),
});

export const dictRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { dicts }) => {
  app.get(P.dictAll, { schema: { tags: ['dict'] }, config: { permission: 'authenticated' } }, async (req) =>
    sysOk(await dicts.all(authOf(req).tenantId)),
  );

  app.get(P.dictItems, { schema: { params: dictCodeParams, tags: ['dict'] }, config: { permission: 'authenticated' } }, async (req) => {
    const items = await dicts.items(authOf(req).tenantId, req.params.dictCode);
    if (!items) throw new AppError(404, WIRE_MSG.dictNotFound(req.params.dictCode));
    return sysOk(items);
  });

  app.get(P.dictRefresh, { schema: { tags: ['dict'] }, config: { permission: 'authenticated' } }, async (req) => {
    dicts.clear(authOf(req).tenantId);
    return sysOk(null, MSG.cacheRefreshDone);
  });
};
