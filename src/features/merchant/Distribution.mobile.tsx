import { useState } from 'react';
import { Button, Form, Input, List, NoticeBar, Result, Selector, Tag, TextArea, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { V } from '@contract/validation';
import { parseYuan, yuanText } from '@contract/money';
import { MERCHANT_AUDIT_PATH } from '@contract/pages/merchant';
import { EditableGrid } from '@/components/grid/EditableGrid';
import { failureMessage } from '@/components/dialogs/formRules';
import { MODE_OPTIONS } from './rules';
import { useDistribution } from './useDistribution';

export default function DistributionMobile() {
  const f = useDistribution();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const p = f.preview;
  const amountBad = f.amount.trim() !== '' && parseYuan(f.amount) === null;

  const submit = async () => {
    try {
      await f.submit();
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    }
  };

  if (f.order)
    return (
      <div>
        <Result status="success" title="提交成功，等待审批" description={`分账订单 ${f.order.orderNo}`} />
        <List>
          <List.Item extra={yuanText(f.order.amount)}>分账金额</List.Item>
          <List.Item extra={f.order.payeeName}>接收方</List.Item>
          <List.Item extra={f.order.fromAcctNo}>付款账户</List.Item>
        </List>
        <div style={{ padding: 16, display: 'flex', gap: 12 }}>
          <Button block onClick={f.again}>
            继续分账
          </Button>
          <Button block color="primary" onClick={() => navigate(MERCHANT_AUDIT_PATH)}>
            分账订单
          </Button>
        </div>
      </div>
    );

  return (
    <div style={{ paddingBottom: 16 }}>
      <Form layout="vertical">
        <Form.Item
          label="客户代码"
          required
          description={f.accountsError && <Danger text={f.accountsError} />}
          extra={
            <Button size="mini" color="primary" fill="outline" loading={f.loadingAccounts} onClick={() => void f.loadAccounts(code)}>
              查询
            </Button>
          }
        >
          <Input placeholder="请输入客户代码" value={code} onChange={setCode} onEnterPress={() => void f.loadAccounts(code)} />
        </Form.Item>
        <Form.Item label="付款账户" required description={f.account ? `余额 ${yuanText(f.account.balance)}，可用 ${yuanText(f.account.available)}` : undefined}>
          {f.payerOptions.length ? (
            <Selector columns={1} options={f.payerOptions} value={f.fromAcctNo ? [f.fromAcctNo] : []} onChange={(v) => f.setFromAcctNo(v[0])} />
          ) : (
            <span style={{ color: 'var(--boss-color-weak)' }}>{f.cusCode ? '该客户没有可用账户' : '请先查询客户代码'}</span>
          )}
        </Form.Item>
        <Form.Item label="分账总金额（元）" required description={amountBad && <Danger text={V.amount} />}>
          <Input placeholder="请输入分账总金额" inputMode="decimal" maxLength={16} value={f.amount} onChange={f.setAmount} />
        </Form.Item>
        <Form.Item label="分账方式" required>
          <Selector columns={2} options={MODE_OPTIONS} value={[f.mode]} onChange={(v) => v[0] && f.setMode(v[0])} />
        </Form.Item>
        <Form.Item label="分账接收方" required>
          <EditableGrid columns={f.columns} value={f.rows} onChange={f.setRows} gridRef={f.gridRef} emptyText="请添加分账接收方" />
        </Form.Item>
        {f.mode === 'ratio' && (
          <Form.Item label="尾差入账账户" required description="按比例分账不足一分的尾差计入此账户">
            {f.remainderChoices.length ? (
              <Selector columns={1} options={f.remainderChoices} value={f.remainderAcctNo ? [f.remainderAcctNo] : []} onChange={(v) => f.setRemainder(v[0])} />
            ) : (
              <span style={{ color: 'var(--boss-color-weak)' }}>请先填写接收账户</span>
            )}
          </Form.Item>
        )}
        <Form.Item label="备注">
          <TextArea placeholder="请输入备注" maxLength={200} rows={2} value={f.remark} onChange={f.setRemark} />
        </Form.Item>
      </Form>
      <List header="分账预览" data-testid="split-preview">
        {p.message && <NoticeBar color="alert" content={p.message} wrap />}
        {p.lines.map((l) => (
          <List.Item key={l.key} description={l.ratioText === '—' ? undefined : `比例 ${l.ratioText}`} extra={<b>{l.amountText}</b>}>
            <span style={{ wordBreak: 'break-all' }}>{l.acctNo}</span>
            {l.remainder && (
              <Tag color="warning" fill="outline" style={{ marginLeft: 6 }}>
                含尾差
              </Tag>
            )}
          </List.Item>
        ))}
        {p.lines.length > 0 && <List.Item extra={<b data-testid="split-total">{p.totalText}</b>}>合计</List.Item>}
        {p.lines.length > 0 && p.remainderText !== null && (
          <List.Item data-testid="split-remainder">
            尾差 {p.remainderText}，{p.remainderAcctNo ? `计入 ${p.remainderAcctNo}` : '请选择尾差入账账户'}
          </List.Item>
        )}
      </List>
      <div style={{ padding: '16px 12px 0' }}>
        <Button block color="primary" size="large" loading={f.saving} onClick={() => void submit()}>
          提交审批
        </Button>
      </div>
    </div>
  );
}

const Danger = ({ text }: { text: string }) => <span style={{ color: 'var(--adm-color-danger)' }}>{text}</span>;
