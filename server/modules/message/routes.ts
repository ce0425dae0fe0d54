// Routes of the message module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';

export const messageRoutes: FastifyPluginAsyncZod<ModuleOptions> = async () => {};
