// The row menu of grid, list and tree rows (spec §1 context menu): right click on a desktop, a long
// press (500 ms without moving) on a phone. bind(row) gives the handlers to spread on a row.
import { useCallback, useRef, useState } from 'react';

export const LONG_PRESS_MS = 500;

export interface ContextMenuItem {
  key: string;
  label: string;
  danger?: boolean;
  disabled?: boolean;
}

export interface ContextMenuState<T> {
  target: T | null;
  x: number;
  y: number;
  close: () => void;
  bind: (target: T) => {
    onContextMenu: (e: React.MouseEvent) => void;
    onTouchStart: (e: React.TouchEvent) => void;
    onTouchMove: () => void;
    onTouchEnd: () => void;
  };
}

export function useContextMenu<T>(): ContextMenuState<T> {
  const [state, setState] = useState<{ target: T | null; x: number; y: number }>({ target: null, x: 0, y: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const close = useCallback(() => setState((s) => ({ ...s, target: null })), []);
  const bind = useCallback(
    (target: T) => ({
      onContextMenu: (e: React.MouseEvent) => {
        e.preventDefault();
        setState({ target, x: e.clientX, y: e.clientY });
      },
      onTouchStart: (e: React.TouchEvent) => {
        const t = e.touches[0];
        cancel();
        timer.current = setTimeout(() => setState({ target, x: t?.clientX ?? 0, y: t?.clientY ?? 0 }), LONG_PRESS_MS);
      },
      onTouchMove: cancel,
      onTouchEnd: cancel,
    }),
    [],
  );
  return { ...state, close, bind };
}
