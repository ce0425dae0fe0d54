// 添加用户 / 编辑用户 on a phone: a full-screen Popup with an antd-mobile form. Roles, departments
// (the level-by-level tree sheet) and 职务 are the shared pickers; the avatar the shared upload.
import { useEffect, useState } from 'react';
import { Button, Form, Input, NavBar, Popup, Selector, Toast } from 'antd-mobile';
import { type SysUserRow, USER_MSG } from '@contract/api/admin';
import type { ListEditorProps } from '@/components/list/types';
import { PositionPicker, RolePicker } from '@/components/pickers/OptionPickers';
import { DepartPicker } from '@/components/pickers/TreePickers';
import { joinValues, splitValues } from '@/components/pickers/pickerRules';
import { UploadField } from '@/components/upload/UploadField';
import { checkUnique, initialUserValues, saveUser, USER_FIELD_RULES, useUserFormData, type UserFormValues } from './useUserForm';

export default function UserFormMobile({ open, record, onClose, onSaved }: ListEditorProps<SysUserRow>) {
  const { roleIds, ready } = useUserFormData(record, open);
  const [v, setV] = useState<UserFormValues>(() => initialUserValues(record));
  const [errors, setErrors] = useState<Partial<Record<keyof UserFormValues, string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open && ready) setV({ ...initialUserValues(record), selectedroles: roleIds ?? [] });
  }, [open, ready, record, roleIds]);

  const set = <K extends keyof UserFormValues>(k: K, value: UserFormValues[K]) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const blurUnique = (field: 'username' | 'phone' | 'email', key: keyof UserFormValues) => async () => {
    const taken = await checkUnique(field, v[key] as string, record?.id);
    if (taken) setErrors((e) => ({ ...e, [key]: taken }));
  };

  const submit = async () => {
    const next: typeof errors = {
      username: record ? '' : USER_FIELD_RULES.username(v.username),
      password: record ? '' : USER_FIELD_RULES.password(v.password),
      confirmPassword: record ? '' : USER_FIELD_RULES.confirmPassword(v.confirmPassword, v.password),
      realname: USER_FIELD_RULES.realname(v.realname),
      mobile: USER_FIELD_RULES.mobile(v.mobile),
      email: USER_FIELD_RULES.email(v.email),
    };
    const first = Object.values(next).find(Boolean);
    setErrors(next);
    if (first) return Toast.show({ content: first });
    setSaving(true);
    try {
      await saveUser(record, v);
      Toast.show({ icon: 'success', content: record ? USER_MSG.edited : USER_MSG.added });
      onSaved();
    } catch (err) {
      Toast.show({ content: (err as Error).message || '保存失败' });
    } finally {
      setSaving(false);
    }
  };

  const text = (k: keyof UserFormValues, label: string, o: { type?: string; onBlur?: () => void; disabled?: boolean; required?: boolean } = {}) => (
    <Form.Item label={label} required={o.required} help={errors[k] || undefined}>
      <Input
        type={o.type ?? 'text'}
        placeholder={`请输入${label}`}
        disabled={o.disabled}
        value={(v[k] as string | null | undefined) ?? ''}
        onChange={(s) => set(k, s as never)}
        onBlur={o.onBlur}
        clearable
      />
    </Form.Item>
  );

  return (
    <Popup visible={open} position="right" bodyStyle={{ width: '100vw', height: '100%', display: 'flex', flexDirection: 'column' }} destroyOnClose>
      <NavBar onBack={onClose}>{record ? '编辑用户' : '添加用户'}</NavBar>
      <div style={{ flex: 1, overflowY: 'auto', background: '#f5f5f5' }}>
        <Form layout="horizontal" mode="card">
          <Form.Header>账号</Form.Header>
          {text('username', '用户账号', { disabled: !!record, required: true, onBlur: record ? undefined : blurUnique('username', 'username') })}
          {!record && text('password', '登录密码', { type: 'password', required: true })}
          {!record && text('confirmPassword', '确认密码', { type: 'password', required: true })}
          {text('realname', '用户姓名', { required: true })}
          <Form.Header>角色与部门</Form.Header>
          <Form.Item label="角色" layout="vertical">
            <RolePicker label="角色" multiple value={joinValues(v.selectedroles)} onChange={(ids) => set('selectedroles', splitValues(ids))} />
          </Form.Item>
          <Form.Item label="部门" layout="vertical">
            <DepartPicker label="部门" multiple value={joinValues(v.selecteddeparts)} onChange={(ids) => set('selecteddeparts', splitValues(ids))} />
          </Form.Item>
          <Form.Item label="职务" layout="vertical">
            <PositionPicker label="职务" multiple value={v.post ?? ''} onChange={(post) => set('post', post)} />
          </Form.Item>
          <Form.Header>资料</Form.Header>
          <Form.Item label="头像">
            <UploadField imageOnly single biz="avatar" text="上传头像" value={v.avatar ?? ''} onChange={(path) => set('avatar', path || null)} />
          </Form.Item>
          <Form.Item label="性别">
            <Selector
              columns={2}
              options={[
                { value: '1', label: '男' },
                { value: '2', label: '女' },
              ]}
              value={v.sex ? [v.sex] : []}
              onChange={(a) => set('sex', a[0] ?? null)}
            />
          </Form.Item>
          {text('mobile', '手机号码', { type: 'tel', onBlur: blurUnique('phone', 'mobile') })}
          {text('email', '邮箱', { type: 'email', onBlur: blurUnique('email', 'email') })}
          {text('telephone', '座机')}
          {text('workNo', '工号')}
        </Form>
      </div>
      <div style={{ padding: 12, background: '#fff' }}>
        <Button block color="primary" size="large" loading={saving} onClick={() => void submit()}>
          提交
        </Button>
      </div>
    </Popup>
  );
}
