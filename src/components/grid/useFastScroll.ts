// While a row list is scrolled quickly (scroll events closer than RAPID_MS apart), its rows show
// plain text instead of editors: mounting inputs, buttons and icons for every row that flies past
// costs layout and paint in every frame (issue 16 §1, 100 000 rows). A single jump (scrollToRow,
// a revealed error) is not fast scrolling, so the cell it targets gets its editor at once. The row
// holding the focus when fast scrolling starts keeps its editors (the caret and an open drop-down
// stay), and IDLE_MS after the last scroll event every row has its editors again.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export const RAPID_MS = 100;
export const IDLE_MS = 150;

export interface FastScroll {
  /** The list is being scrolled quickly: rows show text. */
  fast: boolean;
  /** data-row-no of the row that held the focus when fast scrolling started (it keeps its editors). */
  keepRow: number | null;
  onScroll: () => void;
}

export function useFastScroll(root: RefObject<HTMLElement | null>): FastScroll {
  const [state, setState] = useState<{ fast: boolean; keepRow: number | null }>({ fast: false, keepRow: null });
  const last = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onScroll = useCallback(() => {
    const now = performance.now();
    const rapid = now - last.current < RAPID_MS;
    last.current = now;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState((s) => (s.fast ? { fast: false, keepRow: null } : s)), IDLE_MS);
    if (!rapid) return;
    setState((s) => {
      if (s.fast) return s;
      const active = document.activeElement;
      const row = active && root.current?.contains(active) ? active.closest('[data-row-no]') : null;
      return { fast: true, keepRow: row ? Number(row.getAttribute('data-row-no')) : null };
    });
  }, [root]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { ...state, onScroll };
}
