// The payer side of a payment form: customer code (a customer user's own code) and
// that customer's accounts (AcctInquiry), shared by the single and batch pay views.
import { useCallback, useEffect, useState } from 'react';
import type { AccountView } from '@contract/api/ledger';
import { currentCusCode } from '@/components/dialogs/PayPasswordCalls';
import { session } from '@/stores/session';
import { loadAccounts, money } from './payApi';

export function usePayer() {
  // A customer's user pays from their own customer's accounts; platform and institution users
  // (operators) pay on behalf of a customer they name.
  const own = session.userInfo?.sys?.group?.groupType?.startsWith('cus') ? currentCusCode(session.userInfo) : '';
  const [cusCode, setCusCode] = useState(own);
  const [accounts, setAccounts] = useState<AccountView[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (code: string) => {
    const c = code.trim();
    setCusCode(c);
    setAccounts([]);
    setError(null);
    if (!c) return;
    setLoading(true);
    try {
      setAccounts(await loadAccounts(c));
    } catch (err) {
      setError(err instanceof Error ? err.message : '账户查询失败');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (own) void load(own);
  }, [own, load]);

  const options = accounts.map((a) => ({
    value: a.acctNo,
    label: `${a.acctNo} · ${a.acctTypeText}${a.status === 'frozen' ? '（冻结）' : ''} · 可用 ${money(a.available)}`,
    disabled: a.status !== 'normal',
  }));
  return { cusCode, ownCusCode: own, accounts, options, loading, error, load, account: (no: string | undefined) => accounts.find((a) => a.acctNo === no) };
}
