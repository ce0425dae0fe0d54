// The bind form of 银行卡, shared by both views: the contract's CusBankCardBind schema as the field
// rules (the §5 bank-card rule and its message '请输入正确的银行卡号!') and the submit.
import { useState } from 'react';
import { bankCardBindBody } from '@contract/api/ledger';
import { schemaRule } from '@/components/dialogs/formRules';
import { bindCard, callFailure } from './ledgerApi';

export interface BindValues {
  cusCode?: string;
  cardNo?: string;
  holderName?: string;
  bankName?: string;
}
export interface BindProps {
  cusCode: string;
  fixedCusCode: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** The form's fields, in order, for both views. */
export const BIND_FIELDS: { name: keyof BindValues; label: string; placeholder: string; maxLength: number; required: boolean; numeric?: boolean }[] = [
  { name: 'cusCode', label: '客户代码', placeholder: '请输入客户代码', maxLength: 50, required: true },
  { name: 'cardNo', label: '银行卡号', placeholder: '请输入银行卡号', maxLength: 20, required: true, numeric: true },
  { name: 'holderName', label: '持卡人', placeholder: '请输入持卡人姓名', maxLength: 50, required: true },
  { name: 'bankName', label: '开户银行', placeholder: '请输入开户银行', maxLength: 50, required: false },
];
export const bindRule = (field: keyof BindValues) => schemaRule(bankCardBindBody, field);

const trimmed = (v: BindValues) => ({
  cusCode: (v.cusCode ?? '').trim(),
  cardNo: (v.cardNo ?? '').trim(),
  holderName: (v.holderName ?? '').trim(),
  bankName: (v.bankName ?? '').trim(),
});

export function useBankCardBind(notify: { success: (m: string) => void; warning: (m: string) => void }, onSaved: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (values: BindValues) => {
    const body = bankCardBindBody.safeParse(trimmed(values));
    if (!body.success) {
      notify.warning(body.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setBusy(true);
    try {
      await bindCard(trimmed(values));
      notify.success('绑定成功');
      onSaved();
    } catch (err) {
      notify.warning(callFailure(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
