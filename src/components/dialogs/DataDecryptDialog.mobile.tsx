import { Form, Input } from 'antd-mobile';
import { maskMobile } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.mobile';
import { session } from '@/stores/session';
import type { DialogProps } from './DialogSwitch';
import { FormSheet } from './FormSheet.mobile';
import { schemaRule } from './formRules';
import { DECRYPT_INTRO, decryptOutcome, decryptSchema, sendDecryptSms, type DecryptValues } from './PayPasswordCalls';

export default function DataDecryptDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<DecryptValues>();
  return (
    <FormSheet title="数据解密" open={open} onClose={onClose} form={form} submit={decryptOutcome} intro={DECRYPT_INTRO}>
      <Form.Item label="手机号">{maskMobile(session.userInfo?.mobile) ?? '—'}</Form.Item>
      <Form.Item name="captcha" label="短信验证码" rules={[schemaRule(decryptSchema, 'captcha')]} extra={<SmsCodeButton send={sendDecryptSms} />}>
        <Input placeholder="请输入短信验证码" maxLength={8} />
      </Form.Item>
    </FormSheet>
  );
}
