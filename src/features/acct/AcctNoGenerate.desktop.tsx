import { Alert, Button, Card, Form, Input, Radio, Result, Space, Table, Tag, Typography } from 'antd';
import { ACCOUNT_STATUS_TEXT, type AccountView } from '@contract/api/ledger';
import { yuanText } from '@contract/money';
import { ACCOUNT_STATUS_COLOR } from '@/components/statusTags';
import { accountNoCheckText, groupAccountNo, timeText } from './acctRules';
import { useAcctNoGenerate, type GenerateValues } from './useAcctNoGenerate';

export default function AcctNoGenerateDesktop() {
  const [form] = Form.useForm<GenerateValues>();
  const g = useAcctNoGenerate();
  const { customer } = g;
  const acct = g.result;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="开立账户">
        {acct ? (
          <Result
            status="success"
            title="开户成功"
            subTitle={`${acct.acctName} · ${acct.acctTypeText}`}
            extra={
              <Button
                type="primary"
                onClick={() => {
                  g.again();
                  form.resetFields(['acctType']);
                }}
              >
                继续开户
              </Button>
            }
          >
            <div style={{ textAlign: 'center' }}>
              <div style={{ color: 'var(--boss-color-weak)' }}>账号</div>
              <Typography.Text
                copyable={{ text: acct.acctNo }}
                data-testid="generated-acct-no"
                style={{ fontSize: 28, fontFamily: 'monospace', letterSpacing: 1 }}
              >
                {acct.acctNo}
              </Typography.Text>
              <div style={{ color: '#666', marginTop: 4 }}>
                {groupAccountNo(acct.acctNo)} · {accountNoCheckText(acct.acctNo)}
              </div>
            </div>
          </Result>
        ) : (
          <>
            {g.failure && (
              <Alert type="error" showIcon message={g.failure} closable onClose={g.clearFailure} style={{ marginBottom: 16 }} data-testid="submit-failure" />
            )}
            <Form
              form={form}
              layout="horizontal"
              labelCol={{ span: 5 }}
              wrapperCol={{ span: 12 }}
              initialValues={{ cusCode: customer.cusCode }}
              onFinish={(v) => void g.finish(v)}
              autoComplete="off"
            >
              <Form.Item
                name="cusCode"
                label="客户代码"
                rules={g.rules.cusCode}
                validateStatus={customer.error ? 'error' : undefined}
                help={customer.error ?? undefined}
                extra="查询可查看该客户已有的账户"
              >
                <Input.Search
                  onPressEnter={(e) => e.preventDefault()}
                  placeholder="请输入客户代码"
                  disabled={!!customer.ownCusCode}
                  enterButton="查询"
                  loading={customer.loading}
                  onSearch={(v) => void customer.load(v)}
                  maxLength={50}
                />
              </Form.Item>
              <Form.Item name="acctType" label="账户类型" rules={g.rules.acctType}>
                <Radio.Group options={g.options} optionType="button" />
              </Form.Item>
              <Form.Item wrapperCol={{ offset: 5, span: 12 }} extra="账号格式：BS + 16位数字 + 2位校验码（MOD 97-10），系统生成且唯一">
                <Button type="primary" htmlType="submit" loading={g.saving}>
                  开立账户
                </Button>
              </Form.Item>
            </Form>
          </>
        )}
      </Card>
      {customer.loaded && (
        <Card title={`客户 ${customer.loaded} 的账户`}>
          <Table<AccountView>
            rowKey="acctNo"
            size="middle"
            pagination={false}
            dataSource={customer.accounts}
            locale={{ emptyText: '该客户还没有账户' }}
            columns={[
              {
                title: '账号',
                dataIndex: 'acctNo',
                render: (v: string) => (
                  <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                    {v}
                  </Typography.Text>
                ),
              },
              { title: '账户名称', dataIndex: 'acctName' },
              { title: '类型', dataIndex: 'acctTypeText', width: 120 },
              {
                title: '状态',
                dataIndex: 'status',
                width: 90,
                render: (s: AccountView['status']) => <Tag color={ACCOUNT_STATUS_COLOR[s]}>{ACCOUNT_STATUS_TEXT[s]}</Tag>,
              },
              { title: '余额', dataIndex: 'balance', align: 'right', width: 150, render: (v: string) => yuanText(v) },
              { title: '可用', dataIndex: 'available', align: 'right', width: 150, render: (v: string) => yuanText(v) },
              { title: '开户时间', dataIndex: 'createdAt', width: 180, render: (v: string) => timeText(v) },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
