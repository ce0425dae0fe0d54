import { Alert, Form, Input, Modal } from 'antd';
import { useReasonConfirm, type ReasonDialogProps } from './ReasonDialog';

export default function ReasonDialogDesktop({ open, onClose, onConfirm, title, description, label, requiredMessage, okText }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, error, confirm } = useReasonConfirm({ open, onConfirm, onClose }, () => form.resetFields());
  const onOk = async () => {
    const { reason } = await form.validateFields();
    await confirm(reason);
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {description && <div style={{ marginBottom: 12 }}>{description}</div>}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: requiredMessage },
            { max: 200, message: `${label}最多200个字符` },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={requiredMessage} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
