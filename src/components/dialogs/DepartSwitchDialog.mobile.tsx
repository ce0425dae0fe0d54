import { useEffect, useState } from 'react';
import { Button, Form, Popup, Radio, Space, Toast } from 'antd-mobile';
import { MSG } from '@contract/messages';
import { DEPART_REQUIRED, submitDepart } from './departSwitch';
import type { DepartSwitchProps } from './DepartSwitchDialog';
import { failureMessage } from './formRules';

export default function DepartSwitchDialogMobile({ open, onClose, choice }: DepartSwitchProps) {
  const [form] = Form.useForm<{ orgCode?: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ orgCode: choice?.orgCode || undefined });
  }, [open, choice, form]);

  const onFinish = async ({ orgCode }: { orgCode?: string }) => {
    if (!orgCode) return;
    setSaving(true);
    try {
      await submitDepart(orgCode);
      Toast.show({ icon: 'success', content: MSG.done });
      onClose();
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} position="bottom" bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', overflowY: 'auto' }} forceRender>
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>切换部门</div>
      <Form
        form={form}
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            确定
          </Button>
        }
      >
        <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: DEPART_REQUIRED }]}>
          <Radio.Group>
            <Space direction="vertical">
              {(choice?.list ?? []).map((d) => (
                <Radio key={d.orgCode} value={d.orgCode}>
                  {d.departName}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Popup>
  );
}
