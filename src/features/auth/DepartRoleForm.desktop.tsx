// 新增 / 编辑 部门角色 (desktop modal).
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { DepartRoleEditorProps } from './departRoleConfig';
import { departRoleCodeError, departRoleNameError, saveDepartRole, type DepartRoleValues } from './departRoleForm';

const rule = (check: (v?: string) => string | null) => ({
  validator: async (_: unknown, v?: string) => {
    const e = check(v);
    if (e) throw new Error(e);
  },
});

export default function DepartRoleFormDesktop({ open, record, onClose, onSaved, departId }: DepartRoleEditorProps) {
  const [form] = Form.useForm<DepartRoleValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  useEffect(() => {
    if (open) form.setFieldsValue({ roleName: record?.roleName ?? '', roleCode: record?.roleCode ?? '', description: record?.description ?? '' });
  }, [open, record, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveDepartRole(v, departId, record?.id);
      message.success(record ? '编辑成功' : '添加成功');
      onSaved();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={record ? '编辑部门角色' : '新增部门角色'} open={open} onCancel={onClose} onOk={submit} confirmLoading={saving} destroyOnHidden>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
        <Form.Item label="角色名称" name="roleName" required rules={[rule(departRoleNameError)]}>
          <Input maxLength={50} placeholder="请输入角色名称" />
        </Form.Item>
        <Form.Item label="角色编码" name="roleCode" required rules={[rule(departRoleCodeError)]}>
          <Input maxLength={50} placeholder="请输入角色编码" />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
