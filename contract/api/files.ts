// The upload calls (spec §7: POST /sys/common/upload and multipart POST /cap/cos/v1/FileUpload),
// their limits and messages, and the one reading of their answers the upload widget uses.
// Limits live here so the browser refuses early with the same words the server refuses with.

export const FILE_P = {
  upload: '/sys/common/upload',
  cosUpload: '/cap/cos/v1/FileUpload',
  /** Public images by their unguessable names (an <img> cannot send the token). */
  staticFiles: '/sys/common/static/files',
  /** Signed-in download of any uploaded file of the reader's tenant. */
  downloadFiles: '/sys/common/download/files',
  /** The reader's own uploads in the current tenant, newest first. */
  mine: '/sys/common/files',
} as const;

export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** Spec §9: upload default bizPath temp. */
export const DEFAULT_BUCKET = 'temp';
export const BUCKET_RX = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const IMAGE_EXTS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp'] as const;
export const FILE_EXTS = [...IMAGE_EXTS, '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.txt', '.csv', '.md', '.zip'] as const;

export const FILE_MSG = {
  empty: '请选择要上传的文件',
  imageOnly: '请上传图片',
  tooLarge: `文件大小不能超过${UPLOAD_MAX_MB}MB`,
  badType: (ext: string) => `不支持的文件类型：${ext || '无扩展名'}`,
  badBucket: '存储桶名称只能包含小写字母、数字和短横线',
  uploaded: '上传成功',
  failed: '上传失败',
  /** Spec §8: the cell shows the message or 'unknown error'. */
  unknownError: 'unknown error',
  notFound: '文件不存在',
} as const;

export function extOf(name: string): string {
  const m = /\.[^./\\]+$/.exec(name);
  return m ? m[0].toLowerCase() : '';
}

/** The refusal of a file before it is sent (the server says the same), or null when it may go. */
export function checkUploadFile(file: { name: string; size: number; type?: string }, imageOnly: boolean): string | null {
  const ext = extOf(file.name);
  if (imageOnly && !(IMAGE_EXTS as readonly string[]).includes(ext)) return FILE_MSG.imageOnly;
  if (!(FILE_EXTS as readonly string[]).includes(ext)) return FILE_MSG.badType(ext);
  if (file.size > UPLOAD_MAX_BYTES) return FILE_MSG.tooLarge;
  return null;
}

export interface UploadedFileInfo {
  id: string;
  filePath: string;
  /** Where a browser reads it: the public image address, or the signed-in download. */
  url: string;
  fileName: string;
  size: number;
  contentType: string;
  bucketName: string;
}

/** The answer both upload calls give: success, message and result (FileUpload also carries the §7 status/body envelope). */
export interface UploadAnswer {
  success: boolean;
  message: string;
  result: UploadedFileInfo | null;
}

/** Reads an upload answer, whichever envelope it came in; anything unreadable is a failure. */
export function readUploadAnswer(data: unknown): UploadAnswer {
  const d = (data ?? {}) as { success?: unknown; message?: unknown; result?: unknown; status?: { success?: unknown; replyText?: unknown; errorMsg?: unknown } };
  const success = typeof d.success === 'boolean' ? d.success : d.status?.success === true;
  const message = typeof d.message === 'string' ? d.message : String(d.status?.errorMsg || d.status?.replyText || '');
  const r = d.result as Partial<UploadedFileInfo> | null | undefined;
  const result = r && typeof r === 'object' && typeof r.filePath === 'string' ? (r as UploadedFileInfo) : null;
  return { success: success && !!result, message: success && !result ? message || FILE_MSG.unknownError : message, result };
}

// 文件管理 (issue 19 §4): every stored upload of the tenant, who uploaded it, what business record it
// belongs to (none: an orphan), preview, download and delete (refused while a record points at it).
export const OSS_FILE_P = {
  list: '/sys/oss/file/list',
  delete: '/sys/oss/file/delete',
  /** ?id= the file's bytes (attachment) for download and the preview. */
  download: '/sys/oss/file/download',
} as const;

export const OSS_FILE_PERM_PREFIX = 'system:file:';
export const OSS_FILE_PERMS = {
  list: 'system:file:list',
  delete: 'system:file:delete',
  download: 'system:file:download',
} as const;

/** The list's filter and sort fields (contract/listQuery ResourceFields). */
export const OSS_FILE_FIELDS = {
  fields: { fileName: 'string', contentType: 'string', uploaderName: 'string', bucketName: 'string', size: 'number', createTime: 'datetime' },
  sortable: ['fileName', 'size', 'uploaderName', 'createTime'],
  defaultSort: { field: 'createTime', dir: 'desc' },
} as const satisfies import('../listQuery').ResourceFields;

/** The type filter: each option is the content types it stands for (sent as an 'in' list). */
export const FILE_KIND_OPTIONS = [
  { value: 'image/png,image/jpeg,image/gif,image/webp,image/bmp', label: '图片' },
  { value: 'application/pdf', label: 'PDF' },
  {
    value: [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ].join(','),
    label: 'Office文档',
  },
] as const;

export interface OssFileRecord {
  id: string;
  fileName: string;
  filePath: string;
  contentType: string;
  /** 图片 / PDF / Word … : what the type column shows. */
  fileType: string;
  size: number;
  isImage: boolean;
  bucketName: string;
  uploaderName: string;
  /** The business record that points at the file ('客户资料：某公司（营业执照）'), or null for an orphan. */
  owner: string | null;
  createTime: string;
  [key: string]: unknown;
}

export const OSS_FILE_MSG = {
  inUse: (owner: string) => `文件正被「${owner}」引用，不能删除`,
  deleted: '删除成功',
  idRequired: '请指定文件',
} as const;

/** What the type column says of a content type. */
export function fileTypeText(contentType: string): string {
  if (contentType.startsWith('image/')) return '图片';
  if (contentType === 'application/pdf') return 'PDF';
  if (/word/.test(contentType)) return 'Word';
  if (/excel|spreadsheet/.test(contentType)) return 'Excel';
  if (/powerpoint|presentation/.test(contentType)) return 'PPT';
  if (contentType === 'application/zip') return '压缩包';
  if (contentType.startsWith('text/')) return '文本';
  return '其他';
}
