import { useRef, useState } from 'react';
import { App, Button, Card, Form, Input, Radio, Select } from 'antd';
import { parseYuan, yuanText } from '@contract/money';
import { failureMessage } from '@/components/dialogs/formRules';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { newKey, submitSingle } from './payApi';
import { usePayResult } from './payResult';
import { editAgain, SINGLE_PAY, singleRule, toInput, useRestoredDraft, type SingleValues } from './singlePayForm';
import { usePayer } from './usePayer';
import { useReservationReview } from './ReservationReview.desktop';
import { withFee } from './reservation';

export default function SinglePayDesktop() {
  const [form] = Form.useForm<SingleValues>();
  const { message } = App.useApp();
  const payer = usePayer();
  const key = useRef(newKey());
  const [saving, setSaving] = useState(false);
  const result = usePayResult();
  useRestoredDraft(form, payer.load);
  const mode = Form.useWatch('payeeMode', form) ?? 'acct';
  const from = payer.account(Form.useWatch('fromAcctNo', form));
  const review = useReservationReview();

  const onFinish = async (values: SingleValues) => {
    const input = toInput(values);
    if (
      !(await review(
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
      if (!result.refused(err, editAgain(payer.cusCode, values))) void message.warning(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title="单笔付款">
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ payeeMode: 'acct' }}
        onFinish={(v) => void onFinish(v)}
        autoComplete="off"
      >
        <Form.Item label="客户" required validateStatus={payer.error ? 'error' : undefined} help={payer.error ?? undefined}>
          <CustomerPicker
            value={payer.cusCode}
            disabled={!!payer.ownCusCode}
            onChange={(c) => {
              form.setFieldValue('fromAcctNo', undefined);
              void payer.load(c?.cusCode ?? '');
            }}
          />
        </Form.Item>
        <Form.Item
          name="fromAcctNo"
          label="付款账户"
          rules={[singleRule('fromAcctNo')]}
          extra={from ? `余额 ${yuanText(from.balance)}，冻结 ${yuanText(from.frozen) || '¥0.00'}，可用 ${yuanText(from.available) || '¥0.00'}` : undefined}
        >
          <Select
            placeholder="请选择付款账户"
            options={payer.options}
            loading={payer.loading}
            notFoundContent={payer.cusCode ? '该客户没有可用账户' : '请先选择客户'}
          />
        </Form.Item>
        <Form.Item name="payeeMode" label="收款方式">
          <Radio.Group
            options={[
              { value: 'acct', label: '本平台账户' },
              { value: 'card', label: '银行卡' },
            ]}
            optionType="button"
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
        <Form.Item name="amount" label="金额" rules={[singleRule('amount')]}>
          <Input prefix="¥" suffix="元" placeholder="请输入金额" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea placeholder="请输入备注" maxLength={200} showCount rows={2} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 12 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            提交审批
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
