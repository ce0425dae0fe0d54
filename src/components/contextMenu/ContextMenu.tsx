// The row context menu for grids, lists and trees: useContextMenu() on the rows, <ContextMenu> once
// beside them. Desktop: a menu at the pointer; phone: an action sheet after a long press.
import { deviceView } from '@/hooks/deviceView';
import type { ContextMenuProps } from './ContextMenu.desktop';

export const ContextMenu = deviceView<ContextMenuProps<never>>(
  () => import('./ContextMenu.desktop'),
  () => import('./ContextMenu.mobile'),
) as unknown as <T>(props: ContextMenuProps<T>) => React.ReactNode;
