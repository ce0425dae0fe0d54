// 新增 / 编辑 菜单或按钮 on a phone: the parent is the level it was opened from.
import { useEffect, useState } from 'react';
import { Button, Form, Input, Picker, Radio, Space, Stepper, Switch, Toast } from 'antd-mobile';
import { PAGE_KEYS } from '@contract/pages';
import type { PermissionRecord } from '@contract/api/rbac';
import { formValuesOf, savePermission, TYPE_TEXT, type PermissionFormValues } from './permissionForm';

const PAGE_COLUMNS = [PAGE_KEYS.map((k) => ({ value: k, label: k }))];

export default function PermissionFormMobile({ record, parentId, onSaved }: { record: PermissionRecord | null; parentId: string | null; onSaved: () => void }) {
  const [form] = Form.useForm<PermissionFormValues>();
  const [saving, setSaving] = useState(false);
  const [type, setType] = useState<PermissionFormValues['type']>('1');
  useEffect(() => {
    const v = formValuesOf(record, parentId);
    form.setFieldsValue(v);
    setType(v.type);
  }, [record, parentId, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      await savePermission({ ...formValuesOf(record, parentId), ...v, parentId: record ? record.parentId : parentId }, record?.id);
      Toast.show({ icon: 'success', content: record ? '编辑成功' : '添加成功' });
      onSaved();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  const button = type === '2';
  return (
    <Form
      form={form}
      layout="horizontal"
      footer={
        <Button block color="primary" loading={saving} onClick={submit}>
          保存
        </Button>
      }
    >
      <Form.Item label="菜单类型" name="type">
        <Radio.Group onChange={(v) => setType(v as PermissionFormValues['type'])}>
          <Space>
            {(['0', '1', '2'] as const).map((t) => (
              <Radio key={t} value={t}>
                {TYPE_TEXT[t]}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item label="名称" name="name" rules={[{ required: true, whitespace: true, message: '请输入名称!' }]}>
        <Input placeholder="请输入名称" clearable />
      </Form.Item>
      {!button && (
        <>
          <Form.Item label="菜单路径" name="path" rules={[{ required: true, pattern: /^\//, message: '菜单路径不能为空，且须以 / 开头' }]}>
            <Input placeholder="/system/xxx" clearable />
          </Form.Item>
          <Form.Item
            label="前端组件"
            name="component"
            trigger="onConfirm"
            getValueProps={(v: string | undefined) => ({ value: v ? [v] : [] })}
            normalize={(v: (string | null)[] | undefined) => v?.[0] ?? undefined}
            onClick={(_, ref) => ref.current?.open()}
            rules={[{ required: true, message: '菜单组件必须是系统已注册的页面' }]}
          >
            <Picker columns={PAGE_COLUMNS}>{(items) => items[0]?.label ?? <span style={{ color: '#ccc' }}>请选择已注册的页面</span>}</Picker>
          </Form.Item>
          <Form.Item label="菜单图标" name="icon">
            <Input placeholder="如 setting" clearable />
          </Form.Item>
        </>
      )}
      <Form.Item label="授权标识" name="perms" rules={button ? [{ required: true, message: '按钮必须填写授权标识' }] : []}>
        <Input placeholder="system:xxx:yyy" clearable />
      </Form.Item>
      <Form.Item label="排序" name="sortNo">
        <Stepper min={0} max={99999} />
      </Form.Item>
      <Form.Item label="启用" name="status" valuePropName="checked">
        <Switch />
      </Form.Item>
    </Form>
  );
}
