// The raise form on a phone: antd-mobile bottom sheet (FormSheet) over useRaise.
import { Form, Input, TextArea } from 'antd-mobile';
import type { RaiseFormValues } from '@contract/api/supervise';
import { FormSheet } from '@/components/dialogs/FormSheet.mobile';
import { UploadField } from '@/components/upload/UploadField';
import { useRaise, type RaiseFormProps } from './useRaise';

export default function RaiseFormMobile(props: RaiseFormProps) {
  const [form] = Form.useForm();
  const r = useRaise(props);
  return (
    <FormSheet<RaiseFormValues> title={r.title} open onClose={props.onClose} form={form} submit={r.submit} intro={r.intro}>
      <Form.Item name="amount" label="金额（元）" required rules={r.rule('amount')}>
        <Input placeholder="请输入金额" inputMode="decimal" />
      </Form.Item>
      <Form.Item name="reason" label={props.kind === 'release' ? '交付说明' : '退款原因'} required rules={r.rule('reason')}>
        <TextArea rows={3} maxLength={200} />
      </Form.Item>
      {props.kind === 'release' && (
        <Form.Item name="files" label="交付证明" required rules={r.rule('files')}>
          <UploadField max={10} bucket="supervise" />
        </Form.Item>
      )}
    </FormSheet>
  );
}
