// The single pay form's values and rules (contract singlePayload), shared by both views.
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
