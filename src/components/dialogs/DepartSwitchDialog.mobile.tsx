import { useEffect } from 'react';
import { Form, Radio, Space } from 'antd-mobile';
import { DEPART_REQUIRED, submitDepart } from './departSwitch';
import type { DepartSwitchProps } from './DepartSwitchDialog';
import { FormSheet } from './FormSheet.mobile';

export default function DepartSwitchDialogMobile({ open, onClose, choice }: DepartSwitchProps) {
  const [form] = Form.useForm<{ orgCode?: string }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ orgCode: choice?.orgCode || undefined });
  }, [open, choice, form]);

  return (
    <FormSheet title="切换部门" open={open} onClose={onClose} form={form} submit={submitDepart} forceRender>
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
    </FormSheet>
  );
}
