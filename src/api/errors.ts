// The HTTP part of the error catalogue (spec §8) as one pure function.
import { MSG } from '@contract/messages';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's own message from either envelope, if any. */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; status?: { replyText?: unknown; errorMsg?: unknown } };
  if (typeof b.message === 'string' && b.message) return b.message;
  const s = b.status;
  if (s && typeof s === 'object') {
    if (typeof s.errorMsg === 'string' && s.errorMsg) return s.errorMsg;
    if (typeof s.replyText === 'string' && s.replyText) return s.replyText;
  }
  return undefined;
}

export function isAccessTokenExpired(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as { message?: unknown; status?: { replyText?: unknown; errorMsg?: unknown } };
  return b.message === MSG.accessTokenExpired || b.status?.replyText === MSG.accessTokenExpired || b.status?.errorMsg === MSG.accessTokenExpired;
}

export function isInvalidTokenMessage(text: string | undefined): boolean {
  return !!text && (text.includes('Token失效') || text.includes('token失效') || text === MSG.tokenInvalid);
}

/** What the user is told for an HTTP failure (status 0 = no answer / time-out). */
export function messageForHttp(status: number, body: unknown): string {
  switch (status) {
    case 403:
      return MSG.http403;
    case 404:
      return MSG.http404;
    case 504:
    case 0:
      return MSG.httpTimeout;
    case 401:
      return MSG.http401;
    default:
      return serverMessage(body) ?? MSG.serverError;
  }
}

/**
 * The call got no answer from the server: the network is down, the request timed out, or a proxy
 * in front says the server cannot be reached. Such a failure says nothing about the session.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}
