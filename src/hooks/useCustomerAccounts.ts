// The customer a money form works on and that customer's accounts, shared by the payCus, acct and
// merchant forms. A customer's own user is fixed to their customer code; staff (platform,
// institution) name the customer, and looking the code up also proves the customer exists in this
// tenant before anything is submitted.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountView } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { customerAccounts } from '@/api/payOrders';
import { currentCusCode, session } from '@/stores/session';

/** '6222… · 结算账户（冻结） · 可用 ¥1,000.00' for an account select. */
export const accountLabel = (a: AccountView) => `${a.acctNo} · ${a.acctTypeText}${a.status === 'frozen' ? '（冻结）' : ''} · 可用 ${yuanText(a.available)}`;

export interface CustomerAccountsOptions {
  /** A customer's own user starts on their customer (default true). */
  ownCustomer?: boolean;
  /** Only accounts in normal status can be chosen (a payer); otherwise every open one. */
  payableOnly?: boolean;
  /** Said when the code looked up is empty; nothing is said when absent. */
  emptyMessage?: string;
  /** Said when the lookup fails without a message of the server's. */
  failMessage: string;
  /** Runs after a lookup succeeded. */
  onLoaded?: (cusCode: string) => void | Promise<void>;
}

export function useCustomerAccounts(opts: CustomerAccountsOptions) {
  const own = opts.ownCustomer !== false && session.userInfo?.sys?.group?.groupType?.startsWith('cus') ? currentCusCode(session.userInfo) : '';
  const [cusCode, setCusCode] = useState(own);
  const [accounts, setAccounts] = useState<AccountView[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The code whose accounts are shown (set only when the lookup succeeded). */
  const [loaded, setLoaded] = useState('');
  const latest = useRef(opts);
  latest.current = opts;

  const load = useCallback(async (code: string) => {
    const c = code.trim();
    setCusCode(c);
    setAccounts([]);
    setLoaded('');
    setError(null);
    if (!c) return setError(latest.current.emptyMessage ?? null);
    setLoading(true);
    try {
      setAccounts(await customerAccounts(c));
      setLoaded(c);
      await latest.current.onLoaded?.(c);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : latest.current.failMessage);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (own) void load(own);
  }, [own, load]);

  const options = accounts
    .filter((a) => a.status !== 'closed')
    .map((a) => ({ value: a.acctNo, label: accountLabel(a), disabled: !!opts.payableOnly && a.status !== 'normal' }));
  return {
    cusCode,
    loaded,
    ownCusCode: own,
    accounts,
    options,
    loading,
    error,
    load,
    account: (no: string | undefined) => accounts.find((a) => a.acctNo === no),
  };
}
