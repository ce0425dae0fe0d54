// One place that turns every failure into an answer of the right envelope and a 4xx where the
// client was at fault. Only genuine server faults become 500, and those are logged.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { API_BASE } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { firstIssue } from '../../contract/validation';
import { AppError, failureFor } from './envelope';
import { pgRefusal } from './pgErrors';

function classify(err: FastifyError | Error): { status: number; code: number; message: string; result: Record<string, unknown> | null } {
  if (err instanceof AppError) return { status: err.statusCode, code: err.code, message: err.message, result: err.result };
  if (hasZodFastifySchemaValidationErrors(err)) {
    return { status: 400, code: 400, message: err.validation[0]?.message || MSG.badRequest, result: null };
  }
  if (err instanceof ZodError) return { status: 400, code: 400, message: firstIssue(err), result: null };
  const refusal = pgRefusal(err);
  if (refusal) return { status: refusal.statusCode, code: refusal.code, message: refusal.message, result: null };
  const fe = err as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, code: 413, message: MSG.tooLarge, result: null };
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (err instanceof SyntaxError && fe.statusCode === 400)) {
    return { status: 400, code: 400, message: MSG.badJson, result: null };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status === 404) return { status, code: status, message: MSG.http404, result: null };
  if (status === 403) return { status, code: status, message: MSG.http403, result: null };
  if (status >= 400 && status < 500) return { status, code: status, message: MSG.badRequest, result: null };
  return { status: 500, code: 500, message: MSG.serverError, result: null };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const c = classify(err);
    if (c.status >= 500) request.log.error({ err }, 'unhandled error');
    else request.log.info({ status: c.status, reason: c.message }, 'request refused');
    const headers = (err as { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    return reply.status(c.status).send(failureFor(request.url, c.code, c.message, c.result));
  });
}

/** Not-found for API paths in the envelope; other paths are left to `fallback` (the SPA). */
export function apiNotFound(url: string) {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}
