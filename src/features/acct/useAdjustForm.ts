// The adjust form (调账申请), shared by both views: the customer and its accounts, the rules of the
// contract's adjustPayload plus the debit bound (a 调减 reserves the amount: at most the available
// balance), and the submit that creates an order waiting for a checker.
import { adjustPayload } from '@contract/api/pay';
import { schemaRule } from '@/components/dialogs/formRules';
import { applyAdjust, type AdjustInput } from './acctApi';
import { adjustAmountError, verdict, type AdjustDirection } from './acctRules';
import { useCustomer } from './useCustomer';
import { useSubmit } from './useSubmit';

export interface AdjustValues {
  acctNo?: string;
  direction?: AdjustDirection;
  amount?: string;
  reason?: string;
}
type Getter = { getFieldsValue: () => unknown };

export const toAdjustInput = (v: AdjustValues): AdjustInput => ({
  acctNo: v.acctNo ?? '',
  direction: v.direction ?? 'credit',
  amount: (v.amount ?? '').trim(),
  reason: (v.reason ?? '').trim(),
});

export function useAdjustForm(onSubmitted: () => void) {
  const customer = useCustomer();
  const sub = useSubmit(applyAdjust, onSubmitted);
  return {
    customer,
    ...sub,
    rules: {
      acctNo: [{ required: true, message: '请选择调账账户' }],
      direction: [schemaRule(adjustPayload, 'direction')],
      amount: [
        ({ getFieldsValue }: Getter) => ({
          validator: () => {
            const v = getFieldsValue() as AdjustValues;
            return verdict(adjustAmountError(v.direction, v.amount, customer.account(v.acctNo)?.available));
          },
        }),
      ],
      reason: [schemaRule(adjustPayload, 'reason')],
    },
    finish: (v: AdjustValues) => sub.submit(toAdjustInput(v)),
  };
}
