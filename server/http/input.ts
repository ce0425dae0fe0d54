// One gate for the shape of every request before any work is done on it: no string anywhere
// (body, query, path values, headers; keys as well as values) may hold a NUL byte, which
// PostgreSQL refuses in text, and a body may nest at most MAX_INPUT_DEPTH levels, so nothing
// after it (the signature's JSON.stringify, zod, the services) can overflow the stack. Size is
// bounded earlier by Fastify's bodyLimit. Both refusals are 400s.
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { AppError } from './envelope';

/** Deepest nesting of arrays and objects a request may carry (real calls stay below 8). */
export const MAX_INPUT_DEPTH = 32;

/** Why `value` may not be used ('' when it may); iterative, so any depth is safe to inspect. */
export function inputProblem(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): string {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return MSG.nulByte;
    } else if (v !== null && typeof v === 'object') {
      if (Buffer.isBuffer(v)) continue;
      if (depth >= maxDepth) return MSG.tooDeep;
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return MSG.nulByte;
        stack.push([child, depth + 1]);
      }
    }
  }
  return '';
}

function refuse(value: unknown): void {
  const problem = inputProblem(value);
  if (problem) throw new AppError(400, problem);
}

/** Installs the gate; call before the guard so it runs first. */
export function installInputGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(API_BASE)) return;
    refuse(req.headers);
    refuse(req.query);
    refuse(req.params);
  });
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith(API_BASE)) return;
    refuse(req.body);
  });
}
