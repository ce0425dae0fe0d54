// Phone row menu: an action sheet after a long press.
import { ActionSheet } from 'antd-mobile';
import type { ContextMenuProps } from './ContextMenu.desktop';

export default function ContextMenuMobile<T>({ state, items, onSelect }: ContextMenuProps<T>) {
  const target = state.target;
  return (
    <ActionSheet
      visible={target !== null}
      actions={items.map((i) => ({ key: i.key, text: i.label, danger: i.danger, disabled: i.disabled }))}
      cancelText="取消"
      onClose={state.close}
      onAction={(a) => {
        state.close();
        if (target !== null) onSelect(String(a.key), target);
      }}
    />
  );
}
