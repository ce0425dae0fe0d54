// Who may touch which rows: tenant-owned rows are confined to the request's tenant; platform-wide
// configuration (tenants, systems, gateway routes) is kept by users working in a platform group.
import { eq, type AnyColumn } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_MSG } from '../../../contract/api/config';
import type { Db } from '../../db/client';
import { groups } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { authOf } from '../../http/guard';

export const tenantOf = (req: FastifyRequest): string => authOf(req).tenantId;

export const tenantScope = (col: AnyColumn) => (req: FastifyRequest) => eq(col, tenantOf(req));

/** Platform groups (platSelf, …): their members keep what is shared by every tenant. */
export const isPlatformType = (groupType: string): boolean => groupType.startsWith('plat');

/** True when the request works in a group whose type starts with 'plat'. */
export async function isPlatform(db: Db, req: FastifyRequest): Promise<boolean> {
  return isPlatformGroup(db, authOf(req).groupId);
}

/** True when the group (the one a session works in) is of platform type. */
export async function isPlatformGroup(db: Db, groupId: string | null): Promise<boolean> {
  if (!groupId) return false;
  const [g] = await db.select({ type: groups.groupType }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return !!g && isPlatformType(g.type);
}

export const platformOnly = (db: Db) => async (req: FastifyRequest) => {
  if (!(await isPlatform(db, req))) throw new AppError(403, CONFIG_MSG.platformOnly);
};
