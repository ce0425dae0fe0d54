// 添加用户 / 编辑用户 on the desktop: a Drawer with the account, roles and departments (the shared role
// and department pickers), the avatar (the shared upload into the avatar folder), and uniqueness of
// username, mobile and e-mail checked on blur.
import { useEffect, useState } from 'react';
import { App, Button, Col, DatePicker, Drawer, Form, Input, Row, Select, Space, Spin, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type SysUserRow, USER_MSG } from '@contract/api/admin';
import { ApiError } from '@/api/errors';
import type { ListEditorProps } from '@/components/list/types';
import { RolePicker, PositionPicker } from '@/components/pickers/OptionPickers';
import { DepartPicker } from '@/components/pickers/TreePickers';
import { joinValues, splitValues } from '@/components/pickers/pickerRules';
import { UploadField } from '@/components/upload/UploadField';
import { checkUnique, initialUserValues, saveUser, USER_FIELD_RULES, useUserFormData, type UserFormValues } from './useUserForm';

type FormShape = Omit<UserFormValues, 'birthday'> & { birthday?: Dayjs | null };
import type { FormRule } from 'antd';
/** A list field held by a picker whose value is the ids joined by ','. */
const idList: Pick<FormItemProps, 'getValueProps' | 'normalize'> = {
  getValueProps: (v?: string[]) => ({ value: joinValues(v ?? []) }),
  normalize: (v: string) => splitValues(v),
};
const rule =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (check: (v: any, all: FormShape) => string): FormRule =>
    (f) => ({
      validator: (_: unknown, v: unknown) => {
        const msg = check(v, f.getFieldsValue() as FormShape);
        return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
      },
    });

export default function UserFormDesktop({ open, record, onClose, onSaved }: ListEditorProps<SysUserRow>) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormShape>();
  const { roleIds, ready } = useUserFormData(record, open);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open || !ready) return;
    const init = initialUserValues(record);
    form.setFieldsValue({ ...init, selectedroles: roleIds ?? [], birthday: init.birthday ? dayjs(init.birthday) : null });
  }, [open, ready, record, roleIds, form]);

  const unique = (field: 'username' | 'phone' | 'email', name: keyof FormShape) => async () => {
    const value = form.getFieldValue(name) as string | undefined;
    const taken = await checkUnique(field, value, record?.id);
    if (taken) form.setFields([{ name, errors: [taken] }]);
  };

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await saveUser(record, { ...v, birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null });
      void message.success(record ? USER_MSG.edited : USER_MSG.added);
      onSaved();
    } catch (err) {
      void message.warning(err instanceof ApiError || err instanceof Error ? err.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={record ? '编辑用户' : '添加用户'}
      open={open}
      size={720}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            提交
          </Button>
        </Space>
      }
    >
      <Spin spinning={!ready}>
        <Form form={form} layout="vertical" requiredMark>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="username" label="用户账号" required rules={[rule((v: string) => USER_FIELD_RULES.username(v ?? ''))]}>
                <Input placeholder="请输入用户账号" disabled={!!record} onBlur={record ? undefined : unique('username', 'username')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="realname" label="用户姓名" required rules={[rule((v: string) => USER_FIELD_RULES.realname(v ?? ''))]}>
                <Input placeholder="请输入用户姓名" maxLength={50} />
              </Form.Item>
            </Col>
            {!record && (
              <>
                <Col span={12}>
                  <Form.Item name="password" label="登录密码" required rules={[rule((v: string) => USER_FIELD_RULES.password(v))]}>
                    <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="confirmPassword"
                    label="确认密码"
                    required
                    dependencies={['password']}
                    rules={[rule((v: string, all) => USER_FIELD_RULES.confirmPassword(v, all.password))]}
                  >
                    <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </>
            )}
            <Col span={12}>
              <Form.Item name="selectedroles" label="角色分配" {...idList}>
                <RolePicker label="角色分配" multiple />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="selecteddeparts" label="所属部门" {...idList}>
                <DepartPicker label="所属部门" multiple />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="post" label="职务">
                <PositionPicker label="职务" multiple />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="workNo" label="工号">
                <Input placeholder="请输入工号" maxLength={50} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sex" label="性别">
                <Select
                  allowClear
                  placeholder="请选择性别"
                  options={[
                    { value: '1', label: '男' },
                    { value: '2', label: '女' },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="birthday" label="生日">
                <DatePicker style={{ width: '100%' }} placeholder="请选择生日" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="mobile" label="手机号码" rules={[rule((v: string) => USER_FIELD_RULES.mobile(v))]}>
                <Input placeholder="请输入手机号码" onBlur={unique('phone', 'mobile')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="email" label="邮箱" rules={[rule((v: string) => USER_FIELD_RULES.email(v))]}>
                <Input placeholder="请输入邮箱" onBlur={unique('email', 'email')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="telephone" label="座机">
                <Input placeholder="请输入座机" maxLength={30} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="avatar" label="头像">
                <UploadField imageOnly single biz="avatar" text="上传头像" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Spin>
    </Drawer>
  );
}
