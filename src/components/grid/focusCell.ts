// Bringing one cell of the shared editable grid into view with the focus on it (getValues() shows
// the first bad cell this way; both views call it from their scroll-to-cell).
import type { GridColumn } from './gridTypes';

/**
 * Focuses the cell `第N行<title>` under `root` once the virtual list has rendered it, and centres it in
 * the page (the grid itself may sit below the fold, under a fixed footer on a phone).
 */
export function focusCell(root: HTMLElement | null, columns: readonly GridColumn[], index: number, key: string, tries = 10): void {
  const col = columns.find((c) => c.key === key);
  if (!root || !col) return;
  const label = `第${index + 1}行${col.title}`;
  const el = [...root.querySelectorAll<HTMLElement>('[aria-label]')].find((x) => x.getAttribute('aria-label') === label);
  if (!el) {
    if (tries > 0) setTimeout(() => focusCell(root, columns, index, key, tries - 1), 30);
    return;
  }
  const input = el.matches('input, select, textarea') ? el : (el.querySelector<HTMLElement>('input, select, textarea') ?? el);
  input.focus({ preventScroll: true });
  input.scrollIntoView({ block: 'center', inline: 'nearest' });
}
