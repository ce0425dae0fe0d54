// Writes brotli (.br) and gzip (.gz) copies of the compressible files of dist/ next to them, for a
// static server that serves pre-compressed files (@fastify/static `preCompressed: true`). Run after
// `vite build` (server/build-client.ts does), or by hand: `npx tsx server/lib/compressDist.ts [distDir]`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this size the headers of a compressed answer cost more than they save. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every compressible file of `distDir`; returns raw and brotli byte totals. */
export function compressDist(distDir: string): { files: number; rawBytes: number; brotliBytes: number; gzipBytes: number } {
  const totals = { files: 0, rawBytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of files(distDir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.build-stamp.json')) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gzip = zlib.gzipSync(raw, { level: 9 });
    writeFileSync(file + '.br', brotli);
    writeFileSync(file + '.gz', gzip);
    totals.files += 1;
    totals.rawBytes += raw.length;
    totals.brotliBytes += brotli.length;
    totals.gzipBytes += gzip.length;
  }
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const { files: count, rawBytes, brotliBytes, gzipBytes } = compressDist(distDir);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1) + ' KB';
  console.log(`compressed ${count} files in ${distDir}: ${kb(rawBytes)} → brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`);
}
