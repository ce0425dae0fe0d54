import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { PAY_MSG } from '@contract/api/pay';
import { encodeForWire } from '@/api/keys';
import type { PaymentPasswordPromptProps } from './PaymentPasswordPrompt';
import { failureMessage } from './formRules';

export default function PaymentPasswordPromptDesktop({ open, onClose, onConfirm, title, description }: PaymentPasswordPromptProps) {
  const [form] = Form.useForm<{ payPwd: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(encodeForWire(values.payPwd));
      form.resetFields();
      onClose();
    } catch (err) {
      setError(failureMessage(err));
      form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={title ?? PAY_MSG.payPwdRequired}
      open={open}
      width={440}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void onOk()}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
    >
      {description && <div style={{ margin: '12px 0 16px', color: 'rgba(0,0,0,.65)' }}>{description}</div>}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" autoComplete="off" onFinish={() => void onOk()}>
        <Form.Item name="payPwd" label="支付密码" rules={[{ required: true, message: PAY_MSG.payPwdRequired }]}>
          <Input.Password placeholder={PAY_MSG.payPwdRequired} autoComplete="off" autoFocus maxLength={20} onPressEnter={() => void onOk()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
