// 新增 / 编辑 菜单或按钮 (desktop modal): type 菜单目录 / 菜单 / 按钮; menus pick a registered page.
import { useEffect, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Radio, Select, Switch, TreeSelect } from 'antd';
import { PAGE_KEYS } from '@contract/pages';
import type { PermissionRecord } from '@contract/api/rbac';
import { formValuesOf, parentOptions, savePermission, TYPE_TEXT, type PermissionFormValues } from './permissionForm';

interface Props {
  open: boolean;
  record: PermissionRecord | null;
  parentId: string | null;
  tree: PermissionRecord[];
  onClose: () => void;
  onSaved: () => void;
}

const PAGE_OPTIONS = PAGE_KEYS.map((k) => ({ value: k, label: k }));

export default function PermissionFormDesktop({ open, record, parentId, tree, onClose, onSaved }: Props) {
  const [form] = Form.useForm<PermissionFormValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const type = Form.useWatch('type', form);
  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(formValuesOf(record, parentId));
    }
  }, [open, record, parentId, form]);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await savePermission(v, record?.id);
      message.success(record ? '编辑成功' : '添加成功');
      onSaved();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };
  const button = type === '2';
  return (
    <Modal title={record ? '编辑' : '新增'} open={open} onCancel={onClose} onOk={submit} confirmLoading={saving} width={760} destroyOnHidden>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
        <Form.Item label="菜单类型" name="type">
          <Radio.Group options={(['0', '1', '2'] as const).map((t) => ({ value: t, label: TYPE_TEXT[t] }))} />
        </Form.Item>
        <Form.Item
          label={button ? '按钮名称' : '菜单名称'}
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入名称!' },
            { max: 50, message: '名称最多50个字符!' },
          ]}
        >
          <Input placeholder="请输入名称" />
        </Form.Item>
        <Form.Item label="上级菜单" name="parentId" rules={button ? [{ required: true, message: '按钮必须挂在菜单下' }] : []}>
          <TreeSelect treeData={parentOptions(tree)} allowClear treeDefaultExpandAll placeholder="无（一级菜单）" showSearch treeNodeFilterProp="title" />
        </Form.Item>
        {!button && (
          <>
            <Form.Item label="菜单路径" name="path" rules={[{ required: true, pattern: /^\//, message: '菜单路径不能为空，且须以 / 开头' }]}>
              <Input placeholder="/system/xxx" />
            </Form.Item>
            <Form.Item label="前端组件" name="component" rules={[{ required: true, message: '菜单组件必须是系统已注册的页面' }]}>
              <Select showSearch options={PAGE_OPTIONS} placeholder="请选择已注册的页面" />
            </Form.Item>
            <Form.Item label="组件名称" name="componentName">
              <Input placeholder="缓存页面时使用，如 RoleList" />
            </Form.Item>
            <Form.Item label="默认跳转" name="redirect">
              <Input placeholder="目录的默认子路径" />
            </Form.Item>
            <Form.Item label="菜单图标" name="icon">
              <Input placeholder="如 setting、team" />
            </Form.Item>
          </>
        )}
        <Form.Item
          label="授权标识"
          name="perms"
          rules={button ? [{ required: true, message: '按钮必须填写授权标识' }] : []}
          extra={button ? '如 system:role:add' : '菜单一般不填：填写后将按前缀授予其下全部操作'}
        >
          <Input placeholder="system:xxx:yyy" />
        </Form.Item>
        <Form.Item label="排序" name="sortNo">
          <InputNumber min={0} max={99999} />
        </Form.Item>
        <Form.Item label="状态" name="status" valuePropName="checked">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
        {!button && (
          <>
            <Form.Item label="隐藏路由" name="hidden" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="缓存路由" name="keepAlive" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="聚合路由" name="alwaysShow" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="外部打开" name="internalOrExternal" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item label="外部地址" name="url">
              <Input placeholder="iframe 或外链地址" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
