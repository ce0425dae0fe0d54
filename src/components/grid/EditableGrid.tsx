// The shared editable grid (spec §1 building blocks, §3 grid column and row, §4 grid editing,
// §5 grid rule presets). Desktop: antd cells over react-window rows; phone: an antd-mobile card
// list with the same rules. The caller owns the rows (value/onChange) and reads them back through
// gridRef.getValues(), which validates every row first. Pages plug their own pickers and uploaders
// in through `editors` (by column type) and `loaders`; the live sync hands in `conflicts`.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { EditableGridProps } from './useEditableGrid';

export type { EditableGridHandle, EditableGridProps } from './useEditableGrid';
export type { GridColumn, GridColumnType, GridOption, GridRow, GridRule, CellError, GridCellContext, GridCellRenderer } from './gridTypes';
export type { GridValues } from './gridRules';
export type { GridConflicts, GridCellConflict, ConflictChoice } from './GridConflict';
export type { GridLoaders } from './gridApi';

const Desktop = lazy(() => import('./EditableGrid.desktop'));
const Mobile = lazy(() => import('./EditableGrid.mobile'));

export function EditableGrid(props: EditableGridProps) {
  const mobile = useIsMobile();
  const View = mobile ? Mobile : Desktop;
  return (
    <Suspense fallback={<div style={{ minHeight: 120 }} />}>
      <View {...props} />
    </Suspense>
  );
}
