import { useState } from 'react';
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import { maskMobile } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.mobile';
import { session } from '@/stores/session';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { decryptSchema, sendDecryptSms, submitDecrypt, type DecryptValues } from './PayPasswordCalls';

export default function DataDecryptDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<DecryptValues>();
  const [saving, setSaving] = useState(false);
  const onFinish = async (values: DecryptValues) => {
    setSaving(true);
    try {
      const outcome = await submitDecrypt(values);
      Toast.show({ icon: outcome.kind === 'done' ? 'success' : undefined, content: outcome.text });
      form.resetFields();
      onClose();
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup visible={open} onMaskClick={onClose} position="bottom" bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>数据解密</div>
      <div style={{ padding: '4px 16px', color: '#666', fontSize: 13 }}>解密后手机号、银行卡号等脱敏信息将完整显示，解密状态有效期1小时。</div>
      <Form form={form} onFinish={(v) => void onFinish(v)} footer={<Button block type="submit" color="primary" size="large" loading={saving}>确定</Button>}>
        <Form.Item label="手机号">{maskMobile(session.userInfo?.mobile) ?? '—'}</Form.Item>
        <Form.Item name="captcha" label="短信验证码" rules={[schemaRule(decryptSchema, 'captcha')]} extra={<SmsCodeButton send={sendDecryptSms} />}>
          <Input placeholder="请输入短信验证码" maxLength={8} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
