// The OpenAPI document (Swagger UI at /docs, the document at /docs/json) is for administrators only:
// the 接口文档 menu opens it in an iframe, which cannot send the X-Access-Token header, so the menu's
// url hands the gate the access token once as ?token=…; the gate checks the session and the
// API_DOCS_PERMISSION code, then keeps the token in an HttpOnly cookie scoped to /docs for the
// document's own requests. Swagger UI's static files (scripts, styles, icons) carry nothing
// secret and pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_TENANT_ID } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { API_DOCS_COOKIE, API_DOCS_PERMISSION, API_DOCS_TOKEN_PARAM } from '../../contract/api/wire';
import type { AuthCache } from '../modules/session/authCache';
import { AppError } from './envelope';

const DOCS_PREFIX = '/docs';
const isStatic = (path: string) => path.startsWith(`${DOCS_PREFIX}/static/`);
const isDocs = (path: string) => path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);

function cookieToken(req: FastifyRequest): string | undefined {
  const raw = req.headers.cookie;
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === API_DOCS_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function installDocsGate(app: FastifyInstance, auth: AuthCache): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (!isDocs(path) || isStatic(path)) return;
    const fromQuery = new URLSearchParams(req.url.slice(path.length)).get(API_DOCS_TOKEN_PARAM) ?? undefined;
    const token = fromQuery || cookieToken(req);
    if (!token) throw new AppError(401, MSG.tokenMissing);
    const session = await auth.session(token);
    const member = await auth.member(session.userId);
    if (!member || member.user.status !== 1) throw new AppError(401, MSG.tokenInvalid);
    const current = member.groups.find((g) => g.group.id === session.groupId) ?? member.groups[0];
    const tenantId = current?.group.tenantId ?? DEFAULT_TENANT_ID;
    if (!(await auth.allows(member.user.id, tenantId, API_DOCS_PERMISSION))) throw new AppError(403, MSG.http403);
    if (fromQuery) {
      // Keep the token in the cookie and take it out of the address: Swagger UI builds the URL of
      // the document from the page's own (location.href + '/./json'), which a ?token= query broke,
      // and a token in the address bar is one a shoulder or a screenshot can read.
      reply.header('Set-Cookie', `${API_DOCS_COOKIE}=${encodeURIComponent(fromQuery)}; Path=${DOCS_PREFIX}; HttpOnly; SameSite=Strict`);
      const rest = new URLSearchParams(req.url.slice(path.length));
      rest.delete(API_DOCS_TOKEN_PARAM);
      const query = rest.toString();
      return reply.redirect(query ? `${path}?${query}` : path, 303);
    }
  });
}
