// Conflict marks of the editable grid: the live sync (another module) finds cells that someone else
// changed while this user edited them and hands them in as `conflicts`; the grid marks such a cell
// (orange border) and shows this panel: their value, the kept value, and the two choices. The panel
// is plain markup so the desktop popover and the phone card show the same thing.
import type { CSSProperties } from 'react';
import { optionText } from './gridColumns';
import type { GridColumn, GridOption } from './gridTypes';

export interface GridCellConflict {
  theirs: unknown;
  mine: unknown;
}
/** rowKey (the row's id) → field → the two values. */
export type GridConflicts = Record<string, Record<string, GridCellConflict>>;
export type ConflictChoice = 'mine' | 'theirs';

export const CONFLICT_TITLE = '该行已被他人修改';
export const CONFLICT_COLOR = '#fa8c16';

export const conflictOf = (conflicts: GridConflicts | undefined, rowKey: string, field: string): GridCellConflict | undefined => conflicts?.[rowKey]?.[field];

/** The shown text of a conflicting value: option labels for choice cells, '是'/'否' for booleans, '（空）' when empty. */
export function conflictText(value: unknown, options: readonly GridOption[] = []): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return '（空）';
  if (typeof value === 'boolean') return value ? '是' : '否';
  return options.length ? optionText(value, options) : Array.isArray(value) ? value.join('，') : String(value);
}

const btn = (primary: boolean): CSSProperties => ({
  border: `1px solid ${primary ? CONFLICT_COLOR : '#d9d9d9'}`,
  background: primary ? CONFLICT_COLOR : '#fff',
  color: primary ? '#fff' : '#333',
  borderRadius: 4,
  padding: '2px 10px',
  fontSize: 13,
  cursor: 'pointer',
  minHeight: 28,
});

export function ConflictPanel({
  column,
  conflict,
  options,
  onResolve,
}: {
  column: Pick<GridColumn, 'title'>;
  conflict: GridCellConflict;
  options?: readonly GridOption[];
  onResolve?: (choice: ConflictChoice) => void;
}) {
  return (
    <div role="group" aria-label={`${column.title}冲突`} style={{ maxWidth: 280, fontSize: 13, lineHeight: 1.7 }}>
      <div style={{ fontWeight: 600, color: CONFLICT_COLOR }}>{CONFLICT_TITLE}</div>
      <div>
        对方的值：<b data-conflict="theirs">{conflictText(conflict.theirs, options)}</b>
      </div>
      <div>
        我的值（已保留）：<b data-conflict="mine">{conflictText(conflict.mine, options)}</b>
      </div>
      {onResolve && (
        <div style={{ display: 'flex', gap: 8, marginTop: 6 }}>
          <button type="button" style={btn(false)} onClick={() => onResolve('mine')}>
            使用我的
          </button>
          <button type="button" style={btn(true)} onClick={() => onResolve('theirs')}>
            使用对方的
          </button>
        </div>
      )}
    </div>
  );
}
