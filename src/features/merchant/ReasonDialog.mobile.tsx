import { Button, Form, Popup, TextArea } from 'antd-mobile';
import { useReasonConfirm, type ReasonDialogProps } from './ReasonDialog';

export default function ReasonDialogMobile({ open, onClose, onConfirm, title, description, label, requiredMessage, okText }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const { busy, error, confirm } = useReasonConfirm({ open, onConfirm, onClose }, () => form.resetFields());

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, paddingBottom: 'env(safe-area-inset-bottom)' }}
      destroyOnClose
    >
      <div style={{ padding: '16px 16px 0', fontSize: 17, fontWeight: 500, textAlign: 'center' }}>{title}</div>
      {description && <div style={{ padding: '8px 16px 0', color: '#666', fontSize: 14 }}>{description}</div>}
      {error && (
        <div role="alert" style={{ margin: '8px 16px 0', color: 'var(--adm-color-danger)', fontSize: 14 }}>
          {error}
        </div>
      )}
      <Form
        form={form}
        onFinish={(v: { reason: string }) => void confirm(v.reason)}
        footer={
          <div style={{ display: 'flex', gap: 12 }}>
            <Button block onClick={onClose}>
              取消
            </Button>
            <Button block type="submit" color="danger" loading={busy}>
              {okText}
            </Button>
          </div>
        }
      >
        <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <TextArea rows={3} maxLength={200} showCount placeholder={requiredMessage} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
