// Uploading the files of the import dialog and fetching the error workbook of a partial import.
// One request per file, so each failure can name its file (spec §8).
import { MSG } from '@contract/messages';
import { ApiError } from '@/api/errors';
import { http } from '@/api/request';
import { downloadName, importOutcome, type ImportOutcome } from '@/components/list/listRules';
import { saveBlob } from '@/components/list/useListKit';

export async function uploadImportFile(url: string, file: File): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('files[]', file, file.name);
  try {
    const res = await http.post(url, form, { silent: true, unsigned: true });
    return importOutcome(file.name, res.status, res.data);
  } catch (err) {
    if (err instanceof ApiError) return importOutcome(file.name, err.status, err.body);
    return { kind: 'failure', message: MSG.uploadFailed };
  }
}

/** Downloads the error workbook (it needs the signed-in session, so it goes through the API client). */
export async function downloadErrorFile(url: string): Promise<boolean> {
  try {
    const res = await http.get<Blob>(url, { responseType: 'blob', silent: true });
    saveBlob(res.data, downloadName(res.headers['content-disposition'] as string | undefined, '导入错误数据'));
    return true;
  } catch {
    return false;
  }
}
