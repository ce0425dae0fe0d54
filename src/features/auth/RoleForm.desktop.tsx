// 新增 / 编辑 角色 (desktop modal).
import { useEffect, useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import type { ListEditorProps } from '@/components/list/types';
import type { RoleRecord } from '@contract/api/rbac';
import { roleCodeError, roleNameError, saveRole, type RoleFormValues } from './roleForm';

export default function RoleFormDesktop({ open, record, onClose, onSaved }: ListEditorProps<RoleRecord>) {
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  useEffect(() => {
    if (open) form.setFieldsValue({ roleName: record?.roleName ?? '', roleCode: record?.roleCode ?? '', description: record?.description ?? '' });
  }, [open, record, form]);
  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveRole(values, record?.id);
      message.success(record ? '编辑成功' : '添加成功');
      onSaved();
    } catch {
      /* the request layer showed the reason */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={record ? '编辑角色' : '新增角色'} open={open} onCancel={onClose} onOk={submit} confirmLoading={saving} width={600} destroyOnHidden>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
        <Form.Item
          label="角色名称"
          name="roleName"
          required
          rules={[
            {
              validator: async (_, v) => {
                const e = roleNameError(v);
                if (e) throw new Error(e);
              },
            },
          ]}
        >
          <Input placeholder="请输入角色名称" maxLength={50} />
        </Form.Item>
        <Form.Item
          label="角色编码"
          name="roleCode"
          required
          validateDebounce={400}
          rules={
            record
              ? []
              : [
                  {
                    validator: async (_, v) => {
                      const e = await roleCodeError(v);
                      if (e) throw new Error(e);
                    },
                  },
                ]
          }
        >
          <Input placeholder="请输入角色编码" disabled={!!record} maxLength={50} />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <Input.TextArea rows={3} maxLength={200} placeholder="请输入描述" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
