// Routes of the rbac module: roles, departments, permissions, logs, online users.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';

export const rbacRoutes: FastifyPluginAsyncZod<ModuleOptions> = async () => {};
