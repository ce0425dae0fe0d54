// The one hook of the tree table (spec §3, §4, §7): the root rows, then each row's children loaded
// by parentId when it is first expanded (a 'loading...' child shows until then); an answer that is
// not a list is refused with its message; no children makes the row a leaf.
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '@/api/request';
import { needsLoad, prepareRows, readTreeAnswer, withChildren, type TreeRow } from './treeTableRules';

export interface TreeColumn {
  key: string;
  title: string;
  width?: number;
  render?: (row: TreeRow) => React.ReactNode;
}

export interface TreeTableProps {
  columns: TreeColumn[];
  /** GET {url} with the query, parentId (children) and condition (a JSON string), answering a list or a page. */
  url?: string;
  query?: Record<string, string>;
  condition?: Record<string, unknown>;
  /** Instead of url: answers what the url would (a local source, a gallery). */
  load?: (params: { parentId?: string }) => Promise<unknown>;
  /** Row menu (right click on a desktop, long press on a phone). */
  rowMenu?: { key: string; label: string; danger?: boolean }[];
  onRowMenu?: (key: string, row: TreeRow) => void;
  'aria-label'?: string;
}

function findRow(list: TreeRow[], id: string): TreeRow | undefined {
  for (const r of list) {
    if (r.id === id) return r;
    const hit = r.children && findRow(r.children, id);
    if (hit) return hit;
  }
  return undefined;
}

export function useTreeTable({ url, query, condition, load }: Pick<TreeTableProps, 'url' | 'query' | 'condition' | 'load'>) {
  const [rows, setRows] = useState<TreeRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [expanded, setExpanded] = useState<string[]>([]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const fetchRows = useCallback(
    async (parentId?: string): Promise<unknown> => {
      if (load) return load({ parentId });
      const params: Record<string, string> = { ...(query ?? {}) };
      if (parentId) params.parentId = parentId;
      if (condition) params.condition = JSON.stringify(condition);
      try {
        return (await http.get(url!, { params, silent: true })).data;
      } catch (err) {
        return { success: false, message: err instanceof Error ? err.message : '' };
      }
    },
    [condition, load, query, url],
  );

  const reload = useCallback(async () => {
    setLoading(true);
    setError('');
    setExpanded([]);
    const answer = readTreeAnswer(await fetchRows());
    setLoading(false);
    if (!answer.ok) {
      setRows([]);
      setError(answer.message);
      return;
    }
    setRows(prepareRows(answer.rows));
  }, [fetchRows]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const toggle = useCallback(
    async (row: TreeRow, open: boolean) => {
      setExpanded((e) => (open ? [...e, row.id] : e.filter((id) => id !== row.id)));
      const current = findRow(rowsRef.current, row.id);
      if (!open || !current || !needsLoad(current)) return;
      const answer = readTreeAnswer(await fetchRows(row.id));
      if (!answer.ok) {
        setError(answer.message);
        setExpanded((e) => e.filter((id) => id !== row.id));
        return;
      }
      setRows((r) => withChildren(r, row.id, answer.rows));
    },
    [fetchRows],
  );

  return { rows, loading, error, expanded, toggle, reload };
}
