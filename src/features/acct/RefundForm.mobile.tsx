import { Button, Form, List, NoticeBar, SearchBar, Selector } from 'antd-mobile';
import { fenText } from '@contract/money';
import { AmountReasonItemsMobile } from './AmountReason.mobile';
import { OrderResultMobile } from './OrderResult.mobile';
import { first, one } from './selector';
import { originLabel, useRefundForm, type RefundValues } from './useRefundForm';

export default function RefundFormMobile({ onSubmitted }: { onSubmitted: () => void }) {
  const [form] = Form.useForm<RefundValues>();
  const f = useRefundForm(onSubmitted);
  const { origin, headroom } = f;

  if (f.result)
    return (
      <OrderResultMobile
        order={f.result}
        againText="继续退款"
        onAgain={() => {
          f.again();
          form.resetFields();
        }}
      />
    );
  return (
    <>
      {f.failure && <NoticeBar content={f.failure} color="error" wrap closeable onClose={f.clearFailure} />}
      <Form
        form={form}
        onFinish={(v) => void f.finish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={f.saving}>
            提交审批
          </Button>
        }
      >
        <Form.Header>原付款订单</Form.Header>
        <div style={{ padding: '8px 12px 0', background: '#fff' }}>
          <SearchBar placeholder="搜索订单号或收款人" onSearch={(t) => void f.search(t)} onClear={() => void f.search('')} />
        </div>
        <Form.Item name="origOrderId" rules={f.rules.origOrderId} help={f.originError ?? undefined} getValueProps={one} normalize={first}>
          <Selector
            columns={1}
            style={{ '--padding': '8px 10px' }}
            options={f.candidates.slice(0, 8).map((o) => ({ value: o.orderId, label: originLabel(o) }))}
            onChange={(v) => void f.pick(v[0])}
          />
        </Form.Item>
        {!f.searching && !f.candidates.length && <Form.Item>没有可退款的付款订单</Form.Item>}
        {origin && (
          <List data-testid="refund-headroom">
            <List.Item extra={headroom ? fenText(headroom.paidFen) : '…'}>原付款金额</List.Item>
            <List.Item extra={headroom ? fenText(headroom.refundedFen) : '…'}>已退款</List.Item>
            <List.Item extra={headroom ? fenText(headroom.inFlightFen) : '…'}>审批中退款</List.Item>
            <List.Item extra={<b>{headroom ? fenText(headroom.refundableFen) : '…'}</b>}>可退金额</List.Item>
          </List>
        )}
        <AmountReasonItemsMobile amountLabel="退款金额" reasonLabel="退款原因" rules={f.rules} />
      </Form>
    </>
  );
}
