// The report definition form's logic, shared by both views: the form's values, turning them into
// the call's body (checked by the contract's own schema, as the server checks it), and saving.
import { useState } from 'react';
import { REPORT_P, REPORT_SOURCES, reportBody, sourceOf, type QueryMode, type ReportBody, type ReportRecord, type ReportSourceKey } from '@contract/api/report';
import { sysOrThrow, sysPost, sysPut } from '@/api/request';

export interface ReportFormValues {
  code: string;
  name: string;
  source: ReportSourceKey | '';
  /** Shown columns, in order. */
  fields: string[];
  titles: Record<string, string>;
  queryFields: string[];
  modes: Record<string, QueryMode>;
}

export const SOURCE_OPTIONS = (Object.keys(REPORT_SOURCES) as ReportSourceKey[]).map((k) => ({ value: k, label: REPORT_SOURCES[k].title }));

export function valuesOf(r: ReportRecord | null): ReportFormValues {
  if (!r) return { code: '', name: '', source: '', fields: [], titles: {}, queryFields: [], modes: {} };
  return {
    code: r.code,
    name: r.name,
    source: r.source,
    fields: r.columns.map((c) => c.field),
    titles: Object.fromEntries(r.columns.map((c) => [c.field, c.title])),
    queryFields: r.queryFields.map((q) => q.field),
    modes: Object.fromEntries(r.queryFields.map((q) => [q.field, q.mode])),
  };
}

/** The source's fields as choices; query fields leave out amounts (not queryable). */
export function fieldOptions(source: string, forQuery = false) {
  const s = sourceOf(source);
  if (!s) return [];
  return Object.entries(s.fields)
    .filter(([, f]) => !forQuery || f.type !== 'fen')
    .map(([value, f]) => ({ value, label: f.title }));
}

export const defaultMode = (source: string, field: string): QueryMode => {
  const t = sourceOf(source)?.fields[field]?.type;
  return t === 'datetime' || t === 'date' ? 'range' : 'single';
};

export function bodyOf(v: ReportFormValues): ReportBody {
  const s = sourceOf(v.source);
  return {
    code: v.code,
    name: v.name,
    source: v.source,
    columns: v.fields.map((field) => ({ field, title: (v.titles[field] ?? '').trim() || (s?.fields[field]?.title ?? field) })),
    queryFields: v.queryFields.map((field) => ({ field, mode: v.modes[field] ?? defaultMode(v.source, field), hidden: false })),
  };
}

/** The first refusal of the values (the contract's message), or null. */
export function checkReport(v: ReportFormValues): string | null {
  const parsed = reportBody.safeParse(bodyOf(v));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '输入有误');
}

/** Adds or edits; answers the server's message. */
export async function saveReport(record: ReportRecord | null, v: ReportFormValues): Promise<string> {
  const body = bodyOf(v);
  const silent = { silent: true };
  const res = record ? await sysPut<ReportRecord>(REPORT_P.edit, { ...body, id: record.id }, silent) : await sysPost<ReportRecord>(REPORT_P.add, body, silent);
  sysOrThrow(res, true);
  return res.message;
}

/** The form's state for both views: values, a change of source clears the fields it no longer has. */
export function useReportForm(record: ReportRecord | null) {
  const [v, setV] = useState<ReportFormValues>(() => valuesOf(record));
  const [saving, setSaving] = useState(false);
  return {
    v,
    saving,
    set: <K extends keyof ReportFormValues>(k: K, value: ReportFormValues[K]) =>
      setV((old) =>
        k === 'source' && value !== old.source
          ? { ...old, source: value as ReportSourceKey, fields: [], titles: {}, queryFields: [], modes: {} }
          : { ...old, [k]: value },
      ),
    setTitle: (field: string, title: string) => setV((old) => ({ ...old, titles: { ...old.titles, [field]: title } })),
    setMode: (field: string, mode: QueryMode) => setV((old) => ({ ...old, modes: { ...old.modes, [field]: mode } })),
    /** Checks and saves; answers the message to show and whether it saved. */
    async submit(): Promise<{ ok: boolean; message: string }> {
      const refused = checkReport(v);
      if (refused) return { ok: false, message: refused };
      setSaving(true);
      try {
        return { ok: true, message: await saveReport(record, v) };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      } finally {
        setSaving(false);
      }
    },
  };
}
