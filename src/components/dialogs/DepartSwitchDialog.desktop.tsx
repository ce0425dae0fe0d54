import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { DEPART_REQUIRED, submitDepart } from './departSwitch';
import type { DepartSwitchProps } from './DepartSwitchDialog';
import { FormModal } from './FormModal.desktop';

export default function DepartSwitchDialogDesktop({ open, onClose, choice }: DepartSwitchProps) {
  const [form] = Form.useForm<{ orgCode?: string }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ orgCode: choice?.orgCode || undefined });
  }, [open, choice, form]);

  return (
    <FormModal title="切换部门" open={open} onClose={onClose} form={form} submit={submitDepart} width={480} layout="vertical" forceRender>
      <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: DEPART_REQUIRED }]}>
        <Select
          placeholder={DEPART_REQUIRED}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={(choice?.list ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))}
        />
      </Form.Item>
    </FormModal>
  );
}
