// Excel for the list kit: export rows to an .xlsx, read the rows of an uploaded workbook by header,
// and write the error workbook of an import (the bad rows plus a 错误原因 column). Generic over
// columns, so any module's list can use it; values are written as text, so a cell starting with
// '=' stays text (no formula injection into the administrator's spreadsheet).
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/envelope';
import { checkZip, type ZipLimits } from '../../lib/zipGuard';
import { MSG } from '../../../contract/messages';

export interface XlsxColumn {
  key: string;
  header: string;
  width?: number;
}

/** Neutralises spreadsheet formulas in exported text (CSV/Excel injection). */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export async function toXlsx(sheetName: string, columns: XlsxColumn[], rows: Record<string, unknown>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c) => [c.key, cellText(r[c.key])])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends an .xlsx as a download named `<title>_<yyyyMMdd>.xlsx` (UTF-8 name in Content-Disposition). */
export function sendXlsx(reply: FastifyReply, title: string, data: Buffer) {
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  const name = `${title}_${stamp}.xlsx`;
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('Access-Control-Expose-Headers', 'Content-Disposition')
    .send(data);
}

function plain(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return String(v.result ?? '');
  }
  return String(v).trim();
}

/** What an uploaded workbook may expand to: far above any 5000-row import, far below what hurts the server. */
export const XLSX_LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024 };
const PARSE_FAILED = '文件解析失败，请上传有效的 .xlsx 文件';
export const XLSX_TOO_LARGE = `工作簿解压后超过${XLSX_LIMITS.maxUncompressedBytes / 1024 / 1024}MB或包含超过${XLSX_LIMITS.maxEntries}个文件，已拒绝解析`;

/**
 * Rows of the first sheet as records keyed by `key`, matching headers by header text or key. The
 * archive is bounded (entry count, uncompressed size) before exceljs decompresses anything.
 */
export async function readXlsx(data: Buffer, columns: XlsxColumn[], maxRows = 5000): Promise<{ rowNo: number; values: Record<string, string> }[]> {
  const zip = checkZip(data, XLSX_LIMITS);
  if (!zip.ok) throw new AppError(400, zip.reason === 'too_large' || zip.reason === 'too_many' ? XLSX_TOO_LARGE : PARSE_FAILED);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, PARSE_FAILED);
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const header = ws.getRow(1);
  const colOf = new Map<string, number>();
  header.eachCell((cell, col) => {
    const text = plain(cell.value);
    const c = columns.find((x) => x.header === text || x.key === text);
    if (c) colOf.set(c.key, col);
  });
  if (!colOf.size) throw new AppError(400, '文件中没有可识别的表头');
  const out: { rowNo: number; values: Record<string, string> }[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const values: Record<string, string> = Object.fromEntries(columns.map((c) => [c.key, '']));
    for (const [key, col] of colOf) values[key] = plain(row.getCell(col).value).replace(/^'(?=[=+\-@])/, '');
    if (Object.values(values).every((v) => v === '')) continue;
    if (out.length >= maxRows) throw new AppError(400, `单次最多导入${maxRows}行`);
    out.push({ rowNo: r, values });
  }
  return out;
}

/** Each uploaded file of a multipart request (field files / files[] / file), in memory. */
export async function uploadedFiles(req: FastifyRequest): Promise<{ filename: string; mimetype: string; data: Buffer; fields: Record<string, string> }[]> {
  if (!req.isMultipart()) throw new AppError(400, '请选择要上传的文件');
  const files: { filename: string; mimetype: string; data: Buffer }[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, '文件过大');
        files.push({ filename: part.filename, mimetype: part.mimetype, data });
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 200);
    }
  } catch (err) {
    // The multipart plugin's own refusals (limits) carry their 4xx; the parser's (a missing
    // boundary, a truncated or malformed part) are plain errors, and all are the client's.
    const status = (err as { statusCode?: unknown }).statusCode;
    if (err instanceof AppError || (typeof status === 'number' && status >= 400 && status < 500)) throw err;
    throw new AppError(400, MSG.badMultipart);
  }
  return files.map((f) => ({ ...f, fields }));
}
