// 分账规则配置 (phone): the same values and rules as the desktop dialog, in a full-screen popup.
import { Button, Form, Input, NavBar, NoticeBar, Popup, Selector, Switch, Toast } from 'antd-mobile';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { RuleTailMobile } from '@/components/feeRule/RuleTail.mobile';
import type { SplitDialogProps } from './SplitConfig';
import { MODE_OPTIONS, SPLIT_HINT, SPLIT_TITLE, useSplitRuleForm } from './splitRuleForm';

export default function SplitRuleDialogMobile({ open, onClose, onSaved }: SplitDialogProps) {
  const f = useSplitRuleForm(() => {
    Toast.show({ content: '已提交，等待审批' });
    onSaved();
  });
  const v = f.values;
  const ok = async () => {
    const problem = await f.submit();
    if (problem) Toast.show({ content: problem });
  };
  const accounts = f.cus.options.map((o) => ({ value: o.value, label: o.label }));
  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose}>{SPLIT_TITLE}</NavBar>
      <NoticeBar content={SPLIT_HINT} wrap color="info" />
      <Form
        layout="vertical"
        footer={
          <Button block color="primary" size="large" loading={f.saving} onClick={() => void ok()}>
            提交审批
          </Button>
        }
      >
        <Form.Item label="客户" required>
          <CustomerPicker value={f.cus.cusCode} onChange={(c) => void f.cus.load(c?.cusCode ?? '')} />
        </Form.Item>
        <Form.Item label="来源账户" required>
          {accounts.length ? (
            <Selector
              columns={1}
              options={accounts}
              value={v.sourceAcctNo ? [v.sourceAcctNo] : []}
              onChange={(x) => x.length && f.patch({ sourceAcctNo: x[0] })}
            />
          ) : (
            <span style={{ color: 'var(--boss-color-weak)' }}>请先选择客户</span>
          )}
        </Form.Item>
        <Form.Item label="启用分账" childElementPosition="right">
          <Switch checked={v.enabled} onChange={(enabled) => f.patch({ enabled })} aria-label="启用分账" />
        </Form.Item>
        {v.enabled && (
          <Form.Item label="分账方式" required>
            <Selector options={MODE_OPTIONS} value={[v.mode]} onChange={(x) => x.length && f.patch({ mode: x[0] as 'ratio' | 'fixed' })} />
          </Form.Item>
        )}
        {v.enabled &&
          v.receivers.map((r, i) => (
            <Form.Item
              key={i}
              label={`接收方${i + 1}`}
              extra={
                v.receivers.length > 1 ? (
                  <Button size="mini" fill="none" color="danger" onClick={() => f.removeReceiver(i)}>
                    删除
                  </Button>
                ) : undefined
              }
            >
              <Input value={r.acctNo} onChange={(acctNo) => f.setReceiver(i, { acctNo })} placeholder="接收账号" aria-label={`接收方${i + 1}账号`} />
              {v.mode === 'ratio' ? (
                <Input value={r.ratio} onChange={(ratio) => f.setReceiver(i, { ratio })} placeholder="比例（%）" aria-label={`接收方${i + 1}比例`} />
              ) : (
                <Input value={r.amount} onChange={(amount) => f.setReceiver(i, { amount })} placeholder="金额（元）" aria-label={`接收方${i + 1}金额`} />
              )}
            </Form.Item>
          ))}
        {v.enabled && (
          <Form.Item>
            <Button block fill="outline" onClick={f.addReceiver} disabled={v.receivers.length >= 20}>
              添加接收方
            </Button>
          </Form.Item>
        )}
        <Form.Item label="余额账户" required>
          {accounts.length ? (
            <Selector
              columns={1}
              options={accounts}
              value={v.remainderAcctNo ? [v.remainderAcctNo] : []}
              onChange={(x) => x.length && f.patch({ remainderAcctNo: x[0] })}
            />
          ) : (
            <span style={{ color: 'var(--boss-color-weak)' }}>请先选择客户</span>
          )}
        </Form.Item>
        <RuleTailMobile effectiveFrom={v.effectiveFrom} remark={v.remark} preview={f.preview} patch={f.patch} />
      </Form>
    </Popup>
  );
}
