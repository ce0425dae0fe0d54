// The customer an acct form works on: a customer's own user is fixed to their customer code; staff
// (platform, institution) name the customer. Looking the code up loads its accounts (AcctInquiry),
// which also proves the customer exists in this tenant before anything is submitted.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountView } from '@contract/api/ledger';
import { currentCusCode } from '@/components/dialogs/PayPasswordCalls';
import { session } from '@/stores/session';
import { loadAccounts } from './acctApi';
import { yuanText } from './acctRules';

export function useCustomer(onLoaded?: (cusCode: string) => void | Promise<void>) {
  const own = session.userInfo?.sys?.group?.groupType?.startsWith('cus') ? currentCusCode(session.userInfo) : '';
  const [cusCode, setCusCode] = useState(own);
  const [accounts, setAccounts] = useState<AccountView[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The code whose accounts are shown (set only when the lookup succeeded). */
  const [loaded, setLoaded] = useState('');
  const after = useRef(onLoaded);
  after.current = onLoaded;

  const load = useCallback(async (code: string) => {
    const c = code.trim();
    setCusCode(c);
    setAccounts([]);
    setLoaded('');
    setError(null);
    if (!c) return setError('请输入客户代码');
    setLoading(true);
    try {
      setAccounts(await loadAccounts(c));
      setLoaded(c);
      await after.current?.(c);
    } catch (err) {
      setError(err instanceof Error ? err.message : '客户查询失败');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (own) void load(own);
  }, [own, load]);

  const open = accounts.filter((a) => a.status !== 'closed');
  const options = open.map((a) => ({
    value: a.acctNo,
    label: `${a.acctNo} · ${a.acctTypeText}${a.status === 'frozen' ? '（冻结）' : ''} · 可用 ${yuanText(a.available)}`,
  }));
  return { cusCode, loaded, ownCusCode: own, accounts, options, loading, error, load, account: (no: string | undefined) => accounts.find((a) => a.acctNo === no) };
}
