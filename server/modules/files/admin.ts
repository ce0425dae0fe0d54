// 文件管理 (issue 19 §4): the tenant's stored uploads with their business object, download, delete
// refused while a record points at the file (references.ts), and the orphan clean-up the scheduled
// job runs. Every read and write is scoped to the caller's tenant: another tenant's file is absent.
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { FILE_MSG, OSS_FILE_FIELDS, OSS_FILE_MSG, fileTypeText, type OssFileRecord } from '../../../contract/api/files';
import { parseListQuery, type PageResult } from '../../../contract/listQuery';
import type { ObjectStore } from '../../adapters/objectStore/objectStore';
import type { Db } from '../../db/client';
import { uploadedFilesTable as f } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { fmtTime } from '../config/crud';
import { ownerSql } from './references';

const resource: ListResource = {
  fields: OSS_FILE_FIELDS.fields,
  columns: { fileName: f.fileName, contentType: f.contentType, uploaderName: f.uploaderName, bucketName: f.bucket, size: f.size, createTime: f.createdAt },
  sortable: [...OSS_FILE_FIELDS.sortable],
  defaultSort: OSS_FILE_FIELDS.defaultSort,
};

const cols = {
  id: f.id,
  fileName: f.fileName,
  path: f.path,
  contentType: f.contentType,
  size: f.size,
  isImage: f.isImage,
  bucket: f.bucket,
  uploaderName: f.uploaderName,
  createdAt: f.createdAt,
  owner: ownerSql,
};
interface Row {
  id: string;
  fileName: string;
  path: string;
  contentType: string;
  size: number;
  isImage: boolean;
  bucket: string;
  uploaderName: string;
  createdAt: Date;
  owner: string | null;
}

function recordOf(r: Row): OssFileRecord {
  return {
    id: r.id,
    fileName: r.fileName,
    filePath: r.path,
    contentType: r.contentType,
    fileType: fileTypeText(r.contentType),
    size: r.size,
    isImage: r.isImage,
    bucketName: r.bucket,
    uploaderName: r.uploaderName,
    owner: r.owner ?? null,
    createTime: fmtTime(r.createdAt),
  };
}

export function fileAdmin(db: Db, objects: ObjectStore, log?: { warn: (o: object, m: string) => void }) {
  const one = async (tenantId: string, id: string) => {
    const [row] = (await db
      .select(cols)
      .from(f)
      .where(and(eq(f.tenantId, tenantId), eq(f.id, id)))
      .limit(1)) as Row[];
    if (!row) throw new AppError(404, FILE_MSG.notFound);
    return row;
  };

  /** Removes the object after its record is gone; a failure leaves a stray object, never a dangling record. */
  const removeObject = async (path: string) => {
    try {
      await objects.remove(path);
    } catch (err) {
      log?.warn({ err, path }, 'object store remove failed');
    }
  };

  return {
    async list(tenantId: string, query: Record<string, unknown>): Promise<PageResult<OssFileRecord>> {
      const parsed = parseListQuery(query, OSS_FILE_FIELDS);
      if (!parsed.ok) throw new AppError(400, parsed.message);
      const q = parsed.value;
      const where = whereOf(q, resource, [eq(f.tenantId, tenantId)]);
      const [{ n }] = await db.select({ n: count() }).from(f).where(where);
      const rows = (await db
        .select(cols)
        .from(f)
        .where(where)
        .orderBy(...orderOf(q, resource), f.id)
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)) as Row[];
      return { records: rows.map(recordOf), total: Number(n), current: q.pageNo, size: q.pageSize };
    },

    /** The bytes of a file of the tenant, with its record. */
    async content(tenantId: string, id: string) {
      const row = await one(tenantId, id);
      const data = await objects.get(row.path);
      if (!data) throw new AppError(404, FILE_MSG.notFound);
      return { row: recordOf(row), data };
    },

    /** Deletes a file nothing points at: its record, then its object. Refused (409) while referenced. */
    async remove(tenantId: string, id: string): Promise<void> {
      const path = await db.transaction(async (tx) => {
        const [row] = (await tx
          .select(cols)
          .from(f)
          .where(and(eq(f.tenantId, tenantId), eq(f.id, id)))
          .for('update')
          .limit(1)) as Row[];
        if (!row) throw new AppError(404, FILE_MSG.notFound);
        if (row.owner) throw new AppError(409, OSS_FILE_MSG.inUse(row.owner));
        try {
          await tx.delete(f).where(eq(f.id, id));
        } catch (err) {
          // A record that took the file in the meantime (cus_materials' foreign key) keeps it.
          if ((err as { code?: string; cause?: { code?: string } }).code === '23503' || (err as { cause?: { code?: string } }).cause?.code === '23503')
            throw new AppError(409, OSS_FILE_MSG.inUse('业务记录'));
          throw err;
        }
        return row.path;
      });
      await removeObject(path);
    },

    /** The orphan clean-up: every tenant's unreferenced uploads created before `before`; answers how many went. */
    async cleanOrphans(before: Date, signal?: AbortSignal): Promise<number> {
      let total = 0;
      for (;;) {
        const batch = await db
          .select({ id: f.id, path: f.path })
          .from(f)
          .where(and(lt(f.createdAt, before), sql`${ownerSql} IS NULL`))
          .orderBy(f.createdAt)
          .limit(200);
        let removed = 0;
        for (const b of batch) {
          // Checked again under the row lock: a record may have taken the file since the batch was read.
          const gone = await db
            .delete(f)
            .where(and(eq(f.id, b.id), sql`${ownerSql} IS NULL`))
            .returning({ id: f.id })
            .catch(() => []);
          if (gone.length) {
            removed++;
            await removeObject(b.path);
          }
        }
        total += removed;
        if (batch.length < 200 || removed === 0 || signal?.aborted) return total;
      }
    },
  };
}
