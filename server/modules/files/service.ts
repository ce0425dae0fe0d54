// Rules of the upload calls: what may be stored (type by name and, for images, by bytes; size; a
// bucket name of fixed shape), where (the tenant's prefix in the object store), and the record of
// who uploaded what. Reads are tenant-scoped: a file of another tenant is as absent as a missing one.
import { sql } from 'drizzle-orm';
import {
  DEFAULT_BUCKET,
  BUCKET_RX,
  FILE_EXTS,
  FILE_MSG,
  FILE_P,
  IMAGE_EXTS,
  UPLOAD_MAX_BYTES,
  extOf,
  type UploadedFileInfo,
} from '../../../contract/api/files';
import { newObjectKey } from '../../adapters/objectStore/keys';
import type { ObjectStore } from '../../adapters/objectStore/objectStore';
import type { Db } from '../../db/client';
import { AppError } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import { contentTypeOf, isImage } from '../admin/files';

export interface Uploader {
  tenantId: string;
  userId: string;
  userName: string;
}

export interface IncomingFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

interface FileRow {
  id: string;
  tenant_id: string;
  bucket: string;
  path: string;
  file_name: string;
  content_type: string;
  size: number;
  is_image: boolean;
}

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []));

/** The public address of an avatar or image, the signed-in download of anything else (relative to API_BASE). */
function urlOf(row: Pick<FileRow, 'path' | 'is_image'>): string {
  if (row.path.startsWith('avatar/')) return `/sys/common/static/${row.path}`;
  const rest = row.path.slice('files/'.length);
  return row.is_image ? `${FILE_P.staticFiles}/${rest}` : `${FILE_P.downloadFiles}/${rest}`;
}

function infoOf(row: FileRow): UploadedFileInfo {
  return { id: row.id, filePath: row.path, url: urlOf(row), fileName: row.file_name, size: row.size, contentType: row.content_type, bucketName: row.bucket };
}

export function fileService(db: Db, objects: ObjectStore) {
  return {
    /**
     * Stores one file and records it. `avatar` keeps the avatar folder (images only, public);
     * every other upload goes under files/<tenant>/<bucket>/.
     */
    async store(who: Uploader, file: IncomingFile | undefined, opts: { bucket?: string; imageOnly?: boolean; avatar?: boolean; kept?: boolean }) {
      if (!file || !file.filename) throw new AppError(400, FILE_MSG.empty);
      const bucket = opts.avatar ? 'avatar' : (opts.bucket || DEFAULT_BUCKET).trim();
      if (!BUCKET_RX.test(bucket)) throw new AppError(400, FILE_MSG.badBucket);
      const ext = extOf(file.filename);
      const imageByName = (IMAGE_EXTS as readonly string[]).includes(ext);
      if ((opts.imageOnly || opts.avatar) && !imageByName) throw new AppError(400, FILE_MSG.imageOnly);
      if (!(FILE_EXTS as readonly string[]).includes(ext)) throw new AppError(400, FILE_MSG.badType(ext));
      if (file.data.length > UPLOAD_MAX_BYTES) throw new AppError(413, FILE_MSG.tooLarge);
      // An image by name must be one by its bytes too (a page in disguise is refused).
      if (imageByName && !isImage(contentTypeOf(file.filename), file.data)) throw new AppError(400, FILE_MSG.imageOnly);
      const contentType = contentTypeOf(file.filename);
      const key = newObjectKey(opts.avatar ? 'avatar' : `files/${who.tenantId}/${bucket}`, file.filename);
      await objects.put(key, file.data, contentType);
      const row: FileRow = {
        id: newId(),
        tenant_id: who.tenantId,
        bucket,
        path: key,
        file_name: file.filename.slice(0, 200),
        content_type: contentType,
        size: file.data.length,
        is_image: imageByName,
      };
      try {
        await db.execute(sql`
          INSERT INTO uploaded_files (id, tenant_id, bucket, path, file_name, content_type, size, is_image, kept, uploader_id, uploader_name)
          VALUES (${row.id}, ${row.tenant_id}, ${row.bucket}, ${row.path}, ${row.file_name}, ${row.content_type}, ${row.size}, ${row.is_image},
                  ${opts.kept ?? true}, ${who.userId}, ${who.userName})`);
      } catch (err) {
        await objects.remove(key).catch(() => {});
        throw err;
      }
      return infoOf(row);
    },

    /** A file of `tenantId` by its path below files/ (null when absent or another tenant's). */
    async find(tenantId: string | null, rest: string, imagesOnly: boolean): Promise<{ row: FileRow; data: Buffer } | null> {
      const path = `files/${rest}`;
      const [row] = rowsOf<FileRow>(
        await db.execute(sql`SELECT id, tenant_id, bucket, path, file_name, content_type, size, is_image FROM uploaded_files WHERE path = ${path}`),
      );
      if (!row || (tenantId !== null && row.tenant_id !== tenantId) || (imagesOnly && !row.is_image)) return null;
      const data = await objects.get(row.path);
      return data ? { row, data } : null;
    },

    /** The uploader's own files in the tenant, newest first. */
    async mine(who: Uploader, pageNo: number, pageSize: number) {
      const off = (pageNo - 1) * pageSize;
      const rows = rowsOf<FileRow>(
        await db.execute(sql`
          SELECT id, tenant_id, bucket, path, file_name, content_type, size, is_image FROM uploaded_files
          WHERE tenant_id = ${who.tenantId} AND uploader_id = ${who.userId}
          ORDER BY created_at DESC, id LIMIT ${pageSize} OFFSET ${off}`),
      );
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM uploaded_files WHERE tenant_id = ${who.tenantId} AND uploader_id = ${who.userId}`),
      );
      return { records: rows.map(infoOf), total: Number(n), current: pageNo, size: pageSize };
    },
  };
}
