// 分账规则配置 (desktop): customer, source and remainder accounts, receivers, effective time, preview.
import { Alert, App, Button, Form, Input, Modal, Radio, Select, Space, Switch } from 'antd';
import { CustomerPicker } from '@/components/customerPicker/CustomerPicker';
import { RuleTailDesktop } from '@/components/feeRule/RuleTail.desktop';
import type { SplitDialogProps } from './SplitConfig';
import { MODE_OPTIONS, SPLIT_HINT, SPLIT_TITLE, useSplitRuleForm } from './splitRuleForm';

export default function SplitRuleDialogDesktop({ open, onClose, onSaved }: SplitDialogProps) {
  const { message } = App.useApp();
  const f = useSplitRuleForm(() => {
    message.success('已提交，等待审批');
    onSaved();
  });
  const v = f.values;
  const ok = async () => {
    const problem = await f.submit();
    if (problem) message.error(problem);
  };
  return (
    <Modal open={open} title={SPLIT_TITLE} width={680} onCancel={onClose} onOk={() => void ok()} okText="提交审批" confirmLoading={f.saving} destroyOnHidden>
      <Alert type="info" showIcon message={SPLIT_HINT} style={{ marginBottom: 16 }} />
      <Form layout="horizontal" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="客户" required validateStatus={f.cus.error ? 'error' : undefined} help={f.cus.error ?? undefined}>
          <CustomerPicker value={f.cus.cusCode} onChange={(c) => void f.cus.load(c?.cusCode ?? '')} />
        </Form.Item>
        <Form.Item label="来源账户" required>
          <Select
            options={f.cus.options}
            value={v.sourceAcctNo || undefined}
            placeholder="请选择来源账户"
            onChange={(s: string) => f.patch({ sourceAcctNo: s })}
          />
        </Form.Item>
        <Form.Item label="启用分账">
          <Switch checked={v.enabled} onChange={(enabled) => f.patch({ enabled })} />
        </Form.Item>
        {v.enabled && (
          <>
            <Form.Item label="分账方式" required>
              <Radio.Group optionType="button" options={MODE_OPTIONS} value={v.mode} onChange={(e) => f.patch({ mode: e.target.value })} />
            </Form.Item>
            <Form.Item label="接收方" required>
              {v.receivers.map((r, i) => (
                <Space key={i} style={{ display: 'flex', marginBottom: 8 }}>
                  <Input
                    style={{ width: 220 }}
                    value={r.acctNo}
                    onChange={(e) => f.setReceiver(i, { acctNo: e.target.value })}
                    placeholder="接收账号"
                    aria-label={`接收方${i + 1}账号`}
                  />
                  {v.mode === 'ratio' ? (
                    <Input
                      style={{ width: 120 }}
                      suffix="%"
                      value={r.ratio}
                      onChange={(e) => f.setReceiver(i, { ratio: e.target.value })}
                      placeholder="比例"
                      aria-label={`接收方${i + 1}比例`}
                    />
                  ) : (
                    <Input
                      style={{ width: 140 }}
                      prefix="¥"
                      value={r.amount}
                      onChange={(e) => f.setReceiver(i, { amount: e.target.value })}
                      placeholder="金额"
                      aria-label={`接收方${i + 1}金额`}
                    />
                  )}
                  {v.receivers.length > 1 && (
                    <Button type="link" danger onClick={() => f.removeReceiver(i)}>
                      删除
                    </Button>
                  )}
                </Space>
              ))}
              <Button type="dashed" onClick={f.addReceiver} disabled={v.receivers.length >= 20}>
                添加接收方
              </Button>
            </Form.Item>
          </>
        )}
        <Form.Item label="余额账户" required>
          <Select
            options={f.cus.options}
            value={v.remainderAcctNo || undefined}
            placeholder="剩余资金进入的账户"
            onChange={(s: string) => f.patch({ remainderAcctNo: s })}
          />
        </Form.Item>
        <RuleTailDesktop effectiveFrom={v.effectiveFrom} remark={v.remark} preview={f.preview} patch={f.patch} />
      </Form>
    </Modal>
  );
}
