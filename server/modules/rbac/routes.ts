// Routes of the rbac module: roles, departments and their roles, permissions and data rules,
// login and operation logs, online users. Every write is also an operation-log row
// (recordOperation in ./logs, which other modules may call for their own writes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../context';
import { departRoleRoutes } from './departRoles';
import { departRoutes } from './departs';
import { logRoutes } from './logs';
import { onlineRoutes } from './online';
import { permissionRoutes } from './permissions';
import { roleRoutes } from './roles';

export const rbacRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  await app.register(roleRoutes, opts);
  await app.register(departRoutes, opts);
  await app.register(departRoleRoutes, opts);
  await app.register(permissionRoutes, opts);
  await app.register(logRoutes, opts);
  await app.register(onlineRoutes, opts);
};
