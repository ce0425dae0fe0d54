import { Alert, Card, Descriptions, Form, Select } from 'antd';
import { fenText } from '@contract/money';
import { timeText } from './acctRules';
import { AmountReasonItems } from './AmountReason.desktop';
import { OrderResult } from './OrderResult.desktop';
import { originLabel, useRefundForm, type RefundValues } from './useRefundForm';

export default function RefundFormDesktop({ onSubmitted }: { onSubmitted: () => void }) {
  const [form] = Form.useForm<RefundValues>();
  const f = useRefundForm(onSubmitted);
  const { origin, headroom } = f;

  if (f.result)
    return (
      <Card>
        <OrderResult
          order={f.result}
          againText="继续退款"
          onAgain={() => {
            f.again();
            form.resetFields();
          }}
        />
      </Card>
    );
  return (
    <Card title="退款申请">
      {f.failure && (
        <Alert type="error" showIcon message={f.failure} closable onClose={f.clearFailure} style={{ marginBottom: 16 }} data-testid="submit-failure" />
      )}
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 12 }} onFinish={(v) => void f.finish(v)} autoComplete="off">
        <Form.Item
          name="origOrderId"
          label="原付款订单"
          rules={f.rules.origOrderId}
          validateStatus={f.originError ? 'error' : undefined}
          help={f.originError ?? undefined}
          extra="成功付款到本平台账户的单笔付款；可输入完整订单号查询"
        >
          <Select
            showSearch
            filterOption={false}
            placeholder="请选择或搜索原付款订单"
            loading={f.searching}
            onSearch={(t) => void f.search(t)}
            onChange={(id: string) => {
              void f.pick(id);
              void form.validateFields(['amount']).catch(() => undefined);
            }}
            options={f.candidates.map((o) => ({ value: o.orderId, label: originLabel(o) }))}
            notFoundContent={f.searching ? '查询中…' : '没有可退款的付款订单'}
          />
        </Form.Item>
        {origin && (
          <Form.Item wrapperCol={{ offset: 5, span: 14 }}>
            <Descriptions bordered size="small" column={2} data-testid="refund-headroom">
              <Descriptions.Item label="付款账户">{origin.fromAcctNo}</Descriptions.Item>
              <Descriptions.Item label="收款账户">{origin.payeeAcctNo}</Descriptions.Item>
              <Descriptions.Item label="收款人">{origin.payeeName}</Descriptions.Item>
              <Descriptions.Item label="付款时间">{timeText(origin.finishedAt ?? origin.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="原付款金额">{headroom ? fenText(headroom.paidFen) : '…'}</Descriptions.Item>
              <Descriptions.Item label="已退款">{headroom ? fenText(headroom.refundedFen) : '…'}</Descriptions.Item>
              <Descriptions.Item label="审批中退款">{headroom ? fenText(headroom.inFlightFen) : '…'}</Descriptions.Item>
              <Descriptions.Item label="可退金额">
                <b data-testid="refundable">{headroom ? fenText(headroom.refundableFen) : '…'}</b>
              </Descriptions.Item>
            </Descriptions>
          </Form.Item>
        )}
        <AmountReasonItems amountLabel="退款金额" reasonLabel="退款原因" rules={f.rules} saving={f.saving} />
      </Form>
    </Card>
  );
}
