// 新增 / 编辑 角色 (phone sheet).
import { useEffect, useState } from 'react';
import { Button, Form, Input, NavBar, Popup, TextArea, Toast } from 'antd-mobile';
import type { ListEditorProps } from '@/components/list/types';
import type { RoleRecord } from '@contract/api/rbac';
import { roleCodeError, roleNameError, saveRole, type RoleFormValues } from './roleForm';

export default function RoleFormMobile({ open, record, onClose, onSaved }: ListEditorProps<RoleRecord>) {
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ roleName: record?.roleName ?? '', roleCode: record?.roleCode ?? '', description: record?.description ?? '' });
  }, [open, record, form]);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await saveRole(values, record?.id);
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
      <NavBar onBack={onClose}>{record ? '编辑角色' : '新增角色'}</NavBar>
      <Form
        form={form}
        layout="horizontal"
        footer={
          <Button block color="primary" loading={saving} onClick={submit}>
            保存
          </Button>
        }
      >
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
          <Input placeholder="请输入角色名称" maxLength={50} clearable />
        </Form.Item>
        <Form.Item
          label="角色编码"
          name="roleCode"
          required
          disabled={!!record}
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
          <Input placeholder="请输入角色编码" maxLength={50} clearable />
        </Form.Item>
        <Form.Item label="描述" name="description">
          <TextArea placeholder="请输入描述" maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
