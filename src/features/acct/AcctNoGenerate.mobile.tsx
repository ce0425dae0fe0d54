import { Button, Form, Input, List, NoticeBar, Result, Selector, Tag } from 'antd-mobile';
import { ACCOUNT_STATUS_TEXT } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { ACCOUNT_STATUS_COLOR, mobileTagColor } from '@/components/statusTags';
import { accountNoCheckText, groupAccountNo } from './acctRules';
import { first, one } from './selector';
import { useAcctNoGenerate, type GenerateValues } from './useAcctNoGenerate';

export default function AcctNoGenerateMobile() {
  const [form] = Form.useForm<GenerateValues>();
  const g = useAcctNoGenerate();
  const { customer } = g;
  const acct = g.result;

  return (
    <div>
      {acct ? (
        <div style={{ background: '#fff' }}>
          <Result status="success" title="开户成功" description={`${acct.acctName} · ${acct.acctTypeText}`} />
          <div style={{ textAlign: 'center', padding: '0 16px 16px' }}>
            <div data-testid="generated-acct-no" style={{ fontSize: 20, fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {acct.acctNo}
            </div>
            <div style={{ color: '#666', fontSize: 13, marginTop: 4 }}>{groupAccountNo(acct.acctNo)}</div>
            <div style={{ color: '#666', fontSize: 13 }}>{accountNoCheckText(acct.acctNo)}</div>
          </div>
          <div style={{ padding: '0 16px 16px' }}>
            <Button
              block
              color="primary"
              onClick={() => {
                g.again();
                form.resetFields(['acctType']);
              }}
            >
              继续开户
            </Button>
          </div>
        </div>
      ) : (
        <>
          {g.failure && <NoticeBar content={g.failure} color="error" wrap closeable onClose={g.clearFailure} />}
          <Form
            form={form}
            initialValues={{ cusCode: customer.cusCode }}
            onFinish={(v) => void g.finish(v)}
            footer={
              <Button block type="submit" color="primary" size="large" loading={g.saving}>
                开立账户
              </Button>
            }
          >
            <Form.Item
              name="cusCode"
              label="客户代码"
              rules={g.rules.cusCode}
              help={customer.error ?? undefined}
              extra={
                !customer.ownCusCode && (
                  <Button
                    size="mini"
                    color="primary"
                    fill="outline"
                    loading={customer.loading}
                    onClick={() => void customer.load(String(form.getFieldValue('cusCode') ?? ''))}
                  >
                    查询
                  </Button>
                )
              }
            >
              <Input placeholder="请输入客户代码" disabled={!!customer.ownCusCode} maxLength={50} />
            </Form.Item>
            <Form.Item name="acctType" label="账户类型" rules={g.rules.acctType} getValueProps={one} normalize={first}>
              <Selector columns={3} options={g.options} />
            </Form.Item>
          </Form>
        </>
      )}
      {customer.loaded && (
        <List header={`客户 ${customer.loaded} 的账户`} style={{ marginTop: 12 }}>
          {customer.accounts.map((a) => (
            <List.Item
              key={a.acctNo}
              description={`${a.acctTypeText} · 可用 ${yuanText(a.available)}`}
              extra={
                <Tag color={mobileTagColor(ACCOUNT_STATUS_COLOR[a.status])} fill="outline">
                  {ACCOUNT_STATUS_TEXT[a.status]}
                </Tag>
              }
            >
              <span style={{ fontFamily: 'monospace' }}>{a.acctNo}</span>
            </List.Item>
          ))}
          {!customer.accounts.length && <List.Item>该客户还没有账户</List.Item>}
        </List>
      )}
    </div>
  );
}
