// Uploaded files behind a small adapter: the local implementation keeps them on disk under
// DATA_DIR/upload (object storage would implement the same three calls). Names are generated, never
// taken from the request, and a read resolves strictly inside the root, so no path escapes it.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface FileStore {
  /** Saves bytes under `folder` (a fixed word such as 'avatar'); returns the relative path. */
  save(folder: string, originalName: string, data: Buffer): Promise<string>;
  /** The bytes of a relative path, or null when absent or outside the store. */
  read(relPath: string): Promise<Buffer | null>;
}

const SAFE_FOLDER = /^[a-z][a-z0-9-]{0,30}$/;

/** Keeps a tidy, harmless version of the original name for people reading the folder. */
function cleanName(name: string): string {
  const base = path.basename(name).replace(/[^\w.\u4e00-\u9fa5-]/g, '_').slice(-60);
  return base || 'file';
}

export function localFileStore(root: string): FileStore {
  const absRoot = path.resolve(root);
  return {
    async save(folder, originalName, data) {
      if (!SAFE_FOLDER.test(folder)) throw new Error(`bad folder ${folder}`);
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const rel = `${folder}/${day}/${randomBytes(12).toString('hex')}_${cleanName(originalName)}`;
      const abs = path.join(absRoot, rel);
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, data);
      return rel;
    },
    async read(relPath) {
      if (!relPath || relPath.includes('\0') || relPath.includes('\\')) return null;
      const abs = path.resolve(absRoot, relPath);
      if (!abs.startsWith(absRoot + path.sep)) return null;
      if (relPath.split('/').some((seg) => seg === '..' || seg === '.' || seg === '')) return null;
      try {
        if (!(await stat(abs)).isFile()) return null;
        return await readFile(abs);
      } catch {
        return null;
      }
    },
  };
}

/** Where uploads live: UPLOAD_DIR, else DATA_DIR/upload (DATA_DIR defaults to ./data). */
export function defaultUploadRoot(): string {
  return process.env.UPLOAD_DIR ?? path.join(process.env.DATA_DIR ?? './data', 'upload');
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.pdf': 'application/pdf',
};
export function contentTypeOf(name: string): string {
  return TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Image files by both the declared type and the bytes (PNG, JPEG, GIF, WebP, BMP signatures). */
export function isImage(mimetype: string, data: Buffer): boolean {
  if (!mimetype.startsWith('image/') || mimetype.includes('svg')) return false;
  const h = data.subarray(0, 12);
  return (
    (h[0] === 0x89 && h[1] === 0x50 && h[2] === 0x4e && h[3] === 0x47) ||
    (h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff) ||
    h.subarray(0, 4).toString('latin1') === 'GIF8' ||
    (h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP') ||
    (h[0] === 0x42 && h[1] === 0x4d)
  );
}
