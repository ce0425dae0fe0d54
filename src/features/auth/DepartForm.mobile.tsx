// 基本信息 of a department on a phone (antd-mobile form).
import { useEffect, useState } from 'react';
import { Button, Form, Input, Radio, Space, Stepper, TextArea, Toast } from 'antd-mobile';
import type { DepartNode } from '@contract/api/rbac';
import { ORG_CATEGORY_OPTIONS, departNameError, phoneError, type DepartFormValues } from './useDeparts';

const rule = (check: (v?: string) => string | null) => ({
  validator: async (_: unknown, v?: string) => {
    const e = check(v);
    if (e) throw new Error(e);
  },
});

export default function DepartFormMobile({
  depart,
  parent,
  canSave,
  onSave,
}: {
  depart: DepartNode | null;
  parent: DepartNode | null;
  canSave: boolean;
  onSave: (v: DepartFormValues) => Promise<unknown>;
}) {
  const [form] = Form.useForm<DepartFormValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
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
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await onSave(v);
      Toast.show({ icon: 'success', content: depart ? '编辑成功' : '添加成功' });
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form
      form={form}
      layout="horizontal"
      disabled={!canSave}
      footer={
        canSave && (
          <Button block color="primary" loading={saving} onClick={submit}>
            保存
          </Button>
        )
      }
    >
      <Form.Item label="上级部门">{parent ? parent.departName : '无（一级部门）'}</Form.Item>
      {depart && <Form.Item label="机构编码">{depart.orgCode}</Form.Item>}
      <Form.Item label="部门名称" name="departName" required rules={[rule(departNameError)]}>
        <Input placeholder="请输入部门名称" maxLength={100} clearable />
      </Form.Item>
      <Form.Item label="机构类型" name="orgCategory">
        <Radio.Group>
          <Space>
            {ORG_CATEGORY_OPTIONS.map((o) => (
              <Radio key={o.value} value={o.value}>
                {o.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item label="排序" name="sortNo">
        <Stepper min={0} max={99999} />
      </Form.Item>
      <Form.Item label="电话" name="mobile" rules={[rule(phoneError)]}>
        <Input placeholder="请输入电话" maxLength={30} clearable />
      </Form.Item>
      <Form.Item label="传真" name="fax" rules={[rule(phoneError)]}>
        <Input placeholder="请输入传真" maxLength={30} clearable />
      </Form.Item>
      <Form.Item label="地址" name="address">
        <Input placeholder="请输入地址" maxLength={200} clearable />
      </Form.Item>
      <Form.Item label="备注" name="memo">
        <TextArea placeholder="请输入备注" rows={3} maxLength={500} />
      </Form.Item>
    </Form>
  );
}
