// The state of a mounted list, shared by the desktop table and the phone card list: query, paging,
// sort, super query, selection, loading, delete, batch delete, export and the editor. The views
// only render it and pass in how they show messages and confirmations (antd or antd-mobile).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { PAGE_SIZE_DEFAULT } from '@contract/constants';
import type { PageResult } from '@contract/listQuery';
import { MSG } from '@contract/messages';
import { http, sysDelete, sysGet } from '@/api/request';
import { ApiError } from '@/api/errors';
import { session } from '@/stores/session';
import {
  allowed,
  appendRows,
  DEFAULT_SORT,
  downloadName,
  listParams,
  missingUrlMessage,
  pagedParams,
  queryParams,
  shownPagesToReload,
  valuesFromSearch,
  type QueryValues,
  type SortState,
} from './listRules';
import type { ListKitApi, ListKitConfig, ListRow, SuperQueryState } from './types';
import { encodeSuperQuery } from '@/components/superQuery/superQueryRules';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import type { SuperQueryBuilderProps } from '@/components/superQuery/useSuperQueryBuilder';

/** How a view shows the kit's messages (antd message/Modal or antd-mobile Toast/Dialog). */
export interface ListUi {
  success(message: string): void;
  warning(message: string): void;
  error(message: string): void;
  confirm(o: { title: string; content: string }): Promise<boolean>;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError || err instanceof Error ? err.message || fallback : fallback);

function initialValues(config: ListKitConfig<ListRow>): QueryValues {
  return Object.fromEntries((config.query ?? []).filter((f) => f.defaultValue !== undefined).map((f) => [f.field, f.defaultValue]));
}

export interface ListKitOptions {
  /** The phone card list: pages accumulate (infinite scroll), so a reload keeps all shown pages. */
  infinite?: boolean;
}

