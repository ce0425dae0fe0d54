// The single pay form's values and rules (contract singlePayload), shared by both views.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { singlePayload } from '@contract/api/pay';
import { normalizeAmountText } from '@contract/money';
import { schemaRule } from '@/components/dialogs/formRules';
import type { SingleInput } from './payApi';

export type PayeeMode = 'acct' | 'card';
export interface SingleValues {
  fromAcctNo?: string;
  payeeMode: PayeeMode;
  payeeName?: string;
  payeeAcctNo?: string;
  bankCardNo?: string;
  amount?: string;
  remark?: string;
}

/** Form values → the call's fields: only the payee field of the chosen mode is sent; a pasted '1,234.5' is 1234.5. */
export function toInput(v: SingleValues): SingleInput {
  return {
    fromAcctNo: v.fromAcctNo ?? '',
    payeeName: (v.payeeName ?? '').trim(),
    amount: normalizeAmountText(v.amount ?? ''),
    remark: (v.remark ?? '').trim(),
    payeeAcctNo: v.payeeMode === 'acct' ? (v.payeeAcctNo ?? '').trim() || undefined : undefined,
    bankCardNo: v.payeeMode === 'card' ? (v.bankCardNo ?? '').trim() || undefined : undefined,
  };
}

/** A form rule for one field, checked with the contract schema over the whole form. */
export const singleRule =
  (field: keyof SingleInput) =>
  ({ getFieldsValue }: { getFieldsValue: () => unknown }) =>
    schemaRule(singlePayload, field)({ getFieldsValue: () => toInput(getFieldsValue() as SingleValues) });

/** 单笔付款's own address, and 继续付款 on the success page. */
export const SINGLE_PAY = { label: '继续付款', path: '/payCus/singlePay' };

/** What a refused submit carries to the failure page, so that 返回修改 brings the form back as it was. */
interface SingleDraft {
  singlePayDraft: { cusCode: string; values: SingleValues };
}

/** 返回修改 on the failure page: back to the form with the customer and the values entered. */
export const editAgain = (cusCode: string, values: SingleValues) => ({
  label: '返回修改',
  path: SINGLE_PAY.path,
  state: { singlePayDraft: { cusCode, values } } satisfies SingleDraft,
});

/** Restores the form handed back by 返回修改: loads the customer's accounts, then fills the fields. */
export function useRestoredDraft(form: { setFieldsValue: (v: SingleValues) => void }, load: (cusCode: string) => Promise<unknown>): void {
  const state = useLocation().state as Partial<SingleDraft> | null;
  const draft = state?.singlePayDraft;
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !draft || typeof draft.cusCode !== 'string' || !draft.values) return;
    done.current = true;
    void load(draft.cusCode).then(() => form.setFieldsValue(draft.values));
  }, [draft, form, load]);
}
