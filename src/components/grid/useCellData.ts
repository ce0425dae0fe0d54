// Data of the grid's picker cells, shared by the desktop cell and the phone field: async choices
// (sel_search_async, sel_depart, sel_user) searched as the user types, and file
// upload (the shared upload's request: stored by the object store, real progress, the §4/§8
// errors). The loaders come from the page (EditableGrid `loaders`) or the defaults of gridApi.
import { useCallback, useEffect, useRef, useState } from 'react';
import { FILE_MSG, checkUploadFile } from '@contract/api/files';
import { fileUrl, openUploaded, uploadFile } from '@/components/upload/uploadApi';
import { progressPercent, storedFileName } from '@/components/upload/uploadRules';
import { departmentOptions, userOptions, type GridLoaders } from './gridApi';
import { extendOf, splitMulti } from './gridColumns';
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

/**
 * Upload of a file, upload or image cell: the file goes through the shared upload (POST
 * /cap/cos/v1/FileUpload into the column's bucket, fieldExtendJson {"bucket": "..."}, default
 * temp) and the cell keeps the stored path; a page's own `loaders.upload` takes its place. An
 * image cell refuses a file whose type is not an image (§5 请上传图片); a refusal by the server
 * shows its message, or 'unknown error' (§8), a failed request 上传失败.
 */
export function useCellUpload(col: GridColumn, loaders: GridLoaders | undefined, onStored: (value: string) => void) {
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const upload = useCallback(
    async (file: File) => {
      const imageOnly = col.type === 'image';
      const refusal = imageOnly && !file.type.includes('image') ? FILE_MSG.imageOnly : checkUploadFile(file, imageOnly);
      if (refusal) return setError(refusal);
      setBusy(true);
      setPercent(1);
      setError(null);
      try {
        if (loaders?.upload) return onStored(await loaders.upload(file, col));
        const bucket = extendOf(col).bucket;
        const answer = await uploadFile(file, {
          imageOnly,
          bucket: typeof bucket === 'string' ? bucket : undefined,
          onProgress: (loaded, total) => setPercent(progressPercent(loaded, total)),
        });
        if (answer.success && answer.result) onStored(answer.result.filePath);
        else setError(answer.message || FILE_MSG.failed);
      } catch (e) {
        setError(e instanceof Error && e.message ? e.message : FILE_MSG.failed);
      } finally {
        setBusy(false);
      }
    },
    [col, loaders, onStored],
  );
  /** Opens a stored file: an image in a new tab, any other file downloaded with the session's token. */
  const open = useCallback(async (value: string) => {
    const refusal = await openUploaded({ url: fileUrl(value), name: storedFileName(value) });
    if (refusal) setError(refusal);
  }, []);
  return { busy, percent, error, upload, open };
}

/** Shown name of a stored file value: the last path segment without the store's random prefix. */
export const fileNameOf = (value: unknown) => storedFileName(String(value ?? ''));
