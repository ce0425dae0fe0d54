// The list kit's pure rules, shared by both views and tested on their own: the missing-config
// messages of §8, the wire parameters of a list call (filters wrapped per §5, sort, super query,
// paging, the phone's accumulated pages), which toolbar buttons and row actions a user sees (§6),
// export file names and the reading of an import answer.
import { PAGE_SIZE_DEFAULT } from '@contract/constants';
import { MAX_PAGE_SIZE } from '@contract/listQuery';
import { MSG } from '@contract/messages';
import { excludedCodes, hasPermission, visibleToolbarButtons, type PermissionLists } from '@contract/permission';
import { formatDate, formatDateTime } from '@contract/time';
import { wrapFilter } from '@contract/validation';
import type { ExtraButton, ListColumn, ListKitConfig, ListRow, QueryField, RowAction, ToolbarButton } from './types';

export const totalText = (total: number) => `共${total}条`;

/** The §8 message when the call's url is not configured, else null. */
export function missingUrlMessage(config: Pick<ListKitConfig, 'url'>, op: 'list' | 'delete' | 'deleteBatch'): string | null {
  if (op === 'list' && !config.url.list) return MSG.listUrlMissing;
  if (op === 'delete' && !config.url.delete) return MSG.deleteUrlMissing;
  if (op === 'deleteBatch' && !config.url.deleteBatch) return MSG.deleteBatchUrlMissing;
  return null;
}

/** A query form value: text, or a [begin, end] date pair ('YYYY-MM-DD'). */
export type QueryValue = string | [string, string] | undefined | null;
export type QueryValues = Record<string, QueryValue>;

/**
 * The query fields a page's URL names (?status=failed&scope=mine): a link (the workbench's to-dos)
 * opens the list already filtered. Only fields the list declares, and for a select only its options.
 */
export function valuesFromSearch(fields: readonly QueryField[], search: string): QueryValues {
  const params = new URLSearchParams(search);
  const out: QueryValues = {};
  for (const f of fields) {
    const v = params.get(f.field);
    if (v === null || v === '') continue;
    if (f.type === 'select' && f.options && !f.options.some((o) => String(o.value) === v)) continue;
    if (f.type === 'input' || f.type === 'select') out[f.field] = v;
  }
  return out;
}

/** Filter parameters of the query form: inputs wrapped (like → *x*), date ranges as _begin/_end. */
export function queryParams(fields: QueryField[], values: QueryValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.field];
    if (v === undefined || v === null || v === '') continue;
    if (f.type === 'dateRange') {
      if (!Array.isArray(v) || !v[0] || !v[1]) continue;
      out[`${f.field}_begin`] = v[0].length === 10 ? `${v[0]} 00:00:00` : v[0];
      out[`${f.field}_end`] = v[1].length === 10 ? `${v[1]} 23:59:59` : v[1];
      continue;
    }
    const text = String(v).trim();
    if (!text) continue;
    if (f.type === 'input') out[f.field] = wrapFilter(text, f.rule ?? 'like');
    else if (f.type === 'number') out[f.field] = wrapFilter(text, f.rule ?? 'eq');
    else out[f.field] = text;
  }
  return out;
}

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}
export const DEFAULT_SORT: SortState = { column: 'createTime', order: 'desc' };

/** Sort of an antd table change: a cleared sort goes back to the page's default. */
export function sortOf(field: unknown, order: 'ascend' | 'descend' | null | undefined, fallback: SortState = DEFAULT_SORT): SortState {
  if (!order || typeof field !== 'string' || !field) return fallback;
  return { column: field, order: order === 'ascend' ? 'asc' : 'desc' };
}

export interface ListRequestState {
  filters: Record<string, string>;
  sort: SortState;
  superQuery: { superQueryParams: string; superQueryMatchType: 'and' | 'or' } | null;
  fixed?: Record<string, string>;
}
/** Every parameter of the list call except paging (also what export sends). */
export function listParams(s: ListRequestState): Record<string, string> {
  return {
    ...(s.fixed ?? {}),
    ...s.filters,
    column: s.sort.column,
    order: s.sort.order,
    ...(s.superQuery ?? {}),
  };
}
export function pagedParams(s: ListRequestState, pageNo: number, pageSize = PAGE_SIZE_DEFAULT): Record<string, string> {
  return { ...listParams(s), pageNo: String(pageNo), pageSize: String(pageSize) };
}

/** The rows of a next page after `prev`, without rows already shown (a row inserted meanwhile shifts the pages). */
export function appendRows<T extends ListRow>(prev: T[], next: T[], rowKey: string): T[] {
  const seen = new Set(prev.map((r) => r[rowKey]));
  return [...prev, ...next.filter((r) => !seen.has(r[rowKey]))];
}

/** How many pages a phone reload fetches in one call to keep the shown cards (within the page-size cap). */
export function shownPagesToReload(pageNo: number, pageSize: number): number {
  return Math.max(1, Math.min(pageNo, Math.floor(MAX_PAGE_SIZE / pageSize)));
}

/** Full code of a suffix under the prefix ('add' → 'system:user:add'); a code with ':' is already full. */
export function fullCode(prefix: string | undefined, code: string): string {
  return code.includes(':') || !prefix ? code : prefix + code;
}

