// Rules of the role form, shared by the desktop and phone views.
import { ROLE_CODE_RX } from '@contract/api/rbac';
import { roleApi } from './api';

export interface RoleFormValues {
  roleName: string;
  roleCode: string;
  description?: string;
}

export const roleNameError = (v: string | undefined) => (!v?.trim() ? '请输入角色名称!' : v.trim().length > 50 ? '角色名称最多50个字符!' : null);
export async function roleCodeError(v: string | undefined, id?: string): Promise<string | null> {
  if (!v?.trim()) return '请输入角色编码!';
  if (!ROLE_CODE_RX.test(v.trim())) return '角色编码须以字母开头，2-50位字母、数字或下划线!';
  return (await roleApi.checkCode(v.trim(), id)) ? null : '角色编码已存在';
}

export async function saveRole(values: RoleFormValues, id?: string): Promise<void> {
  const body = { roleName: values.roleName.trim(), roleCode: values.roleCode.trim(), description: values.description?.trim() || null };
  if (id) await roleApi.edit({ ...body, id });
  else await roleApi.add(body);
}
