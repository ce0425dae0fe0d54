import { useRef, useState } from 'react';
import { Button, Form, Input, Selector, TextArea, Toast } from 'antd-mobile';
import { parseYuan } from '@contract/money';
import { failureMessage } from '@/components/dialogs/formRules';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { newKey, submitSingle } from './payApi';
import { usePayResult } from './payResult';
import { editAgain, SINGLE_PAY, singleRule, toInput, useRestoredDraft, type SingleValues } from './singlePayForm';
import { usePayer } from './usePayer';
import { reviewReservation } from './ReservationReview.mobile';
import { withFee } from './reservation';

const one = (v: unknown) => ({ value: v ? [v] : [] });
const first = (v: string[]) => v[0];

export default function SinglePayMobile() {
  const [form] = Form.useForm<SingleValues>();
  const payer = usePayer();
  const key = useRef(newKey());
  const [saving, setSaving] = useState(false);
  const result = usePayResult();
  useRestoredDraft(form, payer.load);
  const mode = (Form.useWatch('payeeMode', form) as SingleValues['payeeMode'] | undefined) ?? 'acct';

  const onFinish = async (values: SingleValues) => {
    const input = toInput(values);
    if (
      !(await reviewReservation(
        await withFee({ count: 1, totalFen: parseYuan(input.amount) ?? 0n, payer: payer.account(input.fromAcctNo), fromAcctNo: input.fromAcctNo }, 'payment', [
          input.amount,
        ]),
      ))
    )
      return;
    setSaving(true);
    try {
      result.submitted(await submitSingle(input, key.current), SINGLE_PAY);
    } catch (err) {
      // Not answered: stay, the same key on retry never pays twice.
      if (!result.refused(err, editAgain(payer.cusCode, values))) Toast.show({ content: failureMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      initialValues={{ payeeMode: 'acct' }}
      onFinish={(v) => void onFinish(v)}
      footer={
        <Button block type="submit" color="primary" size="large" loading={saving}>
          提交审批
        </Button>
      }
    >
      <Form.Item label="客户" help={payer.error ?? undefined}>
        <CustomerPicker
          value={payer.cusCode}
          disabled={!!payer.ownCusCode}
          onChange={(c) => {
            form.setFieldValue('fromAcctNo', undefined);
            void payer.load(c?.cusCode ?? '');
          }}
        />
      </Form.Item>
      <Form.Item name="fromAcctNo" label="付款账户" rules={[singleRule('fromAcctNo')]} getValueProps={one} normalize={first}>
        <Selector columns={1} options={payer.options} />
      </Form.Item>
      <Form.Item name="payeeMode" label="收款方式" getValueProps={one} normalize={(v: string[], prev: string) => v[0] ?? prev}>
        <Selector
          columns={2}
          options={[
            { value: 'acct', label: '本平台账户' },
            { value: 'card', label: '银行卡' },
          ]}
        />
      </Form.Item>
      <Form.Item name="payeeName" label="收款人名称" rules={[singleRule('payeeName')]}>
        <Input placeholder="请输入收款人名称" maxLength={50} />
      </Form.Item>
      {mode === 'acct' ? (
        <Form.Item name="payeeAcctNo" label="收款账号" rules={[singleRule('payeeAcctNo')]}>
          <Input placeholder="请输入收款账号" maxLength={40} />
        </Form.Item>
      ) : (
        <Form.Item name="bankCardNo" label="银行卡号" rules={[singleRule('bankCardNo')]}>
          <Input placeholder="请输入银行卡号" maxLength={30} inputMode="numeric" />
        </Form.Item>
      )}
      <Form.Item name="amount" label="金额（元）" rules={[singleRule('amount')]}>
        <Input placeholder="请输入金额" inputMode="decimal" maxLength={16} />
      </Form.Item>
      <Form.Item name="remark" label="备注">
        <TextArea placeholder="请输入备注" maxLength={200} rows={2} />
      </Form.Item>
    </Form>
  );
}
