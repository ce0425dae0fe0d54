import { useState } from 'react';
import { Button, Form, Input, NoticeBar, Selector } from 'antd-mobile';
import { yuanText } from '@contract/money';
import { ADJUST_DIRECTIONS } from './acctRules';
import { AmountReasonItemsMobile } from './AmountReason.mobile';
import { OrderResultMobile } from './OrderResult.mobile';
import { useAdjustForm, type AdjustValues } from './useAdjustForm';
import { first, one } from './selector';

export default function AdjustFormMobile({ onSubmitted }: { onSubmitted: () => void }) {
  const [form] = Form.useForm<AdjustValues>();
  const f = useAdjustForm(onSubmitted);
  const { customer } = f;
  const [code, setCode] = useState(customer.cusCode);
  const acct = customer.account(Form.useWatch('acctNo', form) as string | undefined);

  if (f.result)
    return (
      <OrderResultMobile
        order={f.result}
        againText="继续调账"
        onAgain={() => {
          f.again();
          form.resetFields(['amount', 'reason']);
        }}
      />
    );
  return (
    <>
      {f.failure && <NoticeBar content={f.failure} color="error" wrap closeable onClose={f.clearFailure} />}
      <Form
        form={form}
        initialValues={{ direction: 'credit' }}
        onFinish={(v) => void f.finish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={f.saving}>
            提交审批
          </Button>
        }
      >
        <Form.Item
          label="客户代码"
          required
          extra={
            !customer.ownCusCode && (
              <Button
                size="mini"
                color="primary"
                fill="outline"
                loading={customer.loading}
                onClick={() => {
                  form.setFieldValue('acctNo', undefined);
                  void customer.load(code);
                }}
              >
                查询
              </Button>
            )
          }
          help={customer.error ?? undefined}
        >
          <Input placeholder="请输入客户代码" value={code} onChange={setCode} disabled={!!customer.ownCusCode} />
        </Form.Item>
        <Form.Item
          name="acctNo"
          label="调账账户"
          rules={f.rules.acctNo}
          getValueProps={one}
          normalize={first}
          help={acct ? `可用 ${yuanText(acct.available)}` : undefined}
        >
          <Selector columns={1} options={customer.options} style={{ '--padding': '8px 10px' }} />
        </Form.Item>
        <Form.Item name="direction" label="调账方向" rules={f.rules.direction} getValueProps={one} normalize={(v: string[], prev: string) => v[0] ?? prev}>
          <Selector columns={2} options={ADJUST_DIRECTIONS} />
        </Form.Item>
        <AmountReasonItemsMobile amountLabel="金额" reasonLabel="调账原因" rules={f.rules} dependencies={['direction', 'acctNo']} />
      </Form>
    </>
  );
}
