import { useState } from 'react';
import { Button, Form, Input, List, NoticeBar, Result, Tag, TextArea } from 'antd-mobile';
import { yuanText } from '@contract/money';
import { mobileTagColor } from '@/components/statusTags';
import { INVOICE_STATUS_COLOR } from './acctRules';
import { useInvoiceForm, type InvoiceValues } from './useInvoiceForm';

export default function InvoiceFormMobile({ onSubmitted }: { onSubmitted: () => void }) {
  const [form] = Form.useForm<InvoiceValues>();
  const f = useInvoiceForm(onSubmitted);
  const { customer, totals } = f;
  const [code, setCode] = useState(customer.cusCode);
  const inv = f.result;

  if (inv)
    return (
      <div>
        <Result status="success" title="开票申请已提交" description="开具后生成发票号" />
        <List>
          <List.Item
            extra={
              <Tag color={mobileTagColor(INVOICE_STATUS_COLOR[inv.status])} fill="outline">
                {inv.statusText}
              </Tag>
            }
          >
            状态
          </List.Item>
          <List.Item extra={inv.title}>发票抬头</List.Item>
          <List.Item extra={yuanText(inv.amount)}>金额</List.Item>
          <List.Item extra={inv.taxNo || '—'}>税号</List.Item>
        </List>
        <div style={{ padding: 16 }}>
          <Button
            block
            color="primary"
            onClick={() => {
              f.again();
              form.resetFields(['amount']);
            }}
          >
            继续申请
          </Button>
        </div>
      </div>
    );
  return (
    <>
      {f.failure && <NoticeBar content={f.failure} color="error" wrap closeable onClose={f.clearFailure} />}
      <Form
        form={form}
        onFinish={(v) => void f.finish(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={f.saving}>
            提交申请
          </Button>
        }
      >
        <Form.Item
          label="客户代码"
          required
          extra={
            !customer.ownCusCode && (
              <Button size="mini" color="primary" fill="outline" loading={customer.loading} onClick={() => void customer.load(code)}>
                查询
              </Button>
            )
          }
          help={customer.error ?? undefined}
        >
          <Input placeholder="请输入客户代码" value={code} onChange={setCode} disabled={!!customer.ownCusCode} maxLength={50} />
        </Form.Item>
        {totals && (
          <List data-testid="invoice-totals">
            <List.Item extra={yuanText(totals.paid)}>已付款</List.Item>
            <List.Item extra={yuanText(totals.invoiced)}>已开票（含待开具）</List.Item>
            <List.Item extra={<b style={{ color: '#0267B5' }}>{yuanText(totals.invoiceable)}</b>}>可开票金额</List.Item>
          </List>
        )}
        <Form.Item name="amount" label="开票金额（元）" rules={f.rules.amount}>
          <Input placeholder="请输入开票金额" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="title" label="发票抬头" rules={f.rules.title}>
          <Input placeholder="请输入发票抬头" maxLength={100} />
        </Form.Item>
        <Form.Item name="taxNo" label="税号" rules={f.rules.taxNo}>
          <Input placeholder="请输入纳税人识别号" maxLength={30} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={f.rules.remark}>
          <TextArea placeholder="请输入备注" maxLength={200} rows={2} showCount />
        </Form.Item>
      </Form>
    </>
  );
}
