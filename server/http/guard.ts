// Per-route access rules. Every API route declares `config.permission` ('public', 'authenticated'
// or a permission code) and optionally `config.signed`. The hooks here enforce them: token and
// tenant first (onRequest), then the request signature once the body is parsed (preValidation,
// on the payload exactly as the client sent it, before zod trims or strips anything). Session, user,
// groups and permissions come through the app's AuthCache (server/modules/session/authCache.ts).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, DEFAULT_TENANT_ID, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN, SIGNATURE_WINDOW_MS } from '../../contract/constants';
import { parseSignTimestamp, signRequest } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import type { AppDeps } from '../context';
import type { AuthCache } from '../modules/session/authCache';
import type { SessionRow } from '../modules/session/service';
import type { UserRow } from '../modules/user/service';
import { AppError } from './envelope';

export type RoutePermission = 'public' | 'authenticated' | (string & {});

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    signed?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface AuthContext {
  user: UserRow;
  session: SessionRow;
  /** Tenant the request acts in: the tenant-id header, else the tenant of the session's group. */
  tenantId: string;
  /** The group the session works in. */
  groupId: string | null;
}

export interface RouteRecord {
  method: string;
  url: string;
  permission?: RoutePermission;
  signed?: boolean;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/** Compares a sent signature with the expected one in constant time (case-insensitive hex). */
function sameSignature(sent: string, expected: string): boolean {
  const a = Buffer.from(sent.toUpperCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The signed-in user of a request that passed the guard; routes with permission 'public' never call this. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, MSG.tokenMissing);
  return req.auth;
}

export function installGuard(app: FastifyInstance, deps: AppDeps, registry: RouteRecord[], auth: AuthCache): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      registry.push({ method, url: route.url, permission: route.config?.permission, signed: route.config?.signed });
    }
  });

  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    if (!url || !url.startsWith(API_BASE)) return;
    // A route that forgot to declare its permission is treated as needing a signed-in user.
    const permission = req.routeOptions.config.permission ?? 'authenticated';
    if (permission === 'public') return;

    const token = header(req, HEADER_TOKEN);
    if (!token) throw new AppError(401, MSG.tokenMissing);
    const session = await auth.session(token);
    const member = await auth.member(session.userId);
    if (!member) throw new AppError(401, MSG.tokenInvalid);
    const { user, groups } = member;
    if (user.status !== 1) throw new AppError(401, MSG.loginFrozen);

    const current = groups.find((g) => g.group.id === session.groupId) ?? groups[0];
    const sentTenant = header(req, HEADER_TENANT)?.trim();
    const tenantId = sentTenant || current?.group.tenantId || DEFAULT_TENANT_ID;
    if (!groups.some((g) => g.group.tenantId === tenantId)) throw new AppError(403, MSG.http403);

    if (permission !== 'authenticated' && !(await auth.allows(user.id, tenantId, permission))) throw new AppError(403, MSG.http403);
    req.auth = { user, session, tenantId, groupId: current?.group.id ?? null };
  });

  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config.signed) return;
    const sign = header(req, HEADER_SIGN);
    const stamp = header(req, HEADER_TIMESTAMP);
    if (!sign || !stamp) throw new AppError(400, MSG.signMissing);
    const at = parseSignTimestamp(stamp);
    if (Number.isNaN(at) || Math.abs(Date.now() - at) > SIGNATURE_WINDOW_MS) throw new AppError(400, MSG.signStale);
    const query = (req.query ?? {}) as Record<string, unknown>;
    const expected = signRequest(query, req.body ?? {}, deps.signSecret);
    if (!sameSignature(sign, expected)) throw new AppError(400, MSG.signBad);
  });
}
