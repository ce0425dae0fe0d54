// Desktop dialogs of the innet board: 提交进件 (customer, provider, product, the provider's fields)
// and 签约 (fee schedule, SMS code with the 60 s countdown, then sign).
import { useEffect } from 'react';
import { App, Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Steps } from 'antd';
import { INNET_PROVIDERS, providerByCode } from '@contract/api/cus';
import { V } from '@contract/validation';
import {
  FEE_WAITING,
  SIGN_SMS_HINT,
  SIGN_STEPS,
  providerFieldProblem,
  useInnetApply,
  useInnetSign,
  type ApplyDialogProps,
  type ApplyValues,
  type SignDialogProps,
} from './useInnetActions';

export function ApplyDialog(p: ApplyDialogProps) {
  const [form] = Form.useForm<ApplyValues>();
  const { message } = App.useApp();
  const a = useInnetApply(p, (kind, text) => void message[kind](text));
  const customers = a.customers;
  const provider = (Form.useWatch('provider', form) as string | undefined) ?? p.innet?.provider ?? p.provider;
  const info = providerByCode(provider);
  useEffect(() => {
    if (p.open) form.setFieldsValue({ cusCode: p.innet?.cusCode ?? p.cusCode, provider: p.innet?.provider ?? p.provider, fields: p.innet?.fields ?? {} });
  }, [p.open, p.innet, p.cusCode, p.provider, form]);
  const ok = async () => a.submit(await form.validateFields());
  return (
    <Modal open={p.open} title={a.title} okText="提交" confirmLoading={a.busy} onOk={() => void ok()} onCancel={p.onClose} destroyOnHidden>
      {a.rejectText ? <Alert type="warning" showIcon message={a.rejectText} style={{ marginBottom: 12 }} /> : null}
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

export function SignDialog({ innet, onClose, onDone }: SignDialogProps) {
  const { message } = App.useApp();
  const s = useInnetSign(innet, (kind, text) => void message[kind](text));
  return (
    <Modal open={!!innet} title={innet ? `签约：${innet.cusName} · ${innet.providerName}` : ''} footer={null} onCancel={onClose} destroyOnHidden width={560}>
      <Steps size="small" current={s.step} items={SIGN_STEPS.map((title) => ({ title }))} style={{ marginBottom: 16 }} />
      {s.step === 0 && s.fees && !s.feeEditable && <Alert type="info" showIcon message={FEE_WAITING} />}
      {s.step === 0 && s.fees && s.feeEditable && (
        <Space>
          <span>{s.products[0]?.name ?? ''}费率（%）</span>
          <InputNumber aria-label="费率" value={s.rate} stringMode min="0" max="100" step="0.01" onChange={(v) => s.setRate(String(v ?? ''))} />
          <Button type="primary" loading={s.busy} onClick={() => void s.saveRate()}>
            保存费率
          </Button>
        </Space>
      )}
      {s.step === 1 && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>{SIGN_SMS_HINT}</span>
          <Space>
            <Input
              aria-label="短信验证码"
              placeholder={V.smsCaptchaRequired}
              value={s.code}
              maxLength={6}
              onChange={(e) => s.setCode(e.target.value)}
              style={{ width: 180 }}
            />
            <Button disabled={s.sms.disabled} loading={s.sms.sending} onClick={() => void s.sendCode()}>
              {s.sms.label}
            </Button>
            <Button type="primary" loading={s.busy} onClick={() => void s.confirmCode()}>
              确认
            </Button>
          </Space>
        </Space>
      )}
      {s.step === 2 && (
        <Button
          type="primary"
          loading={s.busy}
          onClick={async () => {
            if (await s.sign()) {
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
