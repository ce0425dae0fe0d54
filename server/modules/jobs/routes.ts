// Routes of the jobs module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';

export const jobsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async () => {};
