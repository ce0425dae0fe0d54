// Routes of the config module: dictionaries and items, the organisation model (tenants, systems,
// groups, business entities), infrastructure configuration (gateway routes, data sources, fill
// and check rules) and the allow-listed look-ups (duplicate check, SQL dictionary, tree data).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { dictRoutes } from './dictRoutes';
import { infraRoutes } from './infraRoutes';
import { lookupRoutes } from './lookupRoutes';
import { orgRoutes } from './orgRoutes';

export const configRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  dictRoutes(app, opts);
  orgRoutes(app, opts);
  infraRoutes(app, opts);
  lookupRoutes(app, opts);
};
