import { useEffect, useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import { MSG } from '@contract/messages';
import { DEPART_REQUIRED, submitDepart } from './departSwitch';
import type { DepartSwitchProps } from './DepartSwitchDialog';
import { failureMessage } from './formRules';

export default function DepartSwitchDialogDesktop({ open, onClose, choice }: DepartSwitchProps) {
  const [form] = Form.useForm<{ orgCode?: string }>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ orgCode: choice?.orgCode || undefined });
  }, [open, choice, form]);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.orgCode) return;
    setSaving(true);
    try {
      await submitDepart(values.orgCode);
      void message.success(MSG.done);
      onClose();
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="切换部门" open={open} width={480} okText="确定" cancelText="取消" confirmLoading={saving} onOk={onOk} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: DEPART_REQUIRED }]}>
          <Select
            placeholder={DEPART_REQUIRED}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(choice?.list ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
