// Small column helpers list pages share: a time cell (the server's ISO instant in the display zone)
// and select options from a value → text table of the contract.
import { formatDateTime } from '@contract/time';
import type { ListKitConfig, ListOption } from './types';

/** An ISO instant as 'YYYY-MM-DD HH:mm:ss' in the display zone; '—' when absent. */
export const timeText = (v: unknown): string => (v ? formatDateTime(String(v)) : '—');

/** { value: text } → select options in the table's order. */
export const optionsOf = (m: Record<string, string>): ListOption[] => Object.entries(m).map(([value, label]) => ({ value, label }));

/** A list that only shows rows and its own actions: no toolbar, selection, edit or delete. */
export const READ_ONLY_LIST: Pick<ListKitConfig, 'toolbar' | 'selectable' | 'editAction' | 'deleteAction'> = {
  toolbar: [],
  selectable: false,
  editAction: false,
  deleteAction: false,
};
