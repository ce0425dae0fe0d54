// The shared editable grid (spec §1 building blocks, §3 grid column and row, §4 grid editing,
// §5 grid rule presets). Desktop: antd cells over react-window rows; phone: an antd-mobile card
// list with the same rules. The caller owns the rows (value/onChange) and reads them back through
// gridRef.getValues(), which validates every row first.
import { lazy, Suspense } from 'react';
import { useIsMobile } from '@/hooks/useDevice';
import type { EditableGridProps } from './useEditableGrid';

export type { EditableGridHandle, EditableGridProps } from './useEditableGrid';
export type { GridColumn, GridRow, GridRule, GridValues, CellError } from './gridRules';

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
