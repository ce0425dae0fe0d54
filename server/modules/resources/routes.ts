// The resource list the client builds its routes and buttons from (spec §2, §6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { P } from '../../../contract/api/paths';
import type { ModuleOptions } from '../../context';
import { capOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { resourcesOf } from './service';

export const resourceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(P.resources, { schema: { tags: ['auth'] }, config: { permission: 'authenticated' } }, async (req) =>
    capOk({ resourceJson: await resourcesOf(deps.db, authOf(req).user.id, authOf(req).tenantId) }),
  );
};
