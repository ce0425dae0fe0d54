// Serves the built client from dist/: hashed assets cached for a year, the shell (index.html,
// sw.js, manifest) revalidated on every load, and the SPA fallback for client routes. Paths with
// a file extension never fall back, so a missing chunk is a 404 the client can recognise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../contract/messages';
import { WIRE_MSG } from '../../contract/api/wire';
import { apiNotFound } from './errors';
import { failureFor } from './envelope';

const NO_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest', '.build-stamp.json']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(filePath: string): string {
  const base = path.basename(filePath);
  if (NO_CACHE.has(base) || base.startsWith('workbox-')) return 'no-cache';
  if (filePath.split(path.sep).includes('assets')) return IMMUTABLE;
  return 'public, max-age=86400';
}

const hasExtension = (url: string) => /\.[A-Za-z0-9]+$/.test(url.split('?')[0]);
const isDocs = (url: string) => url === '/docs' || url.startsWith('/docs/') || url.startsWith('/docs?');

export async function installClient(app: FastifyInstance, distDir: string | null): Promise<void> {
  const built = !!distDir && existsSync(path.join(distDir, 'index.html'));
  if (built) {
    const root = path.resolve(distDir!);
    // Hashed assets are never asked again (immutable): no validators, no ranges. Their headers are
    // all a small chunk costs besides itself (a first visit fetches a hundred and more of them).
    if (existsSync(path.join(root, 'assets')))
      await app.register(fastifyStatic, {
        root: path.join(root, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        etag: false,
        lastModified: false,
        acceptRanges: false,
        setHeaders: (reply) => {
          reply.header('Cache-Control', IMMUTABLE);
        },
      });
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  }

  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url;
    if (apiNotFound(url)) return reply.status(404).send(failureFor(url, 404, MSG.http404));
    const spaCandidate = (req.method === 'GET' || req.method === 'HEAD') && !hasExtension(url) && !isDocs(url);
    if (!spaCandidate) return reply.status(404).type('text/plain; charset=utf-8').send(MSG.http404);
    if (!built) {
      return reply
        .status(503)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>业务运营支撑系统</title><body><p>${WIRE_MSG.clientNotBuilt}</p></body></html>`);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
