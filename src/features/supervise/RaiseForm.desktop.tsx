// The raise form on a desktop: antd Modal (FormModal) over useRaise.
import { Form, Input } from 'antd';
import type { RaiseFormValues } from '@contract/api/supervise';
import { FormModal } from '@/components/dialogs/FormModal.desktop';
import { UploadField } from '@/components/upload/UploadField';
import { useRaise, type RaiseFormProps } from './useRaise';

export default function RaiseFormDesktop(props: RaiseFormProps) {
  const [form] = Form.useForm<RaiseFormValues>();
  const r = useRaise(props);
  return (
    <FormModal title={r.title} open onClose={props.onClose} form={form} submit={r.submit} intro={<p>{r.intro}</p>}>
      <Form.Item name="amount" label="金额（元）" required rules={r.rule('amount')}>
        <Input placeholder="请输入金额" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="reason" label={props.kind === 'release' ? '交付说明' : '退款原因'} required rules={r.rule('reason')}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
      {props.kind === 'release' && (
        <Form.Item name="files" label="交付证明" required rules={r.rule('files')}>
          <UploadField max={10} bucket="supervise" />
        </Form.Item>
      )}
    </FormModal>
  );
}
