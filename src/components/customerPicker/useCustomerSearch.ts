// The logic of the customer picker, shared by both views: a search by code or name over the tenant's
// customers (debounced, newest answer wins), and the signed-in user's recent customers first (kept
// per user in local storage, most recent first).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CustomerListRow } from '@contract/api/merchant';
import { searchCustomers } from '@/api/customers';
import { ls } from '@/lib/storage';
import { session } from '@/stores/session';

export interface PickedCustomer {
  cusCode: string;
  cusName: string;
}

export const RECENT_MAX = 8;
export const SEARCH_DEBOUNCE_MS = 250;
const recentKey = () => `recentCustomers:${session.userInfo?.id ?? ''}`;

export function recentCustomers(): PickedCustomer[] {
  const list = ls.get<PickedCustomer[]>(recentKey(), []);
  return Array.isArray(list) ? list.filter((c) => c && typeof c.cusCode === 'string').slice(0, RECENT_MAX) : [];
}

export function rememberCustomer(c: PickedCustomer): void {
  ls.set(recentKey(), [{ cusCode: c.cusCode, cusName: c.cusName }, ...recentCustomers().filter((x) => x.cusCode !== c.cusCode)].slice(0, RECENT_MAX));
}

/** '上海示例贸易有限公司（C0101）' */
export const customerText = (c: PickedCustomer) => `${c.cusName}（${c.cusCode}）`;

export interface CustomerChoice extends PickedCustomer {
  recent: boolean;
}

export function useCustomerSearch(active: boolean) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<CustomerListRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recent, setRecent] = useState<PickedCustomer[]>(recentCustomers);
  const seq = useRef(0);

  useEffect(() => {
    if (!active) return;
    const mine = ++seq.current;
    const t = setTimeout(
      () => {
        setLoading(true);
        searchCustomers(text).then(
          (page) => {
            if (mine !== seq.current) return;
            setFound(page.records);
            setError(null);
            setLoading(false);
          },
          (err: unknown) => {
            if (mine !== seq.current) return;
            setFound([]);
            setError(err instanceof Error && err.message ? err.message : '客户查询失败');
            setLoading(false);
          },
        );
      },
      text ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(t);
  }, [text, active]);

  const choices = useMemo<CustomerChoice[]>(() => {
    const q = text.trim().toLowerCase();
    const hit = (c: PickedCustomer) => !q || c.cusCode.toLowerCase().includes(q) || c.cusName.toLowerCase().includes(q);
    const first = recent.filter(hit).map((c) => ({ ...c, recent: true }));
    const seen = new Set(first.map((c) => c.cusCode));
    return [...first, ...found.filter((c) => !seen.has(c.cusCode)).map((c) => ({ cusCode: c.cusCode, cusName: c.cusName, recent: false }))];
  }, [recent, found, text]);

  const pick = useCallback((c: PickedCustomer) => {
    rememberCustomer(c);
    setRecent(recentCustomers());
  }, []);

  return { text, setText, choices, loading, error, pick };
}
