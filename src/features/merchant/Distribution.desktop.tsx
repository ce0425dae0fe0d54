import { Alert, App, Button, Card, Col, Form, Input, Radio, Result, Row, Select, Table, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { V } from '@contract/validation';
import { parseYuan, yuanText } from '@contract/money';
import { MERCHANT_AUDIT_PATH } from '@contract/pages/merchant';
import { EditableGrid } from '@/components/grid/EditableGrid';
import { failureMessage } from '@/components/dialogs/formRules';
import { MODE_OPTIONS, type PreviewLine } from './rules';
import { useDistribution } from './useDistribution';

export default function DistributionDesktop() {
  const f = useDistribution();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const p = f.preview;
  const amountBad = f.amount.trim() !== '' && parseYuan(f.amount) === null;

  const submit = async () => {
    try {
      await f.submit();
      void message.success('提交成功，等待审批');
    } catch (err) {
      void message.warning(failureMessage(err)); // same key on retry: never submitted twice
    }
  };

  if (f.order)
    return (
      <Card>
        <Result
          status="success"
          title="提交成功，等待审批"
          subTitle={`分账订单 ${f.order.orderNo}，金额 ${yuanText(f.order.amount)}，${f.order.payeeName ?? ''}；资金已预留，审批通过后入账。`}
          extra={[
            <Button key="list" type="primary" onClick={() => navigate(MERCHANT_AUDIT_PATH)}>
              查看分账订单
            </Button>,
            <Button key="again" onClick={f.again}>
              继续分账
            </Button>,
          ]}
        />
      </Card>
    );

  return (
    <Row gutter={16} align="top">
      <Col span={16}>
        <Card title="分账申请">
          <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 19 }} autoComplete="off">
            <Form.Item label="客户代码" required validateStatus={f.accountsError ? 'error' : undefined} help={f.accountsError ?? undefined}>
              <Input.Search
                placeholder="请输入客户代码后查询付款账户"
                enterButton="查询"
                loading={f.loadingAccounts}
                onSearch={(v) => void f.loadAccounts(v)}
              />
            </Form.Item>
            <Form.Item
              label="付款账户"
              required
              extra={f.account ? `余额 ${yuanText(f.account.balance)}，冻结 ${yuanText(f.account.frozen)}，可用 ${yuanText(f.account.available)}` : undefined}
            >
              <Select
                aria-label="付款账户"
                placeholder="请选择付款账户"
                options={f.payerOptions}
                value={f.fromAcctNo}
                onChange={f.setFromAcctNo}
                notFoundContent={f.cusCode ? '该客户没有可用账户' : '请先查询客户代码'}
              />
            </Form.Item>
            <Form.Item label="分账总金额" required validateStatus={amountBad ? 'error' : undefined} help={amountBad ? V.amount : undefined}>
              <Input
                prefix="¥"
                suffix="元"
                placeholder="请输入分账总金额"
                inputMode="decimal"
                maxLength={16}
                value={f.amount}
                onChange={(e) => f.setAmount(e.target.value)}
              />
            </Form.Item>
            <Form.Item label="分账方式" required>
              <Radio.Group options={MODE_OPTIONS} optionType="button" value={f.mode} onChange={(e) => f.setMode(e.target.value)} />
            </Form.Item>
            <Form.Item label="分账接收方" required>
              <EditableGrid columns={f.columns} value={f.rows} onChange={f.setRows} gridRef={f.gridRef} maxHeight={260} emptyText="请添加分账接收方" />
            </Form.Item>
            {f.mode === 'ratio' && (
              <Form.Item label="尾差入账账户" required extra="按比例分账的不足一分的尾差计入此账户，保证分账总额一分不差">
                <Select
                  aria-label="尾差入账账户"
                  placeholder="请选择尾差入账账户"
                  options={f.remainderChoices}
                  value={f.remainderAcctNo}
                  onChange={f.setRemainder}
                  notFoundContent="请先填写接收账户"
                />
              </Form.Item>
            )}
            <Form.Item label="备注">
              <Input.TextArea placeholder="请输入备注" maxLength={200} showCount rows={2} value={f.remark} onChange={(e) => f.setRemark(e.target.value)} />
            </Form.Item>
            <Form.Item wrapperCol={{ offset: 5, span: 19 }}>
              <Button type="primary" loading={f.saving} onClick={() => void submit()}>
                提交审批
              </Button>
            </Form.Item>
          </Form>
        </Card>
      </Col>
      <Col span={8}>
        <Card title="分账预览" data-testid="split-preview">
          {p.message && <Alert type="warning" showIcon title={p.message} style={{ marginBottom: 12 }} />}
          <Table<PreviewLine>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={p.lines}
            locale={{ emptyText: '填写金额与接收方后显示分账结果' }}
            columns={[
              {
                dataIndex: 'acctNo',
                title: '接收账户',
                render: (v: string, l) => (
                  <>
                    {v}
                    {l.remainder && (
                      <Tag color="orange" style={{ marginLeft: 6 }}>
                        含尾差
                      </Tag>
                    )}
                  </>
                ),
              },
              { dataIndex: 'ratioText', title: '比例', width: 80, align: 'right' },
              { dataIndex: 'amountText', title: '分账金额', width: 120, align: 'right' },
            ]}
            summary={() =>
              p.lines.length ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <b>合计</b>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} />
                  <Table.Summary.Cell index={2} align="right">
                    <b data-testid="split-total">{p.totalText}</b>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
          {p.lines.length > 0 && p.remainderText !== null && (
            <div style={{ marginTop: 12, color: '#555' }} data-testid="split-remainder">
              尾差 {p.remainderText}，{p.remainderAcctNo ? `计入 ${p.remainderAcctNo}` : '请选择尾差入账账户'}
            </div>
          )}
        </Card>
      </Col>
    </Row>
  );
}
