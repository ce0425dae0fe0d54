// Multi-select of users, roles or departments for the announcement form: remote search by
// keyword, and the labels of already chosen ids when editing.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { RecipientOption } from '@contract/api/message';
import { recipientOptions } from './api';

const SEARCH_DEBOUNCE_MS = 300;
const PLACEHOLDER = { USER: '请选择用户（可搜索账号或姓名）', ROLE: '请选择角色', DEPART: '请选择部门' } as const;

export default function RecipientPicker({ type, value, onChange }: { type: 'USER' | 'ROLE' | 'DEPART'; value?: string[]; onChange?: (v: string[]) => void }) {
  const [options, setOptions] = useState<RecipientOption[]>([]);
  const [known, setKnown] = useState<RecipientOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoading(true);
      recipientOptions(type, { keyword })
        .then(setOptions)
        .catch(() => setOptions([]))
        .finally(() => setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
  };

  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);

  // Labels of chosen ids that the current search does not list.
  const missing = (value ?? []).filter((id) => !options.some((o) => o.value === id) && !known.some((o) => o.value === id));
  useEffect(() => {
    if (missing.length)
      void recipientOptions(type, { ids: missing })
        .then((r) => setKnown((k) => [...k, ...r]))
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing.join(','), type]);

  const merged = useMemo(() => {
    const map = new Map<string, RecipientOption>();
    [...known, ...options].forEach((o) => map.set(o.value, o));
    return [...map.values()];
  }, [known, options]);

  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      value={value}
      onChange={onChange}
      options={merged}
      placeholder={PLACEHOLDER[type]}
      notFoundContent={loading ? <Spin size="small" /> : '无匹配结果'}
      maxTagCount="responsive"
    />
  );
}
