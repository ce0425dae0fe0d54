// Online reports (contract/api/report.ts): what a report shows, its query fields and its rows. The
// report page and the popup report picker (which the grid's popup columns open) read reports through here.
// A report's columns and query fields are kept for 30 s (spec §9: report popup cache 30 s).
import { REPORT_MSG, reportColumnsUrl, reportDataUrl, reportQueryInfoUrl, type ReportColumnsAnswer, type ReportQueryField } from '@contract/api/report';
import type { PageResult } from '@contract/listQuery';
import { ApiError } from './errors';
import { sysGet, sysOrThrow } from './request';

export const REPORT_CACHE_MS = 30_000;

export interface ReportMeta extends ReportColumnsAnswer {
  queryFields: ReportQueryField[];
}
export type ReportRow = { id: string } & Record<string, string>;

const cache = new Map<string, { at: number; meta: Promise<ReportMeta> }>();

/** The report's columns and query fields by its code (cached 30 s; a failed load is not kept). */
export function reportMeta(code: string): Promise<ReportMeta> {
  const hit = cache.get(code);
  if (hit && Date.now() - hit.at < REPORT_CACHE_MS) return hit.meta;
  const meta = (async () => {
    const columns = sysOrThrow(
      await sysGet<ReportColumnsAnswer>(reportColumnsUrl(code), undefined, { silent: true }).catch((err: unknown) => {
        // A code no report has: the report's own words rather than the generic 404 text.
        throw err instanceof ApiError && err.status === 404 ? new ApiError(REPORT_MSG.notFound, 404, err.body) : err;
      }),
      true,
    );
    const queryFields = sysOrThrow(await sysGet<ReportQueryField[]>(reportQueryInfoUrl(columns.cgRpConfigId), undefined, { silent: true }), true);
    return { ...columns, queryFields };
  })();
  cache.set(code, { at: Date.now(), meta });
  meta.catch(() => cache.delete(code));
  return meta;
}

/** A page of the report's rows: list parameters (pageNo, pageSize, column, order, query fields, superQueryParams). */
export async function reportRows(id: string, params: Record<string, string>): Promise<PageResult<ReportRow>> {
  return sysOrThrow(await sysGet<PageResult<ReportRow>>(reportDataUrl(id), params, { silent: true }), true);
}