export function useListKit<T extends ListRow>(config: ListKitConfig<T>, ui: ListUi, options: ListKitOptions = {}) {
  const cfg = config as unknown as ListKitConfig<ListRow>;
  const defaultSort: SortState = config.defaultSort ?? DEFAULT_SORT;
  const rowKey = (config.rowKey ?? 'id') as string;
  const perms = useSnapshot(session);
  const lists = useMemo(() => ({ auth: perms.auth as never, allAuth: perms.allAuth as never }), [perms.auth, perms.allAuth]);

  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [exhausted, setExhausted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [values, setValues] = useState<QueryValues>(() => ({ ...initialValues(cfg), ...valuesFromSearch(cfg.query ?? [], window.location.search) }));
  const [superQuery, setSuperQuery] = useState<SuperQueryState | null>(null);
  const [selectedRowKeys, setSelectedRowKeys] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [editor, setEditor] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });

  const requestState = useMemo(
    () => ({
      filters: queryParams(config.query ?? [], values),
      sort,
      superQuery: superQuery ? encodeSuperQuery(superQuery) : null,
      fixed: config.params,
    }),
    [config.query, config.params, values, sort, superQuery],
  );
  const seq = useRef(0);
  const stateRef = useRef({ requestState, pageNo, pageSize, rows });
  stateRef.current = { requestState, pageNo, pageSize, rows };

  /**
   * Loads a page; `append` adds it after the current rows (phone infinite scroll). `pages` > 1 loads
   * pages 1..pages in one call (a phone reload keeps every card it has shown). False when it failed.
   */
  const load = useCallback(
    async (page: number, size: number, rs = stateRef.current.requestState, append = false, pages = 1): Promise<boolean> => {
      const missing = missingUrlMessage(cfg, 'list');
      if (missing) {
        ui.error(missing);
        return false;
      }
      const my = ++seq.current;
      setLoading(true);
      try {
        const params = pages > 1 ? pagedParams(rs, 1, size * pages) : pagedParams(rs, page, size);
        const res = config.fetchList ? await config.fetchList(params) : await sysGet<PageResult<T>>(config.url.list as string, params, { silent: true });
        if (my !== seq.current) return true;
        if (!res.success) {
          ui.warning(res.message);
          return false;
        }
        const records = res.result.records;
        setRows((prev) => (append ? appendRows(prev, records, rowKey) : records));
        setTotal(res.result.total);
        // A short page is the last one, even if the total changed meanwhile: the phone stops asking.
        setExhausted(records.length < size * pages);
        setPageNo(pages > 1 ? pages : page);
        setPageSize(size);
        return true;
      } catch (err) {
        if (my !== seq.current) return true;
        ui.warning(messageOf(err, MSG.serverError));
        return false;
      } finally {
        if (my === seq.current) setLoading(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.url.list, ui],
  );

  // First load and every change of what is asked for (filters, sort, super query) goes to page 1.
  useEffect(() => {
    void load(1, stateRef.current.pageSize, requestState);
  }, [requestState, load]);

  const reload = useCallback(
    async (resetPage = false) => {
      const s = stateRef.current;
      // The phone shows pages 1..pageNo at once: reloading only page pageNo would drop the others.
      if (options.infinite && !resetPage && s.pageNo > 1) {
        await load(1, s.pageSize, s.requestState, false, shownPagesToReload(s.pageNo, s.pageSize));
        return;
      }
      await load(resetPage ? 1 : s.pageNo, s.pageSize, s.requestState);
    },
    [load, options.infinite],
  );

  // A live list follows changes made elsewhere (another user, another device) without a click.
  useLiveRefresh(config.live ? { kind: config.live } : null, () => void reload());

  const clearSelection = useCallback(() => {
    setSelectedRowKeys([]);
    setSelectedRows([]);
  }, []);

  const reset = useCallback(async () => {
    setValues(initialValues(cfg));
    setSort(defaultSort);
    setSuperQuery(null);
    clearSelection();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clearSelection]);

  const search = useCallback(
    (next: QueryValues) => {
      setValues({ ...next });
      clearSelection();
    },
    [clearSelection],
  );

  const changePage = useCallback((page: number, size: number) => void load(size !== stateRef.current.pageSize ? 1 : page, size), [load]);

  const hasMore = rows.length < total && !exhausted;
  /** The next page after the loaded rows (phone infinite scroll); rejects on failure so the scroller offers a retry instead of asking again. */
  const loadMore = useCallback(async () => {
    const s = stateRef.current;
    const ok = s.rows.length === 0 ? await load(1, s.pageSize) : await load(s.pageNo + 1, s.pageSize, s.requestState, true);
    if (!ok) throw new Error(MSG.serverError);
  }, [load]);

  const remove = useCallback(
    async (row: T) => {
      const missing = missingUrlMessage(cfg, 'delete');
      if (missing) return ui.error(missing);
      try {
        const res = await sysDelete<unknown>(config.url.delete as string, { id: row[rowKey] }, { silent: true });
        if (!res.success) return ui.warning(res.message);
        ui.success(res.message);
        setSelectedRowKeys((keys) => keys.filter((k) => k !== row[rowKey]));
        await reload();
      } catch (err) {
        ui.warning(messageOf(err, MSG.serverError));
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.url.delete, reload, ui, rowKey],
  );

  const removeSelected = useCallback(async () => {
    const missing = missingUrlMessage(cfg, 'deleteBatch');
    if (missing) return ui.error(missing);
    if (!selectedRowKeys.length) return ui.warning(MSG.selectOne);
    if (!(await ui.confirm({ title: MSG.confirmDeleteTitle, content: MSG.confirmDeleteBody }))) return;
    try {
      const res = await sysDelete<unknown>(config.url.deleteBatch as string, { ids: selectedRowKeys.join(',') }, { silent: true });
      if (!res.success) return ui.warning(res.message);
      ui.success(res.message);
      clearSelection();
      await reload();
    } catch (err) {
      ui.warning(messageOf(err, MSG.serverError));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config.url.deleteBatch, selectedRowKeys, clearSelection, reload, ui]);

  const exportXls = useCallback(async () => {
    if (!config.url.exportXls) return ui.error(MSG.exportFailed);
    const params = selectedRowKeys.length
      ? { selections: selectedRowKeys.join(','), column: sort.column, order: sort.order }
      : listParams(stateRef.current.requestState);
    try {
      const res = await http.get<Blob>(config.url.exportXls, { params, responseType: 'blob', silent: true });
      const blob = res.data;
      if (!blob || blob.size === 0 || blob.type.includes('json')) throw new Error(MSG.exportFailed);
      saveBlob(blob, downloadName(res.headers['content-disposition'] as string | undefined, config.title));
    } catch {
      ui.error(MSG.exportFailed);
    }
  }, [config.url.exportXls, config.title, selectedRowKeys, sort, ui]);

  const can = useCallback((code: string) => allowed(config.permissionPrefix, code, lists), [config.permissionPrefix, lists]);
  const openEditor = useCallback(
    (record: T | null) => {
      if (record === null && config.onAdd) return config.onAdd(apiRef.current);
      if (record !== null && config.onEdit) return config.onEdit(record, apiRef.current);
      setEditor({ open: true, record });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.onAdd, config.onEdit],
  );

  // A deep link asks for 新增 once, when the list first shows and only if the user may add.
  const addOnOpen = !!config.addOnOpen && can('add');
  useEffect(() => {
    if (addOnOpen) openEditor(null);
  }, [addOnOpen, openEditor]);

  const api: ListKitApi<T> = {
    reload,
    reset,
    selectedRowKeys,
    selectedRows,
    clearSelection,
    currentParams: () => listParams(stateRef.current.requestState),
    openEditor,
    can,
    message: { success: ui.success, warning: ui.warning, error: ui.error },
    confirm: ui.confirm,
  };
  const apiRef = useRef(api as unknown as ListKitApi);
  apiRef.current = api as unknown as ListKitApi;

  return {
    config,
    rowKey,
    lists,
    rows,
    total,
    loading,
    pageNo,
    pageSize,
    sort,
    setSort,
    values,
    search,
    reset,
    reload,
    changePage,
    hasMore,
    loadMore,
    superQuery,
    applySuperQuery: setSuperQuery,
    superQueryActive: superQuery !== null,
    /** Props of this list's super query builder (desktop dialog or phone sheet); null when the page offers none. */
    superQueryBuilder: (open: boolean, onClose: () => void): SuperQueryBuilderProps | null =>
      config.superQuery?.length
        ? { open, pageKey: config.pageKey, fields: config.superQuery, value: superQuery, onApply: setSuperQuery, onReset: () => setSuperQuery(null), onClose }
        : null,
    selectedRowKeys,
    selectedRows,
    setSelection: (keys: string[], selected: T[]) => {
      setSelectedRowKeys(keys);
      setSelectedRows(selected);
    },
    clearSelection,
    remove,
    removeSelected,
    exportXls,
    editor,
    openEditor,
    closeEditor: () => setEditor({ open: false, record: null }),
    editorSaved: () => {
      setEditor({ open: false, record: null });
      void reload();
    },
    can,
    api: apiRef,
  };
}
export type ListKitState<T extends ListRow> = ReturnType<typeof useListKit<T>>;

/** Saves a blob through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
