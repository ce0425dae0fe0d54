// The amount and reason of an order application (调账, 退款) and its submit button (desktop form).
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';

export function AmountReasonItems({
  amountLabel,
  reasonLabel,
  rules,
  dependencies,
  saving,
}: {
  amountLabel: string;
  reasonLabel: string;
  rules: { amount: Rule[]; reason: Rule[] };
  /** Fields whose change re-checks the amount. */
  dependencies?: string[];
  saving: boolean;
}) {
  return (
    <>
      <Form.Item name="amount" label={amountLabel} rules={rules.amount} dependencies={dependencies}>
        <Input prefix="¥" suffix="元" placeholder={`请输入${amountLabel}`} inputMode="decimal" maxLength={16} />
      </Form.Item>
      <Form.Item name="reason" label={reasonLabel} rules={rules.reason}>
        <Input.TextArea placeholder={`请输入${reasonLabel}`} maxLength={200} showCount rows={3} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5, span: 12 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          提交审批
        </Button>
      </Form.Item>
    </>
  );
}
