// The table props of a paged picker's dialog (users, business entities, popup reports): checkboxes
// (radios in single mode) over the rows the picker has chosen across pages, a click on a row toggling
// it, and 全选 toggling what it changed.
import type { TableProps } from 'antd';

interface Choice<R> {
  chosen: R[];
  isChosen: (row: R) => boolean;
  toggle: (row: R) => void;
}

export function pickerTableProps<R>(paged: Choice<R>, multiple: boolean, keyOf: (row: R) => string): Pick<TableProps<R>, 'rowSelection' | 'onRow'> {
  return {
    rowSelection: {
      type: multiple ? 'checkbox' : 'radio',
      selectedRowKeys: paged.chosen.map(keyOf),
      onSelect: (row) => paged.toggle(row),
      onSelectAll: (selected, _rows, changed) => changed.forEach((r) => paged.isChosen(r) !== selected && paged.toggle(r)),
    },
    onRow: (row) => ({ onClick: (ev) => !(ev.target as HTMLElement).closest('.ant-table-selection-column') && paged.toggle(row) }),
  };
}
