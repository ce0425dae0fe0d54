import { Alert, Card, Form, Input, Radio, Select } from 'antd';
import { yuanText } from '@contract/money';
import { ADJUST_DIRECTIONS } from './acctRules';
import { AmountReasonItems } from './AmountReason.desktop';
import { OrderResult } from './OrderResult.desktop';
import { useAdjustForm, type AdjustValues } from './useAdjustForm';

export default function AdjustFormDesktop({ onSubmitted }: { onSubmitted: () => void }) {
  const [form] = Form.useForm<AdjustValues>();
  const f = useAdjustForm(onSubmitted);
  const { customer } = f;
  const acct = customer.account(Form.useWatch('acctNo', form));

  if (f.result)
    return (
      <Card>
        <OrderResult
          order={f.result}
          againText="继续调账"
          onAgain={() => {
            f.again();
            form.resetFields(['amount', 'reason']);
          }}
        />
      </Card>
    );
  return (
    <Card title="调账申请">
      {f.failure && (
        <Alert type="error" showIcon message={f.failure} closable onClose={f.clearFailure} style={{ marginBottom: 16 }} data-testid="submit-failure" />
      )}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 12 }}
        initialValues={{ direction: 'credit' }}
        onFinish={(v) => void f.finish(v)}
        autoComplete="off"
      >
        <Form.Item label="客户代码" required validateStatus={customer.error ? 'error' : undefined} help={customer.error ?? undefined}>
          <Input.Search
            onPressEnter={(e) => e.preventDefault()}
            placeholder="请输入客户代码后查询账户"
            defaultValue={customer.cusCode}
            disabled={!!customer.ownCusCode}
            enterButton="查询"
            loading={customer.loading}
            onSearch={(v) => {
              form.setFieldValue('acctNo', undefined);
              void customer.load(v);
            }}
          />
        </Form.Item>
        <Form.Item
          name="acctNo"
          label="调账账户"
          rules={f.rules.acctNo}
          extra={acct ? `余额 ${yuanText(acct.balance)}，冻结 ${yuanText(acct.frozen)}，可用 ${yuanText(acct.available)}` : undefined}
        >
          <Select
            placeholder="请选择调账账户"
            options={customer.options}
            loading={customer.loading}
            notFoundContent={customer.loaded ? '该客户没有账户' : '请先查询客户代码'}
          />
        </Form.Item>
        <Form.Item name="direction" label="调账方向" rules={f.rules.direction} extra="调增：贷记该账户；调减：借记该账户，提交时预留资金">
          <Radio.Group options={ADJUST_DIRECTIONS} optionType="button" />
        </Form.Item>
        <AmountReasonItems amountLabel="金额" reasonLabel="调账原因" rules={f.rules} dependencies={['direction', 'acctNo']} saving={f.saving} />
      </Form>
    </Card>
  );
}
