// Desktop row menu: a small menu at the pointer (kept inside the window), in a portal above
// everything; closed by a choice, Escape, a click elsewhere, scrolling or resizing.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ContextMenuItem, ContextMenuState } from './useContextMenu';
import './contextMenu.css';

export interface ContextMenuProps<T> {
  state: ContextMenuState<T>;
  items: ContextMenuItem[];
  onSelect: (key: string, target: T) => void;
}

export default function ContextMenuDesktop<T>({ state, items, onSelect }: ContextMenuProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: state.x, top: state.y });
  const open = state.target !== null;
  const { close } = state;

  useLayoutEffect(() => {
    if (!open || !box.current) return;
    const { width, height } = box.current.getBoundingClientRect();
    setPos({ left: Math.min(state.x, window.innerWidth - width - 4), top: Math.min(state.y, window.innerHeight - height - 4) });
    box.current.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [open, state.x, state.y]);

  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) close();
    };
    const key = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('mousedown', away, true);
    document.addEventListener('keydown', key);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', away, true);
      document.removeEventListener('keydown', key);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open, close]);

  if (!open) return null;
  const target = state.target as T;
  return createPortal(
    <div ref={box} className="boss-context-menu" role="menu" style={pos} onContextMenu={(e) => e.preventDefault()}>
      {items.map((i) => (
        <button
          key={i.key}
          type="button"
          role="menuitem"
          disabled={i.disabled}
          className={i.danger ? 'is-danger' : undefined}
          onClick={() => {
            close();
            onSelect(i.key, target);
          }}
        >
          {i.label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
