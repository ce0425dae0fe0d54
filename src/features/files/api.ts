// Calls of 文件管理 (contract/api/files.ts OSS_FILE_P): the file's bytes, fetched with the session,
// as an object URL for the preview and the download link. The list and delete go through the list kit.
import { OSS_FILE_P, type OssFileRecord } from '@contract/api/files';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { ApiError } from '@/api/errors';
import { http, sysGet } from '@/api/request';

/** A file as both views show it: the size readable, the business object or 未引用 (the phone cards show text as is). */
export type FileRow = OssFileRecord & { sizeText: string; ownerText: string };

/** The list call of the list kit, with the shown texts added. */
export async function listFiles(params: Record<string, string>): Promise<SysResult<PageResult<FileRow>>> {
  const res = await sysGet<PageResult<OssFileRecord>>(OSS_FILE_P.list, params, { silent: true });
  if (!res.success || !res.result) return res as SysResult<PageResult<FileRow>>;
  const records = res.result.records.map((r) => ({ ...r, sizeText: sizeText(r.size), ownerText: r.owner ?? '未引用' }));
  return { ...res, result: { ...res.result, records } };
}

/** An object URL of the file's bytes (revoke it when done); throws an Error with the server's words. */
export async function fileObjectUrl(id: string, contentType: string): Promise<string> {
  try {
    const res = await http.get<Blob>(OSS_FILE_P.download, { params: { id }, responseType: 'blob', silent: true } as never);
    return URL.createObjectURL(new Blob([res.data], { type: contentType }));
  } catch (err) {
    throw new Error(err instanceof ApiError ? err.message : '文件读取失败');
  }
}

/** Saves the file under its own name. */
export async function downloadFile(id: string, fileName: string, contentType: string): Promise<void> {
  const url = await fileObjectUrl(id, contentType);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 12.3 KB / 1.2 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
