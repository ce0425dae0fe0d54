// What the user form needs on both devices: the edited user's role ids, the uniqueness check on
// blur, and saving (add or edit). Roles, departments, 职务 and the avatar are the shared pickers and
// upload (components/); the views only lay out fields.
import { useEffect, useState } from 'react';
import type { SysUserRow } from '@contract/api/admin';
import { RX, V } from '@contract/validation';
import { addUser, checkOnlyUser, editUser, userRoleIds } from './api';

export interface UserFormValues {
  username: string;
  password?: string;
  confirmPassword?: string;
  realname: string;
  selectedroles: string[];
  selecteddeparts: string[];
  avatar?: string | null;
  sex?: string | null;
  birthday?: string | null;
  mobile?: string | null;
  email?: string | null;
  telephone?: string | null;
  post?: string | null;
  workNo?: string | null;
}

export function initialUserValues(record: SysUserRow | null): UserFormValues {
  if (!record) return { username: '', realname: '', selectedroles: [], selecteddeparts: [], sex: null };
  return {
    username: record.username,
    realname: record.realname,
    selectedroles: [],
    selecteddeparts: record.departIds ? record.departIds.split(',').filter(Boolean) : [],
    avatar: record.avatar,
    sex: record.sex,
    birthday: record.birthday,
    mobile: record.mobile,
    email: record.email,
    telephone: record.telephone,
    post: record.post,
    workNo: record.workNo,
  };
}

/** Field rules shared by both forms: '' when valid, else the message. */
export const USER_FIELD_RULES = {
  username: (v: string) => (!v ? V.userNameRequired : RX.userName.test(v) ? '' : V.userNameInvalid),
  password: (v: string | undefined) => (!v ? '请输入登录密码!' : RX.password.test(v) ? '' : '密码由8-20位字母、数字和特殊字符组成!'),
  confirmPassword: (v: string | undefined, pw: string | undefined) => (!v ? '请重新输入登录密码!' : v === pw ? '' : '两次输入的密码不一样!'),
  realname: (v: string) => (v.trim() ? '' : '请输入用户姓名!'),
  mobile: (v: string | null | undefined) => (!v || /^1[3-9]\d{9}$/.test(v) ? '' : V.mobileInvalid),
  email: (v: string | null | undefined) => (!v || RX.email.test(v) ? '' : V.emailInvalid),
};

export function useUserFormData(record: SysUserRow | null, open: boolean) {
  const [roleIds, setRoleIds] = useState<string[] | null>(record ? null : []);
  useEffect(() => {
    if (!open || !record) return;
    let live = true;
    void userRoleIds(record.id).then((ids) => live && setRoleIds(ids));
    return () => {
      live = false;
    };
  }, [open, record]);
  return { roleIds, ready: roleIds !== null };
}

/** Uniqueness of username, mobile and e-mail, asked when the field loses focus. */
export const checkUnique = (field: 'username' | 'phone' | 'email', value: string | null | undefined, id?: string) =>
  value ? checkOnlyUser(field, value, id) : Promise.resolve('');

const orNull = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

export async function saveUser(record: SysUserRow | null, v: UserFormValues): Promise<void> {
  const common = {
    realname: v.realname.trim(),
    selectedroles: v.selectedroles.join(','),
    selecteddeparts: v.selecteddeparts.join(','),
    avatar: orNull(v.avatar),
    sex: orNull(v.sex),
    birthday: orNull(v.birthday),
    mobile: orNull(v.mobile),
    email: orNull(v.email),
    telephone: orNull(v.telephone),
    post: orNull(v.post),
    workNo: orNull(v.workNo),
  };
  if (record) await editUser({ id: record.id, ...common });
  else await addUser({ username: v.username.trim(), password: v.password ?? '', ...common });
}
