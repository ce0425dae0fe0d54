// 基本信息 of a department (desktop form): edit the selected one or add one under a parent.
import { useEffect, useState } from 'react';
import { App, Button, Form, Input, InputNumber, Radio, Space } from 'antd';
import type { DepartNode } from '@contract/api/rbac';
import { ORG_CATEGORY_OPTIONS, departNameError, phoneError, type DepartFormValues } from './useDeparts';

const rule = (check: (v?: string) => string | null) => ({
  validator: async (_: unknown, v?: string) => {
    const e = check(v);
    if (e) throw new Error(e);
  },
});

export interface DepartFormProps {
  /** The department edited, or null when adding. */
  depart: DepartNode | null;
  parent: DepartNode | null;
  canSave: boolean;
  onSave: (v: DepartFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

export default function DepartFormDesktop({ depart, parent, canSave, onSave, onCancel }: DepartFormProps) {
  const [form] = Form.useForm<DepartFormValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(
      depart
        ? {
            departName: depart.departName,
            orgCategory: depart.orgCategory,
            sortNo: depart.sortNo,
            mobile: depart.mobile ?? '',
            fax: depart.fax ?? '',
            address: depart.address ?? '',
            memo: depart.memo ?? '',
          }
        : { departName: '', orgCategory: parent ? '2' : '1', sortNo: 0 },
    );
  }, [depart, parent, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await onSave(v);
      message.success(depart ? '编辑成功' : '添加成功');
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} disabled={!canSave} style={{ maxWidth: 720 }}>
      <Form.Item label="上级部门">
        <Input value={parent ? parent.departName : '无（一级部门）'} disabled />
      </Form.Item>
      {depart && (
        <Form.Item label="机构编码">
          <Input value={depart.orgCode} disabled />
        </Form.Item>
      )}
      <Form.Item label="部门名称" name="departName" required rules={[rule(departNameError)]}>
        <Input placeholder="请输入部门名称" maxLength={100} />
      </Form.Item>
      <Form.Item label="机构类型" name="orgCategory">
        <Radio.Group options={ORG_CATEGORY_OPTIONS.map((o) => ({ ...o }))} />
      </Form.Item>
      <Form.Item label="排序" name="sortNo">
        <InputNumber min={0} max={99999} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item label="电话" name="mobile" rules={[rule(phoneError)]}>
        <Input placeholder="请输入电话" maxLength={30} />
      </Form.Item>
      <Form.Item label="传真" name="fax" rules={[rule(phoneError)]}>
        <Input placeholder="请输入传真" maxLength={30} />
      </Form.Item>
      <Form.Item label="地址" name="address">
        <Input placeholder="请输入地址" maxLength={200} />
      </Form.Item>
      <Form.Item label="备注" name="memo">
        <Input.TextArea rows={3} maxLength={500} placeholder="请输入备注" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5 }}>
        <Space>
          <Button type="primary" loading={saving} onClick={submit}>
            保存
          </Button>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
        </Space>
      </Form.Item>
    </Form>
  );
}
