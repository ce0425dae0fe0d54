// 开立账户, shared by both views: the customer (its accounts, which types it already has), the
// account type, and the call that opens the account with a generated number ('BS' + 16 digits +
// 2 MOD 97-10 check digits, unique). One account per type and customer: the server refuses a
// second with its message, and the form says the same before asking when it already knows.
import { useCallback } from 'react';
import { ACCOUNT_TYPE_TEXT, GENERATED_ACCOUNT_TYPES, LEDGER_MSG, type CustomerAccountType } from '@contract/api/ledger';
import { V } from '@contract/validation';
import { generateAccount } from './acctApi';
import { useCustomer } from './useCustomer';
import { useSubmit } from './useSubmit';

export interface GenerateValues {
  cusCode?: string;
  acctType?: CustomerAccountType;
}
type Getter = { getFieldValue: (name: string) => unknown };

export const ACCOUNT_TYPE_OPTIONS = GENERATED_ACCOUNT_TYPES.map((value) => ({ value, label: ACCOUNT_TYPE_TEXT[value] }));

export function useAcctNoGenerate() {
  const customer = useCustomer();
  const { load } = customer;
  const call = useCallback((v: { cusCode: string; acctType: CustomerAccountType }, key: string) => generateAccount(v.cusCode, v.acctType, key), []);
  // Show the new account among the customer's accounts.
  const sub = useSubmit(
    call,
    useCallback((a: { cusCode: string | null }) => void load(a.cusCode ?? ''), [load]),
  );
  /** Does the customer whose accounts are shown already hold this type? */
  const has = (t: CustomerAccountType | undefined) => !!t && customer.accounts.some((a) => a.acctType === t && a.status !== 'closed');
  return {
    customer,
    ...sub,
    rules: {
      cusCode: [{ required: true, whitespace: true, message: V.cusCodeEmpty }],
      acctType: [
        ({ getFieldValue }: Getter) => ({
          validator: (_: unknown, v: CustomerAccountType | undefined) => {
            if (!v) return Promise.reject(new Error('请选择账户类型'));
            const shown = customer.loaded && customer.loaded === String(getFieldValue('cusCode') ?? '').trim();
            return shown && has(v) ? Promise.reject(new Error(LEDGER_MSG.accountTypeExists)) : Promise.resolve();
          },
        }),
      ],
    },
    /** Type options, the ones the customer holds marked. */
    options: ACCOUNT_TYPE_OPTIONS.map((o) => ({ ...o, label: has(o.value) ? `${o.label}（已开立）` : o.label })),
    finish: (v: GenerateValues) => sub.submit({ cusCode: (v.cusCode ?? '').trim(), acctType: v.acctType as CustomerAccountType }),
  };
}
