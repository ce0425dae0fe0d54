// Phone sheets of the innet actions, the desktop dialogs' twins over the same hooks
// (useInnetActions.ts): 提交进件 (customer, provider, product and the provider's own fields, the
// provider's reasons when it was rejected) and 签约 (fee schedule, the SMS code with its 60 s
// countdown, then sign).
import { useEffect } from 'react';
import { Button, Form, Input, NoticeBar, Popup, Steps, Toast } from 'antd-mobile';
import { INNET_PROVIDERS, providerByCode } from '@contract/api/cus';
import { V } from '@contract/validation';
import { OptionPicker } from '@/components/pickers/OptionPickers';
import '@/components/modal/modal.css';
import {
  FEE_WAITING,
  SIGN_SMS_HINT,
  SIGN_STEPS,
  providerFieldProblem,
  useInnetApply,
  useInnetSign,
  type ApplyDialogProps,
  type ApplyValues,
  type Notify,
  type SignDialogProps,
} from './useInnetActions';

const toast: Notify = (kind, text) => void Toast.show({ icon: kind === 'success' ? 'success' : undefined, content: text });

function Sheet({
  open,
  title,
  onClose,
  children,
  foot,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
  foot?: React.ReactNode;
}) {
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0', maxHeight: '90vh', overflowY: 'auto' }} destroyOnClose>
      <div role="dialog" aria-label={title}>
        <div className="boss-sheet-head">
          <button type="button" className="boss-sheet-link" onClick={onClose}>
            取消
          </button>
          <strong className="boss-sheet-title">{title}</strong>
          <span />
        </div>
        {children}
        {foot && <div className="boss-sheet-foot">{foot}</div>}
      </div>
    </Popup>
  );
}

export function ApplySheet(p: ApplyDialogProps) {
  const [form] = Form.useForm<ApplyValues>();
  const a = useInnetApply(p, toast);
  const provider = (Form.useWatch('provider', form) as string | undefined) ?? p.innet?.provider ?? p.provider;
  const info = providerByCode(provider);
  useEffect(() => {
    if (p.open) form.setFieldsValue({ cusCode: p.innet?.cusCode ?? p.cusCode, provider: p.innet?.provider ?? p.provider, fields: p.innet?.fields ?? {} });
  }, [p.open, p.innet, p.cusCode, p.provider, form]);
  const customerOptions = p.innet
    ? [{ value: p.innet.cusCode, label: p.innet.cusName }]
    : a.customers.map((c) => ({ value: c.cusCode, label: `${c.cusName}（${c.cusCode}）` }));
  return (
    <Sheet
      open={p.open}
      title={a.title}
      onClose={p.onClose}
      foot={
        <Button block color="primary" loading={a.busy} onClick={() => void form.validateFields().then(a.submit, () => undefined)}>
          提交
        </Button>
      }
    >
      {a.rejectText && <NoticeBar color="alert" wrap content={a.rejectText} />}
      <Form form={form} layout="vertical">
        <Form.Item name="cusCode" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <OptionPicker label="客户" placeholder="请选择审核通过的客户" disabled={!!p.innet} options={customerOptions} />
        </Form.Item>
        <Form.Item name="provider" label="支付机构" rules={[{ required: true, message: '请选择支付机构' }]}>
          <OptionPicker label="支付机构" disabled={!!p.innet} options={INNET_PROVIDERS.map((x) => ({ value: x.code, label: x.name }))} />
        </Form.Item>
        {!p.innet && (
          <Form.Item name="product" label="产品">
            <OptionPicker label="产品" placeholder="默认第一个产品" options={info?.products.map((x) => ({ value: x.code, label: x.name })) ?? []} />
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
                validator: (_r, v: string | undefined) => {
                  const problem = providerFieldProblem(provider, f.key, v);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            {f.options ? (
              <OptionPicker label={f.label} options={f.options.map((o) => ({ value: o.value, label: o.text }))} />
            ) : (
              <Input placeholder={f.message} clearable />
            )}
          </Form.Item>
        ))}
      </Form>
    </Sheet>
  );
}

export function SignSheet({ innet, onClose, onDone }: SignDialogProps) {
  const s = useInnetSign(innet, toast);
  const title = innet ? `签约：${innet.providerName}` : '签约';
  const foot =
    s.step === 2 ? (
      <Button
        block
        color="primary"
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
    ) : s.step === 1 ? (
      <Button block color="primary" loading={s.busy} onClick={() => void s.confirmCode()}>
        确认
      </Button>
    ) : s.feeEditable && s.fees ? (
      <Button block color="primary" loading={s.busy} onClick={() => void s.saveRate()}>
        保存费率
      </Button>
    ) : undefined;
  return (
    <Sheet open={!!innet} title={title} onClose={onClose} foot={foot}>
      <div style={{ padding: '12px 16px 0', color: '#666' }}>{innet?.cusName}</div>
      <Steps current={s.step} style={{ '--title-font-size': '14px' } as React.CSSProperties}>
        {SIGN_STEPS.map((t) => (
          <Steps.Step key={t} title={t} />
        ))}
      </Steps>
      {s.step === 0 && s.fees && !s.feeEditable && <NoticeBar color="info" wrap content={FEE_WAITING} />}
      {s.step === 0 && s.fees && s.feeEditable && (
        <Form layout="horizontal">
          <Form.Item label={`${s.products[0]?.name ?? ''}费率（%）`}>
            <Input aria-label="费率" value={s.rate} inputMode="decimal" onChange={s.setRate} />
          </Form.Item>
        </Form>
      )}
      {s.step === 1 && (
        <Form layout="horizontal" footer={<div style={{ color: '#999', fontSize: 13 }}>{SIGN_SMS_HINT}</div>}>
          <Form.Item
            label="验证码"
            extra={
              <Button size="small" color="primary" fill="none" disabled={s.sms.disabled} loading={s.sms.sending} onClick={() => void s.sendCode()}>
                {s.sms.label}
              </Button>
            }
          >
            <Input aria-label="短信验证码" placeholder={V.smsCaptchaRequired} value={s.code} maxLength={6} inputMode="numeric" onChange={s.setCode} />
          </Form.Item>
        </Form>
      )}
      {s.step === 2 && <p style={{ padding: '0 16px' }}>法定代表人已通过短信验证，确认后生成合同并申请开通。</p>}
    </Sheet>
  );
}
