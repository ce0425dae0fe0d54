// The user picker's logic (spec §2 选择用户), shared by the 1250-wide dialog and the phone sheet:
// the department tree, the paged account search over the user list, the chosen users kept across
// pages, and the field's value (the chosen users' `valueField` joined by ',') and text (their
// `textField`, §3 defaults username and realname).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SysUserRow } from '@contract/api/admin';
import { PAGE_SIZE_DEFAULT } from '@contract/constants';
import { departTree, userPage, usersBy, type PickerNode } from './pickerCalls';
import { DEFAULT_SEPARATOR, joinValues, splitValues } from './pickerRules';
import type { PickerBaseProps } from './types';
import { usePagedPicker } from './usePagedPicker';
import { flattenNodes } from './useTreePicker';

export interface UserPickerProps extends PickerBaseProps {
  multiple?: boolean;
  /** What the value holds (§3 default username; 'id' where the record keeps user ids). */
  valueField?: 'username' | 'id';
  /** What the field shows (§3 default realname). */
  textField?: 'realname' | 'username';
}

export const USER_PICKER_WIDTH = 1250;
export const USER_PICKER_TITLE = '选择用户';
export const USER_PICKER_PLACEHOLDER = '请先选择用户';
export const SEX_TEXT: Record<string, string> = { '1': '男', '2': '女' };

export function useUserPicker(p: UserPickerProps, open: boolean) {
  const valueField = p.valueField ?? 'username';
  const textField = p.textField ?? 'realname';
  const values = useMemo(() => splitValues(p.value, DEFAULT_SEPARATOR), [p.value]);
  const asked = useRef(new Set<string>());
  const [known, setKnown] = useState<SysUserRow[]>([]);
  const [departs, setDeparts] = useState<PickerNode[]>([]);
  const [departError, setDepartError] = useState<string | null>(null);
  const [departId, setDepartId] = useState('');
  const [account, setAccount] = useState('');

  // The users of the stored value, for the field's text and the dialog's first selection.
  useEffect(() => {
    // Each value is asked once: one the server does not know stays as it is (no request loop).
    const missing = values.filter((v) => !asked.current.has(v)).filter((v) => !known.some((u) => u[valueField] === v));
    if (!missing.length) return;
    missing.forEach((v) => asked.current.add(v));
    usersBy(valueField, missing).then(
      (rows) => rows.length > 0 && setKnown((k) => [...k, ...rows]),
      () => undefined,
    );
  }, [values, known, valueField]);

  useEffect(() => {
    if (!open || departs.length) return;
    departTree().then(setDeparts, (err: unknown) => setDepartError((err as Error).message));
  }, [open, departs.length]);

  const orgCodeOf = useCallback((id: string) => flattenNodes(departs).find((d) => d.value === id)?.orgCode ?? '', [departs]);
  const paged = usePagedPicker<{ username: string; orgCode: string }, SysUserRow>({
    fetch: userPage,
    blankQuery: { username: '', orgCode: '' },
    pageSize: PAGE_SIZE_DEFAULT,
    keyOf: (u) => u[valueField],
    multiple: !!p.multiple,
    active: open,
  });
  const { setChosen } = paged;

  // Each opening starts from the stored value.
  useEffect(() => {
    if (open) setChosen(values.map((v) => known.find((u) => u[valueField] === v)).filter((u): u is SysUserRow => !!u));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const textOf = (v: string) => known.find((u) => u[valueField] === v)?.[textField] ?? v;
  return {
    ...paged,
    departs,
    departError,
    departId,
    account,
    setAccount,
    text: values.map(textOf).join(DEFAULT_SEPARATOR),
    chooseDepart: (id: string) => {
      setDepartId(id);
      paged.search({ username: account, orgCode: id ? orgCodeOf(id) : '' });
    },
    searchAccount: () => paged.search({ username: account, orgCode: departId ? orgCodeOf(departId) : '' }),
    resetAll: () => {
      setAccount('');
      setDepartId('');
      paged.reset();
    },
    /** Writes the chosen users into the field. */
    confirm: () => {
      setKnown((k) => [...k, ...paged.chosen.filter((c) => !k.some((u) => u.id === c.id))]);
      p.onChange?.(joinValues(paged.chosen.map((u) => u[valueField])));
    },
  };
}
