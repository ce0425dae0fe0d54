// The upload request of the widget, the editors and the grid's file cells: multipart POST
// /cap/cos/v1/FileUpload (file, bucketName, saveFlag, context.*), or POST /sys/common/upload (file,
// biz) when a business folder is named (biz 'avatar': the public avatar folder), with the browser's
// real upload progress. Refusals come back as their answer (success false and the server's words),
// never thrown, so the caller has one path.
import type { AxiosProgressEvent } from 'axios';
import { API_BASE } from '@contract/constants';
import { DEFAULT_BUCKET, FILE_P, IMAGE_EXTS, extOf, readUploadAnswer, type UploadAnswer } from '@contract/api/files';
import { http } from '@/api/request';
import { ApiError } from '@/api/errors';
import { saveBlob } from '@/components/list/useListKit';
import { MSG } from '@contract/messages';
import { session } from '@/stores/session';

export interface UploadOptions {
  bucket?: string;
  /** Sends through /sys/common/upload into this business folder instead (spec §7 biz). */
  biz?: string;
  imageOnly?: boolean;
  /** '0' keeps it as temporary (spec saveFlag); default kept. */
  saveFlag?: '0' | '1';
  onProgress?: (loaded: number, total: number | undefined) => void;
  signal?: AbortSignal;
}

function commonForm(biz: string, imageOnly: boolean | undefined): FormData {
  const form = new FormData();
  form.append('isup', '1');
  form.append('biz', biz);
  if (imageOnly) form.append('imageOnly', '1');
  return form;
}

function cosForm(opts: UploadOptions): FormData {
  const form = new FormData();
  form.append('bucketName', opts.bucket ?? DEFAULT_BUCKET);
  form.append('saveFlag', opts.saveFlag ?? '1');
  if (opts.imageOnly) form.append('imageOnly', '1');
  const user = session.userInfo;
  form.append('context.tenantId', session.tenantId);
  if (user?.id) form.append('context.userId', String(user.id));
  form.append('context.channel', 'web');
  form.append('context.locale', 'zh_CN');
  form.append('context.localDateTime', new Date().toISOString());
  return form;
}

export async function uploadFile(file: File, opts: UploadOptions = {}): Promise<UploadAnswer> {
  const form = opts.biz ? commonForm(opts.biz, opts.imageOnly) : cosForm(opts);
  form.append('file', file, file.name);
  try {
    const res = await http.post(opts.biz ? FILE_P.upload : FILE_P.cosUpload, form, {
      silent: true,
      unsigned: true,
      signal: opts.signal,
      onUploadProgress: (e: AxiosProgressEvent) => opts.onProgress?.(e.loaded, e.total),
    });
    return readUploadAnswer(res.data);
  } catch (err) {
    if (err instanceof ApiError && err.body) {
      const answer = readUploadAnswer(err.body);
      return { ...answer, message: answer.message || err.message };
    }
    return { success: false, message: err instanceof Error ? err.message : '', result: null };
  }
}

/** Where a browser reads a stored path: the answer's own url, else the public address of an image or avatar. */
export function fileUrl(path: string, url?: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  if (url) return `${API_BASE}${url}`;
  if (path.startsWith('files/')) {
    const image = (IMAGE_EXTS as readonly string[]).includes(extOf(path));
    return `${API_BASE}${image ? FILE_P.staticFiles : FILE_P.downloadFiles}/${path.slice('files/'.length)}`;
  }
  return `${API_BASE}/sys/common/static/${path}`;
}

/**
 * Opens a finished file: a public address in a new tab; a signed-in download (other files of the
 * tenant) fetched with the token and saved under its name. Answers the refusal, if any.
 */
export async function openUploaded(item: { url?: string; name: string }): Promise<string | null> {
  if (!item.url) return null;
  if (!item.url.startsWith(`${API_BASE}${FILE_P.downloadFiles}/`)) {
    window.open(item.url, '_blank', 'noopener');
    return null;
  }
  try {
    const res = await http.get<Blob>(item.url.slice(API_BASE.length), { responseType: 'blob', silent: true });
    saveBlob(res.data, item.name);
    return null;
  } catch (err) {
    return err instanceof Error && err.message ? err.message : MSG.exportFailed;
  }
}
