import { Form, Input, Modal } from 'antd';
import { usePromptSubmit, type PromptDialogProps } from './PromptDialog';

export default function PromptDialogDesktop(props: PromptDialogProps) {
  const [form] = Form.useForm<{ value: string }>();
  const { busy, ok } = usePromptSubmit(form, props);
  return (
    <Modal open title={props.title} okText="确定" cancelText="取消" confirmLoading={busy} onOk={ok} onCancel={props.onCancel} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ value: props.defaultValue ?? '' }} onFinish={ok}>
        <Form.Item name="value" label={props.label} rules={props.rules}>
          <Input placeholder={props.placeholder} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
