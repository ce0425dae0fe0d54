// Routes of the config module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';

export const configRoutes: FastifyPluginAsyncZod<ModuleOptions> = async () => {};
