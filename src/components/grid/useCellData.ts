// Data of the grid's picker cells, shared by the desktop cell and the phone field: async choices
// (sel_search_async, sel_depart, sel_user) searched as the user types, popup records, and file
// upload. The loaders come from the page (EditableGrid `loaders`) or the defaults of gridApi.
import { useCallback, useEffect, useRef, useState } from 'react';
import { departmentOptions, popupRecords, uploadImage, userOptions, type GridLoaders } from './gridApi';
import { extendOf, popupConfigError, popupValues, splitMulti } from './gridColumns';
import type { GridColumn, GridOption, GridRow } from './gridTypes';

/** Spec §7: dictionary search debounced 300 ms, stale answers ignored. */
export const SEARCH_DEBOUNCE_MS = 300;

export const isAsyncColumn = (col: GridColumn) => col.type === 'sel_search_async' || col.type === 'sel_depart' || col.type === 'sel_user';
/** sel_user / sel_depart take several values unless fieldExtendJson says {"multiple": false}. */
export const isMultiColumn = (col: GridColumn) =>
  col.type === 'list_multi' || ((col.type === 'sel_user' || col.type === 'sel_depart') && extendOf(col).multiple !== false);

function loaderOf(col: GridColumn, row: GridRow, loaders: GridLoaders | undefined): (keyword: string) => Promise<GridOption[]> {
  if (col.type === 'sel_depart') return (k) => (loaders?.departments ?? departmentOptions)(k);
  if (col.type === 'sel_user') return (k) => (loaders?.users ?? userOptions)(k, col.field ?? 'username');
  if (col.loadOptions) return (k) => col.loadOptions!(k, row);
  if (loaders?.search) return (k) => loaders.search!(col, k, row);
  return async () => col.options ?? [];
}

/** Labels of searched values, by column and value, so a closed cell shows the text of what was picked. */
const labels = new Map<string, string>();
const labelKey = (col: GridColumn, value: string) => `${col.type}\u0000${col.key}\u0000${value}`;
export const knownLabel = (col: GridColumn, value: string) => labels.get(labelKey(col, value)) ?? value;

/** Async choices of one cell: search(keyword) loads after the debounce; labels of chosen values are remembered. */
export function useAsyncOptions(col: GridColumn, row: GridRow, loaders: GridLoaders | undefined) {
  const [options, setOptions] = useState<GridOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const known = useRef(new Map<string, string>());
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = loaderOf(col, row, loaders);
  const loadRef = useRef(load);
  loadRef.current = load;

  const run = useCallback(
    (keyword: string) => {
      const id = ++seq.current;
      setLoading(true);
      setError(null);
      loadRef
        .current(keyword)
        .then((list) => {
          if (id !== seq.current) return; // a newer search answered or is on its way
          for (const o of list) {
            known.current.set(o.value, o.label);
            labels.set(labelKey(col, o.value), o.label);
          }
          setOptions(list);
        })
        .catch((e: unknown) => id === seq.current && setError(e instanceof Error ? e.message : '加载失败'))
        .finally(() => id === seq.current && setLoading(false));
    },
    [col],
  );

  const search = useCallback(
    (keyword: string, now = false) => {
      clearTimeout(timer.current);
      if (now) run(keyword);
      else timer.current = setTimeout(() => run(keyword), SEARCH_DEBOUNCE_MS);
    },
    [run],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const remember = useCallback((list: GridOption[]) => list.forEach((o) => known.current.set(o.value, o.label)), []);
  /** Options including the chosen values, so a chosen value shows its text even when the last search did not find it. */
  const withChosen = (value: unknown): GridOption[] => {
    const chosen = splitMulti(value).filter((v) => !options.some((o) => o.value === v));
    return [...chosen.map((v) => ({ value: v, label: known.current.get(v) ?? knownLabel(col, v) })), ...options];
  };
  return { options, loading, error, search, withChosen, remember };
}

/** Records of a popup column, searched by keyword; `configError` when the column is not set up right (spec §5). */
export function usePopupRecords(col: GridColumn, loaders: GridLoaders | undefined) {
  const [records, setRecords] = useState<Record<string, unknown>[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const configError = popupConfigError(col);
  const load = useCallback(
    (keyword: string) => {
      if (configError) return;
      const id = ++seq.current;
      setLoading(true);
      setError(null);
      (loaders?.popup ? loaders.popup(col.popupCode!, keyword, col.param) : popupRecords(col.popupCode!, keyword))
        .then((list) => id === seq.current && setRecords(list))
        .catch((e: unknown) => id === seq.current && setError(e instanceof Error ? e.message : '加载失败'))
        .finally(() => id === seq.current && setLoading(false));
    },
    [col, configError, loaders],
  );
  /** The row fields a picked record fills (its destFields, and this cell by `field` when not among them). */
  const fieldsOf = (record: Record<string, unknown>) => {
    const out = popupValues(col, record);
    if (!(col.key in out)) out[col.key] = record[col.field ?? splitMulti(col.orgFields)[0] ?? ''] ?? '';
    return out;
  };
  const columnsShown = splitMulti(col.orgFields);
  return { records, loading, error, configError, load, fieldsOf, columnsShown };
}

/** Upload of a file cell: image cells store through the common upload; others keep the file name unless the page stores files. */
export function useCellUpload(col: GridColumn, loaders: GridLoaders | undefined, onStored: (value: string) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = useCallback(
    async (file: File) => {
      setBusy(true);
      setError(null);
      try {
        const store = loaders?.upload ?? (col.type === 'image' ? (f: File) => uploadImage(f) : async (f: File) => f.name);
        onStored(await store(file, col));
      } catch (e) {
        setError(e instanceof Error && e.message ? e.message : '上传失败');
      } finally {
        setBusy(false);
      }
    },
    [col, loaders, onStored],
  );
  return { busy, error, upload };
}

/** Shown name of a stored file value: the last path segment. */
export const fileNameOf = (value: unknown) =>
  String(value ?? '')
    .split('/')
    .pop() ?? '';
