// The embedded default of the object store: files on disk under one root directory. A key resolves
// strictly inside the root; writes go to a temporary name first, so a reader never sees half a file.
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { isSafeKey } from './keys';
import type { ObjectStore } from './objectStore';

export function localObjectStore(root: string): ObjectStore {
  const absRoot = path.resolve(root);
  const resolve = (key: string): string | null => {
    if (!isSafeKey(key)) return null;
    const abs = path.resolve(absRoot, key);
    return abs.startsWith(absRoot + path.sep) ? abs : null;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const abs = resolve(key);
      if (!abs) throw new Error(`objectStore: unsafe key ${JSON.stringify(key)}`);
      await mkdir(path.dirname(abs), { recursive: true });
      const tmp = `${abs}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(tmp, data);
      await rename(tmp, abs);
    },
    async get(key) {
      const abs = resolve(key);
      if (!abs) return null;
      try {
        if (!(await stat(abs)).isFile()) return null;
        return await readFile(abs);
      } catch {
        return null;
      }
    },
    async remove(key) {
      const abs = resolve(key);
      if (abs) await rm(abs, { force: true });
    },
  };
}
