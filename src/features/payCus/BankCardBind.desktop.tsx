// Desktop 绑定银行卡: a Modal with customer code, card number (the §5 bank-card rule), holder and bank.
import { App, Form, Input, Modal } from 'antd';
import { BIND_FIELDS, bindRule, useBankCardBind, type BindProps, type BindValues } from './bankCardForm';

export default function BankCardBindDesktop({ cusCode, fixedCusCode, onClose, onSaved }: BindProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<BindValues>();
  const bind = useBankCardBind({ success: (m) => void message.success(m), warning: (m) => void message.warning(m) }, onSaved);
  return (
    <Modal
      open
      title="绑定银行卡"
      width={520}
      okText="绑定"
      cancelText="取消"
      confirmLoading={bind.busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        initialValues={{ cusCode }}
        onFinish={(v) => void bind.submit(v)}
        autoComplete="off"
        style={{ marginTop: 16 }}
      >
        {BIND_FIELDS.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} rules={[bindRule(f.name)]} required={f.required}>
            <Input
              placeholder={f.placeholder}
              maxLength={f.maxLength}
              inputMode={f.numeric ? 'numeric' : undefined}
              disabled={f.name === 'cusCode' && fixedCusCode}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
