// Bounds an uploaded zip archive (an .xlsx is one) BEFORE a parser decompresses it (issue 13 §4):
// a few kilobytes of deflate can expand to gigabytes. The central directory (at the end of the
// file) gives every entry's sizes without decompressing anything: too many entries or too many
// bytes in total and the archive is refused. A directory can lie about sizes, so each entry is then
// inflated with its declared size as a hard output limit (zlib maxOutputLength): nothing ever
// expands past what was checked. ZIP64 and methods other than stored/deflate (which .xlsx files
// never need at these sizes) are refused too.
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

export type ZipVerdict = { ok: true; entries: number; uncompressed: number } | { ok: false; reason: 'not_zip' | 'too_large' | 'too_many' | 'unsupported' };

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

export function checkZip(data: Buffer, limits: ZipLimits): ZipVerdict {
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65535, at the very end.
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: 'not_zip' };
  const count = data.readUInt16LE(eocd + 10);
  const cdSize = data.readUInt32LE(eocd + 12);
  const cdOffset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) return { ok: false, reason: 'unsupported' };
  if (count > limits.maxEntries) return { ok: false, reason: 'too_many' };
  if (cdOffset + cdSize > eocd) return { ok: false, reason: 'not_zip' };

  const entries: { method: number; compressed: number; size: number; local: number }[] = [];
  let total = 0;
  for (let p = cdOffset, n = 0; n < count; n++) {
    if (p + 46 > eocd || data.readUInt32LE(p) !== CEN) return { ok: false, reason: 'not_zip' };
    const method = data.readUInt16LE(p + 10);
    const compressed = data.readUInt32LE(p + 20);
    const size = data.readUInt32LE(p + 24);
    if (compressed === 0xffffffff || size === 0xffffffff) return { ok: false, reason: 'unsupported' };
    if (method !== 0 && method !== 8) return { ok: false, reason: 'unsupported' };
    total += size;
    if (total > limits.maxUncompressedBytes) return { ok: false, reason: 'too_large' };
    entries.push({ method, compressed, size, local: data.readUInt32LE(p + 42) });
    p += 46 + data.readUInt16LE(p + 28) + data.readUInt16LE(p + 30) + data.readUInt16LE(p + 32);
  }

  // The sizes are only declarations: hold each entry to its own.
  for (const e of entries) {
    if (e.local + 30 > data.length || data.readUInt32LE(e.local) !== LOC) return { ok: false, reason: 'not_zip' };
    const start = e.local + 30 + data.readUInt16LE(e.local + 26) + data.readUInt16LE(e.local + 28);
    if (start + e.compressed > data.length) return { ok: false, reason: 'not_zip' };
    if (e.method === 0) {
      if (e.compressed !== e.size) return { ok: false, reason: 'not_zip' };
      continue;
    }
    try {
      // One byte of room: an entry that fills it expands past its declared size.
      const out = inflateRawSync(data.subarray(start, start + e.compressed), { maxOutputLength: e.size + 1 });
      if (out.length !== e.size) return { ok: false, reason: out.length > e.size ? 'too_large' : 'not_zip' };
    } catch (err) {
      return { ok: false, reason: (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError ? 'too_large' : 'not_zip' };
    }
  }
  return { ok: true, entries: count, uncompressed: total };
}
