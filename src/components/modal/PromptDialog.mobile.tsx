import { Button, Form, Input, Popup } from 'antd-mobile';
import { usePromptSubmit, type PromptDialogProps } from './PromptDialog';
import './modal.css';

export default function PromptDialogMobile(props: PromptDialogProps) {
  const [form] = Form.useForm();
  const { busy, ok } = usePromptSubmit(form, props);
  return (
    <Popup visible onMaskClick={props.onCancel} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div role="dialog" aria-label={props.title}>
        <div className="boss-sheet-head">
          <button type="button" className="boss-sheet-link" onClick={props.onCancel}>
            取消
          </button>
          <strong className="boss-sheet-title">{props.title}</strong>
          <span />
        </div>
        <Form form={form} layout="vertical" initialValues={{ value: props.defaultValue ?? '' }}>
          <Form.Item name="value" label={props.label} rules={props.rules as never}>
            <Input placeholder={props.placeholder} clearable />
          </Form.Item>
        </Form>
        <div className="boss-sheet-foot">
          <Button block color="primary" loading={busy} onClick={ok}>
            确定
          </Button>
        </div>
      </div>
    </Popup>
  );
}
