// Log lines never carry tokens or passwords (issue 13 §4): the notification socket takes its access
// token in the query (`/websocket?token=`), sign-in bodies carry passwords, requests carry
// X-Access-Token. Every logger the app builds gets a request serializer that logs the URL with such
// query values replaced, and pino redaction of such fields wherever an object is logged.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

const CENSOR = '[redacted]';
/** Query parameters and object fields whose values are credentials. */
const SECRET_NAME = /token|password|passwd|pwd|secret|sign|captcha|smscode|authorization|cookie/i;

/** The URL with the value of every credential-like query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is matched as it is
      }
      return eq >= 0 && SECRET_NAME.test(decoded) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

const FIELDS = ['password', 'oldpassword', 'newPassword', 'confirmPassword', 'payPassword', 'token', 'accessToken', 'refreshToken', 'captcha', 'secret'];
/** pino paths: the fields at the top of a logged object and one or two levels down, and the credential headers. */
const REDACT_PATHS = [
  ...FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-sign"]',
  'headers["x-access-token"]',
  'headers.authorization',
  'headers.cookie',
];

interface RawRequestLike {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** The app's logger settings with the request serializer and redaction added; false stays off. */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      ...((base.serializers as Record<string, unknown>) ?? {}),
      req: (req: RawRequestLike) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions['logger'];
}

const plainLogs = new WeakMap<object, FastifyBaseLogger>();
/** The app's logger without the object redaction, for lines whose fields are all known and safe. */
function plainLog(root: FastifyBaseLogger): FastifyBaseLogger {
  let plain = plainLogs.get(root);
  if (!plain) plainLogs.set(root, (plain = root.child({}, { redact: { paths: [] } })));
  return plain;
}

/**
 * One log line per request, when it has answered: request id, method, URL (credential values
 * replaced by the request serializer), status and time (issue 15 §3: Fastify's own pair of lines per
 * request, "incoming request" and "request completed", each run through the wildcard redaction, cost
 * a transfer through the API about a seventh of the server's CPU). The line holds nothing but those
 * fields, so it is written without the object redaction. A socket upgrade never "completes" as a
 * request, so it is logged as it arrives; errors are logged as Fastify logs them, redacted.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (request.headers.upgrade) super.incomingRequest(request, undefined as never);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    plainLog(request.server.log).info(
      { [this.requestIdLogLabel]: request.id, req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
