// Generated files of the admin module (avatars, import error workbooks) kept in the object store
// (server/adapters/objectStore). Names are generated, never taken from the request, and a read of
// an unsafe key answers null, so no path escapes the store.
import path from 'node:path';
import { newObjectKey } from '../../adapters/objectStore/keys';
import { objectStoreFromEnv, type ObjectStore } from '../../adapters/objectStore/objectStore';

export interface FileStore {
  /** Saves bytes under `folder` (a fixed word such as 'avatar'); returns the relative path. */
  save(folder: string, originalName: string, data: Buffer): Promise<string>;
  /** The bytes of a relative path, or null when absent or outside the store. */
  read(relPath: string): Promise<Buffer | null>;
}

const SAFE_FOLDER = /^[a-z][a-z0-9-]{0,30}$/;

export function fileStoreOver(objects: ObjectStore = objectStoreFromEnv()): FileStore {
  return {
    async save(folder, originalName, data) {
      if (!SAFE_FOLDER.test(folder)) throw new Error(`bad folder ${folder}`);
      const key = newObjectKey(folder, originalName);
      await objects.put(key, data, contentTypeOf(originalName));
      return key;
    },
    read: (relPath) => objects.get(relPath),
  };
}

const TYPES: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.zip': 'application/zip',
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
