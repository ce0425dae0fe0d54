// Desktop dialogs of the innet board: 提交进件 (customer, provider, product, the provider's fields)
// and 签约 (fee schedule, SMS code with the 60 s countdown, then sign).
import { useEffect, useState } from 'react';
import { App, Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Steps } from 'antd';
import { FEE_RATE_RX, INNET_PROVIDERS, providerByCode, type InnetView } from '@contract/api/cus';
import { V } from '@contract/validation';
import { failureMessage } from '@/components/dialogs/formRules';
import { submitApplication, providerFieldProblem, useApprovedCustomers, useInnetSign } from './useInnetActions';

export interface ApplyDialogProps {
  open: boolean;
  /** A draft or rejected application to submit again; absent: a new one. */
  innet?: InnetView | null;
  provider: string;
  cusCode?: string;
  onClose: () => void;
  onDone: () => void;
}

export function ApplyDialog(p: ApplyDialogProps) {
  const [form] = Form.useForm<{ cusCode: string; provider: string; product?: string; fields: Record<string, string> }>();
  const { message } = App.useApp();
  const customers = useApprovedCustomers(p.open && !p.innet);
  const provider = (Form.useWatch('provider', form) as string | undefined) ?? p.innet?.provider ?? p.provider;
  const info = providerByCode(provider);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (p.open) form.setFieldsValue({ cusCode: p.innet?.cusCode ?? p.cusCode, provider: p.innet?.provider ?? p.provider, fields: p.innet?.fields ?? {} });
  }, [p.open, p.innet, p.cusCode, p.provider, form]);
  const ok = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await submitApplication({ innet: p.innet ?? undefined, cusCode: v.cusCode, provider: v.provider, product: v.product, fields: v.fields ?? {} });
      message.success('提交成功');
      p.onDone();
      p.onClose();
    } catch (err) {
      message.error(failureMessage(err, '提交失败'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={p.open}
      title={p.innet ? '重新提交进件' : '提交进件'}
      okText="提交"
      confirmLoading={busy}
      onOk={() => void ok()}
      onCancel={p.onClose}
      destroyOnHidden
    >
      {p.innet?.rejectReasons.length ? (
        <Alert type="warning" showIcon message={p.innet.rejectReasons.map((r) => `${r.label}：${r.reason}`).join('；')} style={{ marginBottom: 12 }} />
      ) : null}
      <Form form={form} layout="vertical">
        <Form.Item name="cusCode" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <Select
            aria-label="客户"
            disabled={!!p.innet}
            showSearch
            optionFilterProp="label"
            placeholder="请选择审核通过的客户"
            options={
              p.innet
                ? [{ value: p.innet.cusCode, label: p.innet.cusName }]
                : customers.map((c) => ({ value: c.cusCode, label: `${c.cusName}（${c.cusCode}）` }))
            }
          />
        </Form.Item>
        <Form.Item name="provider" label="支付机构" rules={[{ required: true, message: '请选择支付机构' }]}>
          <Select aria-label="支付机构" disabled={!!p.innet} options={INNET_PROVIDERS.map((x) => ({ value: x.code, label: x.name }))} />
        </Form.Item>
        {!p.innet && (
          <Form.Item name="product" label="产品">
            <Select aria-label="产品" allowClear placeholder="默认第一个产品" options={info?.products.map((x) => ({ value: x.code, label: x.name }))} />
          </Form.Item>
        )}
        {info?.fields.map((f) => (
          <Form.Item
            key={`${provider}-${f.key}`}
            name={['fields', f.key]}
            label={f.label}
            required
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  providerFieldProblem(provider, f.key, v) ? Promise.reject(new Error(providerFieldProblem(provider, f.key, v)!)) : Promise.resolve(),
              },
            ]}
          >
            {f.options ? (
              <Select aria-label={f.label} options={f.options.map((o) => ({ value: o.value, label: o.text }))} />
            ) : (
              <Input placeholder={f.message} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

export function SignDialog({ innet, onClose, onDone }: { innet: InnetView | null; onClose: () => void; onDone: () => void }) {
  const s = useInnetSign(innet);
  const { message } = App.useApp();
  const [rate, setRate] = useState<string>('0.38');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await fn();
      message.success(ok);
      return true;
    } catch (err) {
      message.error(failureMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const step = !s.hasFee ? 0 : !s.smsConfirmed ? 1 : 2;
  return (
    <Modal open={!!innet} title={innet ? `签约：${innet.cusName} · ${innet.providerName}` : ''} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <Steps size="small" current={step} items={[{ title: '配置费率' }, { title: '短信验证' }, { title: '签约' }]} style={{ marginBottom: 16 }} />
      {step === 0 && s.fees && (
        <Space>
          <span>{s.products[0]?.name ?? ''}费率（%）</span>
          <InputNumber aria-label="费率" value={rate} stringMode min="0" max="100" step="0.01" onChange={(v) => setRate(String(v ?? ''))} />
          <Button
            type="primary"
            loading={busy}
            onClick={() => {
              if (!FEE_RATE_RX.test(rate)) return void message.error('费率为0到100之间、最多2位小数的百分比');
              void run(() => s.saveFee(s.products.map((p) => ({ product: p.code, rate, minFee: '', maxFee: '' }))), '保存成功');
            }}
          >
            保存费率
          </Button>
        </Space>
      )}
      {step === 1 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>验证码将发送到法定代表人手机</span>
          <Space>
            <Input
              aria-label="短信验证码"
              placeholder={V.smsCaptchaRequired}
              value={code}
              maxLength={6}
              onChange={(e) => setCode(e.target.value.trim())}
              style={{ width: 180 }}
            />
            <Button
              disabled={s.sms.disabled}
              loading={s.sms.sending}
              onClick={async () => {
                const n = await s.sms.trigger();
                if (n?.kind === 'success') message.success(n.text);
                else if (n) message.error(n.text);
              }}
            >
              {s.sms.label}
            </Button>
            <Button
              type="primary"
              loading={busy}
              onClick={() => (code ? void run(() => s.confirmCode(code), '验证成功') : void message.error(V.smsCaptchaRequired))}
            >
              确认
            </Button>
          </Space>
        </Space>
      )}
      {step === 2 && (
        <Button
          type="primary"
          loading={busy}
          onClick={async () => {
            if (await run(() => s.sign(), '签约成功')) {
              onDone();
              onClose();
            }
          }}
        >
          确认签约
        </Button>
      )}
    </Modal>
  );
}
