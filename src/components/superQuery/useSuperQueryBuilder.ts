// The state of an open 高级查询构造器, shared by the desktop dialog and the phone sheet: the condition
// rows and match type (taken from the applied query each time the builder opens), the saved queries
// of the page, and the actions 查询, 重置, 保存 (with the overwrite question), apply and delete a
// saved query. The views pass in how they show messages and questions (antd or antd-mobile).
import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '@contract/messages';
import type { SavedSuperQuery, SuperQueryField, SuperQueryRow, SuperQueryState } from '@/components/list/types';
import {
  checkSave,
  conditionsForQuery,
  hasConditions,
  insertRowAfter,
  loadSaved,
  newRow,
  removeRowAt,
  removeSaved,
  savedItemOf,
  storeSaved,
  upsertSaved,
  withField,
  withRule,
  type MatchType,
} from './superQueryRules';

export interface SuperQueryUi {
  success(message: string): void;
  warning(message: string): void;
  /** Asks a yes/no question ('{name} already exists, overwrite?'). */
  confirm(content: string): Promise<boolean>;
}

export interface SuperQueryBuilderProps {
  open: boolean;
  pageKey: string;
  fields: SuperQueryField[];
  /** The applied query (null when none): the builder starts from it. */
  value: SuperQueryState | null;
  onApply: (state: SuperQueryState) => void;
  onReset: () => void;
  onClose: () => void;
}

export function useSuperQueryBuilder({ open, pageKey, fields, value, onApply, onReset, onClose }: SuperQueryBuilderProps, ui: SuperQueryUi) {
  const [rows, setRows] = useState<SuperQueryRow[]>([newRow()]);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [saved, setSaved] = useState<SavedSuperQuery[]>([]);
  const [saveName, setSaveName] = useState('');

  // The rows start from the applied query each time the builder opens, and only then: a parent that
  // re-renders while it is open (the list reloading behind it hands a new `value` object) must not
  // wipe what the user is choosing (a rule picked just after a field came back as 等于).
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opening) return;
    setRows(value?.rows.length ? value.rows : [newRow()]);
    setMatchType(value?.matchType ?? 'and');
    setSaved(loadSaved(pageKey));
  }, [open, value, pageKey]);

  const fieldOf = useCallback((name: string) => fields.find((f) => f.field === name), [fields]);
  const update = (i: number, next: (row: SuperQueryRow) => SuperQueryRow) => setRows((rs) => rs.map((r, j) => (j === i ? next(r) : r)));
  const persist = (list: SavedSuperQuery[]) => {
    storeSaved(pageKey, list);
    setSaved(list);
  };

  /** 查询: refuses empty conditions, else applies the complete rows and closes. */
  const query = () => {
    const checked = conditionsForQuery(rows);
    if (!checked.ok) return void ui.warning(checked.message);
    onApply({ rows: checked.rows, matchType });
    onClose();
  };
  /** 重置: one empty row, match all, and the list without a super query (the active flag off). */
  const reset = () => {
    setRows([newRow()]);
    setMatchType('and');
    onReset();
  };
  /** Before asking for a name: false (with 'Empty conditions cannot be saved') when there is nothing to save. */
  const canSave = (): boolean => {
    if (hasConditions(rows)) return true;
    ui.warning(MSG.superQueryEmptySave);
    return false;
  };
  /** 保存: true once stored (after the overwrite question when the name exists). */
  const save = async (): Promise<boolean> => {
    const current = loadSaved(pageKey); // another tab may have saved meanwhile
    const check = checkSave(rows, saveName, current);
    if (!check.ok) {
      ui.warning(check.message);
      return false;
    }
    const item = savedItemOf(saveName, matchType, rows);
    if (check.exists && !(await ui.confirm(MSG.superQueryExists(item.title)))) return false;
    persist(upsertSaved(current, item));
    setSaveName('');
    ui.success(MSG.saved);
    return true;
  };
  /** Applies a saved query at once and closes. */
  const applySaved = (q: SavedSuperQuery) => {
    setRows(q.records.length ? q.records : [newRow()]);
    setMatchType(q.matchType);
    onApply({ rows: q.records, matchType: q.matchType });
    onClose();
  };
  const deleteSaved = (title: string) => persist(removeSaved(loadSaved(pageKey), title));

  return {
    rows,
    matchType,
    setMatchType,
    saved,
    saveName,
    setSaveName,
    fieldOf,
    setField: (i: number, name: string) => {
      const f = fieldOf(name);
      if (f) update(i, (r) => withField(r, f));
    },
    setRule: (i: number, rule: SuperQueryRow['rule']) => update(i, (r) => withRule(r, rule)),
    setValue: (i: number, val: SuperQueryRow['val']) => update(i, (r) => ({ ...r, val })),
    addRowAfter: (i: number) => setRows((rs) => insertRowAfter(rs, i)),
    removeRow: (i: number) => setRows((rs) => removeRowAt(rs, i)),
    query,
    reset,
    canSave,
    save,
    applySaved,
    deleteSaved,
  };
}
export type SuperQueryBuilder = ReturnType<typeof useSuperQueryBuilder>;
