import { Alert, Button, Card, Descriptions, Form, Input, Result, Statistic, Tag } from 'antd';
import { yuanText } from '@contract/money';
import { INVOICE_STATUS_COLOR } from './acctRules';
import { useInvoiceForm, type InvoiceValues } from './useInvoiceForm';

export default function InvoiceFormDesktop({ onSubmitted }: { onSubmitted: () => void }) {
  const [form] = Form.useForm<InvoiceValues>();
  const f = useInvoiceForm(onSubmitted);
  const { customer, totals } = f;
  const inv = f.result;

  if (inv)
    return (
      <Card>
        <Result
          status="success"
          title="开票申请已提交"
          subTitle="开具后生成发票号"
          extra={
            <Button
              type="primary"
              onClick={() => {
                f.again();
                form.resetFields(['amount']);
              }}
            >
              继续申请
            </Button>
          }
        >
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="客户代码">{inv.cusCode}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={INVOICE_STATUS_COLOR[inv.status]}>{inv.statusText}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="发票抬头">{inv.title}</Descriptions.Item>
            <Descriptions.Item label="金额">
              <b>{yuanText(inv.amount)}</b>
            </Descriptions.Item>
            <Descriptions.Item label="税号">{inv.taxNo || '—'}</Descriptions.Item>
            <Descriptions.Item label="备注">{inv.remark || '—'}</Descriptions.Item>
          </Descriptions>
        </Result>
      </Card>
    );
  return (
    <Card title="开票申请">
      {f.failure && (
        <Alert type="error" showIcon message={f.failure} closable onClose={f.clearFailure} style={{ marginBottom: 16 }} data-testid="submit-failure" />
      )}
      <Form form={form} layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 12 }} onFinish={(v) => void f.finish(v)} autoComplete="off">
        <Form.Item label="客户代码" required validateStatus={customer.error ? 'error' : undefined} help={customer.error ?? undefined}>
          <Input.Search
            onPressEnter={(e) => e.preventDefault()}
            placeholder="请输入客户代码后查询可开票金额"
            defaultValue={customer.cusCode}
            disabled={!!customer.ownCusCode}
            enterButton="查询"
            loading={customer.loading}
            onSearch={(v) => void customer.load(v)}
            maxLength={50}
          />
        </Form.Item>
        {totals && (
          <Form.Item wrapperCol={{ offset: 5, span: 12 }}>
            <div style={{ display: 'flex', gap: 48 }} data-testid="invoice-totals">
              <Statistic title="已付款" value={yuanText(totals.paid)} />
              <Statistic title="已开票（含待开具）" value={yuanText(totals.invoiced)} />
              <Statistic title="可开票金额" value={yuanText(totals.invoiceable)} valueStyle={{ color: '#0267B5', fontWeight: 600 }} />
            </div>
          </Form.Item>
        )}
        <Form.Item name="amount" label="开票金额" rules={f.rules.amount}>
          <Input prefix="¥" suffix="元" placeholder="请输入开票金额" inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="title" label="发票抬头" rules={f.rules.title}>
          <Input placeholder="请输入发票抬头" maxLength={100} />
        </Form.Item>
        <Form.Item name="taxNo" label="税号" rules={f.rules.taxNo}>
          <Input placeholder="请输入纳税人识别号" maxLength={30} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={f.rules.remark}>
          <Input.TextArea placeholder="请输入备注" maxLength={200} showCount rows={2} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5, span: 12 }}>
          <Button type="primary" htmlType="submit" loading={f.saving}>
            提交申请
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
