// The pure rules of the upload widget (spec §3 uploaded file, §4 upload states, §8 messages, §9
// defaults): the list after choosing files (single replaces, number N keeps the last N), progress,
// the server's answer (success false becomes error with its message or 'unknown error'), moving an
// image one place earlier or later, and the value the form keeps (file paths joined by commas).
import { FILE_MSG, readUploadAnswer } from '@contract/api/files';

export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

export interface UploadItem {
  uid: string;
  name: string;
  status: UploadStatus;
  /** 0-100; real from the browser's upload events, held at 99 until the server answers. */
  percent: number;
  size?: number;
  /** The stored path (result.filePath) once done. */
  filePath?: string;
  /** Where the browser shows or downloads it. */
  url?: string;
  message?: string;
}

export interface UploadLimits {
  /** Single mode: a new file replaces the list. */
  single?: boolean;
  /** Keep at most the last N files; 0 is no limit (spec §9 default). */
  max?: number;
}

export const UPLOAD_TEXT = {
  button: '上传',
  failed: FILE_MSG.failed,
  imageOnly: FILE_MSG.imageOnly,
  unknownOp: '未知的操作',
  atEnd: '已到最后~',
  atStart: '已到最前~',
  errorTitle: '上传出错',
  errorPrefix: '错误信息：',
} as const;

/** The list after adding `added` (already in the order chosen). Removed items are dropped. */
export function addToList(list: readonly UploadItem[], added: readonly UploadItem[], limits: UploadLimits = {}): UploadItem[] {
  const kept = list.filter((f) => f.status !== 'removed');
  if (limits.single) return added.length ? [added[added.length - 1]] : kept;
  const all = [...kept, ...added];
  const max = limits.max ?? 0;
  return max > 0 && all.length > max ? all.slice(all.length - max) : all;
}

/** Percent shown while uploading: the bytes sent so far, never 100 before the server has answered. */
export function progressPercent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 1;
  return Math.max(1, Math.min(99, Math.round((loaded / total) * 100)));
}

export function withProgress(list: readonly UploadItem[], uid: string, percent: number): UploadItem[] {
  return list.map((f) => (f.uid === uid && f.status === 'uploading' ? { ...f, percent: Math.max(f.percent, percent) } : f));
}

/** The item after the server's answer: done with its path, or error with the message or 'unknown error'. */
export function withAnswer(list: readonly UploadItem[], uid: string, data: unknown, urlOf: (path: string, url?: string) => string): UploadItem[] {
  const answer = readUploadAnswer(data);
  return list.map((f) => {
    if (f.uid !== uid || f.status !== 'uploading') return f;
    if (answer.success && answer.result) {
      return {
        ...f,
        status: 'done',
        percent: 100,
        filePath: answer.result.filePath,
        url: urlOf(answer.result.filePath, answer.result.url),
        message: undefined,
      };
    }
    return { ...f, status: 'error', percent: 0, message: answer.message || FILE_MSG.unknownError };
  });
}

/** The item after a failed request (no readable answer): the server's message if any, else 上传失败. */
export function withFailure(list: readonly UploadItem[], uid: string, message?: string): UploadItem[] {
  return list.map((f) => (f.uid === uid && f.status === 'uploading' ? { ...f, status: 'error', percent: 0, message: message || UPLOAD_TEXT.failed } : f));
}

export function withoutItem(list: readonly UploadItem[], uid: string): UploadItem[] {
  return list.filter((f) => f.uid !== uid);
}

export type MoveOutcome = { ok: true; list: UploadItem[] } | { ok: false; message: string };

/** Moves an item one place earlier (-1) or later (+1). */
export function moveItem(list: readonly UploadItem[], uid: string, direction: number): MoveOutcome {
  const i = list.findIndex((f) => f.uid === uid);
  if (i < 0 || (direction !== -1 && direction !== 1)) return { ok: false, message: UPLOAD_TEXT.unknownOp };
  const j = i + direction;
  if (j < 0) return { ok: false, message: UPLOAD_TEXT.atStart };
  if (j >= list.length) return { ok: false, message: UPLOAD_TEXT.atEnd };
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return { ok: true, list: next };
}

/** The form value: the paths of the finished files, in order, joined by commas. */
export function valueOf(list: readonly UploadItem[]): string {
  return list
    .filter((f) => f.status === 'done' && f.filePath)
    .map((f) => f.filePath)
    .join(',');
}

/** The name a stored path shows: its last segment without the store's random prefix. */
export function storedFileName(path: string): string {
  return (path.split('/').pop() ?? '').replace(/^[0-9a-f]{24}_/, '');
}

/** Items for a value set from outside (an edited record): each path a finished file. */
export function itemsOf(value: string | null | undefined, urlOf: (path: string) => string): UploadItem[] {
  return (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => ({
      uid: `v-${i}-${p}`,
      name: storedFileName(p),
      status: 'done' as const,
      percent: 100,
      filePath: p,
      url: urlOf(p),
    }));
}
