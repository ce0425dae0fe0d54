// The logic of the paged pickers (users by department, business entities), shared by both views:
// a query applied by 查询 and emptied by 重置, a page of rows (newest answer wins), and the chosen
// rows kept across pages and queries; one row in single mode.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResult } from '@contract/listQuery';

export interface PagedPickerOptions<Q, R> {
  fetch: (q: Q & { pageNo: number; pageSize: number }) => Promise<PageResult<R>>;
  blankQuery: Q;
  pageSize: number;
  keyOf: (row: R) => string;
  multiple: boolean;
  /** Loads while true (the dialog is open). */
  active: boolean;
}

export function usePagedPicker<Q extends object, R>(o: PagedPickerOptions<Q, R>) {
  const [query, setQuery] = useState<Q>(o.blankQuery);
  const [page, setPage] = useState({ pageNo: 1, pageSize: o.pageSize });
  const [rows, setRows] = useState<R[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<R[]>([]);
  const seq = useRef(0);
  /** The phone's list appends pages ("加载更多"); the desktop table replaces them. */
  const appendMode = useRef(false);
  const { fetch, active } = o;

  useEffect(() => {
    if (!active) return;
    const mine = ++seq.current;
    setLoading(true);
    fetch({ ...query, ...page }).then(
      (res) => {
        if (mine !== seq.current) return;
        setRows((prev) => (page.pageNo > 1 && appendMode.current ? [...prev, ...res.records] : res.records));
        setTotal(res.total);
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (mine !== seq.current) return;
        setRows([]);
        setTotal(0);
        setError((err as Error).message || '查询失败');
        setLoading(false);
      },
    );
  }, [fetch, active, query, page]);

  const { keyOf, multiple } = o;
  const isChosen = useCallback((r: R) => chosen.some((c) => keyOf(c) === keyOf(r)), [chosen, keyOf]);

  return {
    query,
    rows,
    total,
    loading,
    error,
    chosen,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    /** Applies a query from page 1. */
    search: (q: Q) => {
      setQuery(q);
      setPage((p) => ({ ...p, pageNo: 1 }));
    },
    reset: () => {
      setQuery(o.blankQuery);
      setPage({ pageNo: 1, pageSize: o.pageSize });
    },
    goTo: (pageNo: number, pageSize = page.pageSize, append = false) => {
      appendMode.current = append;
      setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize });
    },
    isChosen,
    toggle: (r: R) => setChosen((c) => (c.some((x) => keyOf(x) === keyOf(r)) ? c.filter((x) => keyOf(x) !== keyOf(r)) : multiple ? [...c, r] : [r])),
    setChosen,
  };
}
