// 分账配置's form, shared by both views: the customer and its accounts (source of the incoming money
// and the remainder account), the receivers by ratio or fixed amount, switching the rule off, the
// effective time, a preview of how 100.00 yuan would be split (the server's own allocation) and the
// proposal call. A saved rule is a new version pending a second person's approval.
import { useMemo, useState } from 'react';
import { FEE_MSG, FEE_PATHS, standingSplit, type SplitRuleView } from '@contract/api/fee';
import { fenText } from '@contract/money';
import { feeCall } from '@/api/fees';
import { useCustomerAccounts } from '@/hooks/useCustomerAccounts';

export interface ReceiverValues {
  acctNo: string;
  ratio: string;
  amount: string;
}
export interface SplitRuleValues {
  sourceAcctNo: string;
  remainderAcctNo: string;
  mode: 'ratio' | 'fixed';
  enabled: boolean;
  receivers: ReceiverValues[];
  effectiveFrom: string;
  remark: string;
}
export const MODE_OPTIONS = [
  { value: 'ratio', label: '按比例' },
  { value: 'fixed', label: '固定金额' },
];
const blank = (): ReceiverValues => ({ acctNo: '', ratio: '', amount: '' });
const SAMPLE = 10_000n;

/** How 100.00 yuan would be split, or the rule's problem. */
export function splitPreview(v: SplitRuleValues): string {
  if (!v.enabled) return '停用后，入账不再分账';
  const receivers = v.receivers.filter((r) => r.acctNo.trim());
  if (!receivers.length || !v.remainderAcctNo) return '';
  const r = standingSplit(SAMPLE, v.mode, receivers, v.remainderAcctNo);
  if (!r.ok) return r.message;
  return `入账 ${fenText(SAMPLE)}：${r.lines.map((l) => `${l.acctNo} ${fenText(l.amountFen)}${l.remainder ? '（余额）' : ''}`).join('，')}`;
}

export function useSplitRuleForm(onSaved: (rule: SplitRuleView) => void) {
  const cus = useCustomerAccounts({ failMessage: '查询客户账户失败' });
  const [values, setValues] = useState<SplitRuleValues>({
    sourceAcctNo: '',
    remainderAcctNo: '',
    mode: 'ratio',
    enabled: true,
    receivers: [blank()],
    effectiveFrom: '',
    remark: '',
  });
  const [saving, setSaving] = useState(false);
  const patch = (p: Partial<SplitRuleValues>) => setValues((s) => ({ ...s, ...p }));
  const setReceiver = (i: number, p: Partial<ReceiverValues>) =>
    setValues((s) => ({ ...s, receivers: s.receivers.map((r, j) => (j === i ? { ...r, ...p } : r)) }));
  const addReceiver = () => setValues((s) => ({ ...s, receivers: [...s.receivers, blank()] }));
  const removeReceiver = (i: number) => setValues((s) => ({ ...s, receivers: s.receivers.filter((_, j) => j !== i) }));
  const preview = useMemo(() => splitPreview(values), [values]);
  const submit = async (): Promise<string | null> => {
    if (!cus.loaded) return FEE_MSG.cusNotFound;
    if (!values.sourceAcctNo) return FEE_MSG.splitSource;
    if (!values.remainderAcctNo) return '请填写余额接收账户';
    setSaving(true);
    try {
      const { rule } = await feeCall<{ rule: SplitRuleView }>(FEE_PATHS.splitPropose, {
        cusCode: cus.loaded,
        sourceAcctNo: values.sourceAcctNo,
        remainderAcctNo: values.remainderAcctNo,
        mode: values.mode,
        enabled: values.enabled,
        receivers: values.enabled
          ? values.receivers
              .filter((r) => r.acctNo.trim())
              .map((r) => ({ acctNo: r.acctNo.trim(), ...(values.mode === 'ratio' ? { ratio: r.ratio } : { amount: r.amount }) }))
          : [],
        effectiveFrom: values.effectiveFrom ? new Date(values.effectiveFrom).toISOString() : '',
        remark: values.remark,
      });
      onSaved(rule);
      return null;
    } catch (err) {
      return (err as Error).message;
    } finally {
      setSaving(false);
    }
  };
  return { cus, values, patch, setReceiver, addReceiver, removeReceiver, preview, saving, submit };
}
export type SplitRuleForm = ReturnType<typeof useSplitRuleForm>;
export const SPLIT_TITLE = '分账规则配置';
export const SPLIT_HINT = '每笔进入来源账户的资金（充值、收款、转入）按规则分出，剩余部分（含分不尽的零头）进入余额账户。保存为新版本，经另一人审批后生效。';
