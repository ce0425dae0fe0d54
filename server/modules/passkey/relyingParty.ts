// The WebAuthn relying party is the product's own origin: BOSS_PUBLIC_ORIGIN when configured (behind
// a proxy that rewrites Host), else the origin the browser says it is on (the Origin header of the
// request, which a browser sets and a page cannot forge), else the request's own scheme and Host.
// The challenge keeps the origin and rpID it was made for; the browser's signed client data must
// name the same origin, and a credential only answers for the rpID it was registered on.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/envelope';

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export function relyingPartyOf(req: FastifyRequest, publicOrigin?: string): RelyingParty {
  const header = req.headers.origin;
  const candidate = publicOrigin ?? (typeof header === 'string' && header !== 'null' ? header : `${req.protocol}://${req.host}`);
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw new AppError(400, '请求来源无效');
  }
  return { rpID: url.hostname, origin: url.origin };
}
