// The amount and reason of an order application (调账, 退款) on the phone form.
import { Form, Input, TextArea, type FormItemProps } from 'antd-mobile';

export function AmountReasonItemsMobile({
  amountLabel,
  reasonLabel,
  rules,
  dependencies,
}: {
  amountLabel: string;
  reasonLabel: string;
  rules: { amount: FormItemProps['rules']; reason: FormItemProps['rules'] };
  dependencies?: string[];
}) {
  return (
    <>
      <Form.Item name="amount" label={`${amountLabel}（元）`} rules={rules.amount} dependencies={dependencies}>
        <Input placeholder={`请输入${amountLabel}`} inputMode="decimal" maxLength={16} />
      </Form.Item>
      <Form.Item name="reason" label={reasonLabel} rules={rules.reason}>
        <TextArea placeholder={`请输入${reasonLabel}`} maxLength={200} rows={3} showCount />
      </Form.Item>
    </>
  );
}
