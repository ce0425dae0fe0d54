// The popup report picker's logic (spec §2, §5, §9: 1200 wide, paging 10/20/30, selection kept
// across pages, single mode, '请选择一条记录', report cached 30 s), shared by both views. It reads
// an online report (contract/api/report.ts) by its code: the report's query fields make the query
// form, its columns the table; the value is the chosen rows' `field` joined by ','.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { REPORT_MSG, type ReportQueryField } from '@contract/api/report';
import { PAGE_SIZE_OPTIONS_PICKER } from '@contract/constants';
import { reportMeta, reportRows, type ReportMeta, type ReportRow } from '@/api/reports';
import { joinValues } from '@/components/pickers/pickerRules';
import type { PickerBaseProps } from '@/components/pickers/types';
import { usePagedPicker } from '@/components/pickers/usePagedPicker';

export interface ReportPickerProps extends PickerBaseProps {
  /** The online report's code (popupCode). */
  code: string;
  /** The record field whose values make the value (default the report's first column). */
  field?: string;
  multiple?: boolean;
  /** The chosen rows, after 确定 (a popup column copies orgFields into destFields from them). */
  onPick?: (rows: ReportRow[]) => void;
  /** What opens the picker in place of its read-only box (a grid's popup cell); `open` shows it. */
  trigger?: (open: () => void) => ReactNode;
}

export const REPORT_PICKER_WIDTH = 1200;
export type ReportQuery = Record<string, string>;

/** List parameters of a query: a single text field matches a part (*x*), a range sends field_begin/field_end. */
export function queryParams(fields: ReportQueryField[], q: ReportQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (f.mode === 'range') {
      if (q[`${f.field}_begin`]) out[`${f.field}_begin`] = q[`${f.field}_begin`];
      if (q[`${f.field}_end`]) out[`${f.field}_end`] = q[`${f.field}_end`];
      continue;
    }
    const v = (q[f.field] ?? f.defaultValue ?? '').trim();
    if (v) out[f.field] = f.type === 'string' ? `*${v}*` : v;
  }
  return out;
}

/** The text a cell shows: the dictionary text where the column has one. */
export const cellText = (row: ReportRow, field: string) => row[`${field}_dictText`] ?? row[field] ?? '';

export function useReportPicker(p: ReportPickerProps, open: boolean) {
  const [meta, setMeta] = useState<ReportMeta | null>(null);
  const [metaError, setMetaError] = useState<string | null>(null);
  const [draft, setDraft] = useState<ReportQuery>({});

  useEffect(() => {
    if (!open) return;
    let live = true;
    reportMeta(p.code).then(
      (m) => live && (setMeta(m), setMetaError(null)),
      (err: unknown) => live && setMetaError((err as Error).message || '报表加载失败'),
    );
    return () => {
      live = false;
    };
  }, [open, p.code]);

  const fetch = useCallback(
    async (q: ReportQuery & { pageNo: number; pageSize: number }) => {
      if (!meta) return { records: [], total: 0, size: q.pageSize, current: 1 };
      const { pageNo, pageSize, ...query } = q;
      return reportRows(meta.cgRpConfigId, { ...queryParams(meta.queryFields, query), pageNo: String(pageNo), pageSize: String(pageSize) });
    },
    [meta],
  );
  const paged = usePagedPicker<ReportQuery, ReportRow>({
    fetch,
    blankQuery: {},
    pageSize: PAGE_SIZE_OPTIONS_PICKER[0],
    keyOf: (r) => r.id,
    multiple: !!p.multiple,
    active: open && !!meta,
  });
  const { setChosen } = paged;
  useEffect(() => {
    if (open) {
      setChosen([]);
      setDraft({});
    }
  }, [open, setChosen]);

  const field = p.field ?? meta?.columns[0]?.dataIndex ?? 'id';
  const visibleFields = (meta?.queryFields ?? []).filter((f) => !f.hidden);
  return {
    ...paged,
    meta,
    error: metaError ?? paged.error,
    draft,
    visibleFields,
    setDraft: (k: string, v: string) => setDraft((d) => ({ ...d, [k]: v })),
    searchDraft: () => paged.search(draft),
    resetAll: () => {
      setDraft({});
      paged.reset();
    },
    /** The first text query field: the phone's search box. */
    keywordField: visibleFields.find((f) => f.type === 'string' && f.mode === 'single') ?? null,
    /** Takes the choice; answers the refusal's text when none (or more than one in single mode) is chosen. */
    choose(): string | null {
      const rows = paged.chosen;
      if (!rows.length || (!p.multiple && rows.length > 1)) return REPORT_MSG.pickOne;
      p.onChange?.(joinValues(rows.map((r) => r[field] ?? '')));
      p.onPick?.(rows);
      return null;
    },
  };
}
