// 新增 / 编辑 部门角色 (phone sheet).
import { useEffect, useState } from 'react';
import { Button, Form, Input, NavBar, Popup, TextArea, Toast } from 'antd-mobile';
import type { DepartRoleEditorProps } from './departRoleConfig';
import { departRoleCodeError, departRoleNameError, saveDepartRole, type DepartRoleValues } from './departRoleForm';

const rule = (check: (v?: string) => string | null) => ({
  validator: async (_: unknown, v?: string) => {
    const e = check(v);
    if (e) throw new Error(e);
  },
});

export default function DepartRoleFormMobile({ open, record, onClose, onSaved, departId }: DepartRoleEditorProps) {
  const [form] = Form.useForm<DepartRoleValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ roleName: record?.roleName ?? '', roleCode: record?.roleCode ?? '', description: record?.description ?? '' });
  }, [open, record, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await saveDepartRole(v, departId, record?.id);
      Toast.show({ icon: 'success', content: record ? '编辑成功' : '添加成功' });
      onSaved();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup visible={open} onMaskClick={onClose} position="right" bodyStyle={{ width: '100vw', height: '100%' }} destroyOnClose>
      <NavBar onBack={onClose}>{record ? '编辑部门角色' : '新增部门角色'}</NavBar>
      <Form
        form={form}
        layout="horizontal"
        footer={
          <Button block color="primary" loading={saving} onClick={submit}>
            保存
          </Button>
        }
      >
        <Form.Item label="角色名称" name="roleName" required rules={[rule(departRoleNameError)]}>
          <Input maxLength={50} clearable placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item label="角色编码" name="roleCode" required rules={[rule(departRoleCodeError)]}>
          <Input maxLength={50} clearable placeholder="请输入角色编码" />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