/** Built-in toolbar buttons the page offers (its config) and the user may see (§6 exclusion). */
export function visibleToolbar<T extends ListRow>(config: ListKitConfig<T>, lists: PermissionLists): ToolbarButton[] {
  const offered: ToolbarButton[] = config.toolbar ?? [
    ...((config.editor || config.onAdd ? ['add'] : []) as ToolbarButton[]),
    ...((config.url.exportXls ? ['export'] : []) as ToolbarButton[]),
    ...((config.url.importExcel ? ['import'] : []) as ToolbarButton[]),
    ...((config.url.deleteBatch ? ['batch_delete'] : []) as ToolbarButton[]),
    ...((config.superQuery?.length ? ['superQuery'] : []) as ToolbarButton[]),
  ];
  if (!config.permissionPrefix) return offered;
  return visibleToolbarButtons(offered, excludedCodes(config.permissionPrefix, lists));
}

/** True when an entry with a permission may show: a code the user holds (hasPermission). */
export function allowed(prefix: string | undefined, permission: string | undefined, lists: PermissionLists): boolean {
  if (!permission) return true;
  return hasPermission(fullCode(prefix, permission), lists);
}

/** The extra buttons a phone offers above its cards: those marked `phone` that the user may use and that need no selection (a phone selects no rows). */
export function pageActionsOf<T extends ListRow>(config: ListKitConfig<T>, lists: PermissionLists): ExtraButton[] {
  return (config.extraButtons ?? []).filter((b) => b.phone && !b.needsSelection && allowed(config.permissionPrefix, b.permission, lists));
}

/** The row actions of one row, built-ins first: 编辑 (code edit), then the page's, then 删除 (code delete). */
export function rowActionsOf<T extends ListRow>(
  config: ListKitConfig<T>,
  row: T,
  lists: PermissionLists,
  builtins: { edit?: RowAction<T>; remove?: RowAction<T> },
): RowAction<T>[] {
  const all = [builtins.edit, ...(config.rowActions ?? []), builtins.remove].filter((a): a is RowAction<T> => !!a);
  return all.filter((a) => allowed(config.permissionPrefix, a.permission, lists) && (!a.visible || a.visible(row)));
}

export const textOf = <T>(v: string | ((row: T) => string), row: T) => (typeof v === 'function' ? v(row) : v);

/** File name of a download: Content-Disposition (filename* first), else `<title>_<yyyyMMdd>.xlsx`. */
export function downloadName(disposition: string | null | undefined, title: string, now: Date = new Date()): string {
  if (disposition) {
    const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
    const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
    const raw = (star?.[1] ?? plain?.[1])?.trim().replace(/^"|"$/g, '');
    if (raw) {
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  const p = (n: number) => String(n).padStart(2, '0');
  return `${title}_${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}.xlsx`;
}

/** The import dialog accepts .xls and .xlsx only (§8). */
export function isImportFile(name: string): boolean {
  return /\.xlsx?$/i.test(name);
}

export type ImportOutcome =
  { kind: 'success'; message: string } | { kind: 'partial'; message: string; errorFileUrl: string | null } | { kind: 'failure'; message: string };

/** Reads the answer of an import upload (§8): 201 → imported with error data; success → message; else failure. */
export function importOutcome(fileName: string, status: number, body: unknown): ImportOutcome {
  const b = (body ?? {}) as { success?: boolean; code?: number; message?: string; result?: { errorFileUrl?: string } | null };
  if (status === 201 || b.code === 201) return { kind: 'partial', message: MSG.importWithErrors, errorFileUrl: b.result?.errorFileUrl ?? null };
  if (status >= 200 && status < 300 && b.success) return { kind: 'success', message: b.message || MSG.uploadDone(fileName) };
  if (b.message) return { kind: 'failure', message: `${fileName} ${b.message}` };
  return { kind: 'failure', message: MSG.uploadFailed };
}

/** The text a cell shows for a dictionary value. */
export function dictText(items: readonly { value: string; text: string; label?: string }[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const parts = String(value).split(',');
  return parts.map((v) => items?.find((i) => i.value === v)?.text ?? items?.find((i) => i.value === v)?.label ?? v).join(',');
}

/** URL of an uploaded file path ('avatar/2026…/x.png') under the static base; absolute URLs pass. */
export function staticUrl(path: string | null | undefined, apiBase: string, staticBase: string): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  return `${apiBase}${staticBase}/${path}`;
}

/**
 * A cell as plain text, for the phone's cards and the desktop's table alike ('' for none): the
 * column's own rendering when it gives text, a tag's text, a dictionary's or an option's label, and
 * dates and times in the display zone (an ISO instant from a business call reads as China time, as
 * the sys-style lists' wall-clock text already does).
 */
export function cellText<T extends ListRow>(col: ListColumn<T> | undefined, row: T, dicts: Record<string, readonly { value: string; text: string }[]>): string {
  if (!col) return '';
  const v = row[col.dataIndex];
  if (col.render) {
    const out = col.render(v, row);
    if (typeof out === 'string' || typeof out === 'number') return String(out);
  }
  if (col.type === 'tag' && col.tag) return col.tag(row)?.text ?? '';
  if (col.dict) return dictText(dicts[col.dict], v);
  if (col.options) return col.options.find((o) => o.value === String(v))?.label ?? String(v ?? '');
  if (v === null || v === undefined) return '';
  if (col.type === 'date') return formatDate(v as string) || String(v).slice(0, 10);
  if (col.type === 'datetime') return formatDateTime(v as string) || String(v);
  return String(v);
}
