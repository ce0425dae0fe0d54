// Default data of the grid's picker cells, over the app's existing calls: departments (the
// department tree, flattened) and users (the user list, matched by account or name). Popup cells open
// the shared report picker and file cells upload through the shared upload (useCellData). A page
// with richer pickers or uploaders plugs them in through EditableGrid's `editors` / `loaders`.
import { ADMIN_P } from '@contract/api/admin';
import type { PageResult } from '@contract/listQuery';
import { sysGet, sysOrThrow } from '@/api/request';
import type { GridColumn, GridOption, GridRow } from './gridTypes';

export const SEARCH_PAGE_SIZE = 10;

/** Where a grid's picker cells get their choices and records; each is optional (the defaults below serve). */
export interface GridLoaders {
  departments?: (keyword: string) => Promise<GridOption[]>;
  users?: (keyword: string, valueField: string) => Promise<GridOption[]>;
  /** sel_search_async without its own loadOptions. */
  search?: (col: GridColumn, keyword: string, row: GridRow) => Promise<GridOption[]>;
  /** Stores a file; answers the value the cell keeps (a path or name). */
  upload?: (file: File, col: GridColumn) => Promise<string>;
}

type RawDepart = { id?: string; key?: string; departName?: string; title?: string; orgCode?: string; children?: RawDepart[] };
let departCache: Promise<Record<string, unknown>[]> | null = null;

function flatDeparts(nodes: RawDepart[], out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  for (const n of nodes) {
    out.push({ id: String(n.id ?? n.key ?? ''), departName: String(n.departName ?? n.title ?? ''), orgCode: n.orgCode ?? '' });
    if (n.children?.length) flatDeparts(n.children, out);
  }
  return out;
}

/** Every department of the tenant, flattened (loaded once a page life; a failure is retried next time). */
export function departmentRecords(): Promise<Record<string, unknown>[]> {
  departCache ??= sysGet<RawDepart[]>(ADMIN_P.departTree, undefined, { silent: true })
    .then((res) => flatDeparts(sysOrThrow(res, true) ?? []))
    .catch((e: unknown) => {
      departCache = null;
      throw e;
    });
  return departCache;
}

const matches = (keyword: string, ...texts: unknown[]) => !keyword || texts.some((t) => String(t ?? '').includes(keyword));

export async function departmentOptions(keyword: string): Promise<GridOption[]> {
  const all = await departmentRecords();
  return all.filter((d) => matches(keyword.trim(), d.departName, d.orgCode)).map((d) => ({ value: String(d.id), label: String(d.departName) }));
}

/** Users whose account or name contains `keyword`, the first page. */
export async function userRecords(keyword: string): Promise<Record<string, unknown>[]> {
  const t = keyword.trim().slice(0, 64);
  const params: Record<string, string> = { pageNo: '1', pageSize: String(SEARCH_PAGE_SIZE), column: 'username', order: 'asc' };
  if (t) {
    params.superQueryParams = encodeURIComponent(
      JSON.stringify([
        { field: 'username', rule: 'like', val: t },
        { field: 'realname', rule: 'like', val: t },
      ]),
    );
    params.superQueryMatchType = 'or';
  }
  const page = sysOrThrow(await sysGet<PageResult<Record<string, unknown>>>(ADMIN_P.userList, params, { silent: true }), true);
  return page.records;
}

/** User choices: the value is `valueField` of the user (spec §3: default username), the text their real name. */
export async function userOptions(keyword: string, valueField = 'username'): Promise<GridOption[]> {
  return (await userRecords(keyword)).map((u) => ({ value: String(u[valueField] ?? ''), label: `${String(u.realname ?? '')}（${String(u.username ?? '')}）` }));
}
