// The raise form shared by both views: a release request (supplier, with evidence files) or a
// refund request (customer) against one supervised fund. Rules are the contract's; the call
// answers the server's text.
import { useState } from 'react';
import { SV_P, raiseForm, type RaiseFormValues, type SvFundRow, type SvRequestKind } from '@contract/api/supervise';
import { sysAction } from '@/api/action';
import { schemaRule } from '@/components/dialogs/formRules';

export interface RaiseFormProps {
  kind: SvRequestKind;
  fund: SvFundRow;
  onClose: () => void;
  /** After a successful raise (reload the lists). */
  onDone: () => void;
}

export function useRaise({ kind, fund, onDone }: RaiseFormProps) {
  // One key per opened form: a double tap on 确定 raises one request.
  const [key] = useState(() => crypto.randomUUID());
  const schema = raiseForm(kind);
  return {
    title: kind === 'release' ? '申请放款' : '申请退款',
    intro: `${fund.cusName || fund.cusCode} → ${fund.supplierName || fund.supplierCode}，合同${fund.contractNo}，可用监管余额 ${fund.available} 元`,
    rule: (field: keyof RaiseFormValues) => [schemaRule(schema, field)],
    submit: async (v: RaiseFormValues) => {
      const text = await sysAction(kind === 'release' ? SV_P.raiseRelease : SV_P.raiseRefund, {
        fundId: fund.id,
        amount: v.amount?.trim(),
        reason: v.reason?.trim(),
        filePaths: (v.files ?? '').split(',').filter(Boolean),
        idempotencyKey: key,
      });
      onDone();
      return text;
    },
  };
}
