// Routes of the admin module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';

export const adminRoutes: FastifyPluginAsyncZod<ModuleOptions> = async () => {};
