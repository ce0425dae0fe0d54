// The entries (账户明细) and holds of one account, shared by the desktop drawer (pages) and the phone
// sheet (infinite scroll: `more` appends the next page).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EntryView, HoldView } from '@contract/api/ledger';
import { callFailure, entriesOf, holdsOf } from './ledgerApi';

export function useAccountEntries(acctNo: string, pageSize: number, warn: (m: string) => void) {
  const [entries, setEntries] = useState<EntryView[]>([]);
  const [count, setCount] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [loading, setLoading] = useState(true);
  const [holds, setHolds] = useState<HoldView[]>([]);
  const warnRef = useRef(warn);
  warnRef.current = warn;
  const seq = useRef(0);

  const load = useCallback(
    async (page: number, append = false) => {
      const my = ++seq.current;
      setLoading(true);
      try {
        const r = await entriesOf(acctNo, page, pageSize);
        if (my !== seq.current) return;
        setEntries((prev) => (append ? [...prev, ...r.list] : r.list));
        setCount(r.count);
        setPageNum(page);
      } catch (err) {
        warnRef.current(callFailure(err));
        throw err;
      } finally {
        if (my === seq.current) setLoading(false);
      }
    },
    [acctNo, pageSize],
  );

  useEffect(() => {
    void load(1).catch(() => undefined);
    holdsOf(acctNo).then(setHolds, (err: unknown) => warnRef.current(callFailure(err)));
  }, [acctNo, load]);

  return {
    entries,
    count,
    pageNum,
    loading,
    holds,
    goTo: (page: number) => void load(page).catch(() => undefined),
    hasMore: entries.length < count,
    more: () => load(pageNum + 1, true),
  };
}

export const HOLD_STATUS_TEXT: Record<HoldView['status'], string> = { open: '冻结中', released: '已解冻', captured: '已扣划' };
