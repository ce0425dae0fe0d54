// Rules of the department-role form (desktop and phone).
import { ROLE_CODE_RX } from '@contract/api/rbac';
import { departRoleApi } from './api';

export interface DepartRoleValues {
  roleName: string;
  roleCode: string;
  description?: string;
}
export const departRoleNameError = (v?: string) => (!v?.trim() ? '请输入角色名称!' : v.trim().length > 50 ? '角色名称最多50个字符!' : null);
export const departRoleCodeError = (v?: string) =>
  !v?.trim() ? '请输入角色编码!' : !ROLE_CODE_RX.test(v.trim()) ? '角色编码须以字母开头，2-50位字母、数字或下划线!' : null;

export async function saveDepartRole(v: DepartRoleValues, departId: string, id?: string) {
  const body = { roleName: v.roleName.trim(), roleCode: v.roleCode.trim(), description: v.description?.trim() || null };
  if (id) await departRoleApi.edit({ ...body, id });
  else await departRoleApi.add({ ...body, departId });
}
