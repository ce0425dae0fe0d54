// Calls of the 用户管理 page (contract/api/admin.ts). Roles, departments and the avatar upload go
// through the shared pickers and upload of components/.
import { ADMIN_P } from '@contract/api/admin';
import { sysGet, sysOrThrow, sysPost, sysPut } from '@/api/request';
import { encodeForWire } from '@/api/keys';

export async function addUser(body: Record<string, unknown> & { password: string }): Promise<string> {
  return sysOrThrow(await sysPost<{ id: string }>(ADMIN_P.userAdd, { ...body, password: encodeForWire(body.password) }, { silent: true }), true).id;
}
export async function editUser(body: Record<string, unknown>): Promise<void> {
  sysOrThrow(await sysPut(ADMIN_P.userEdit, body, { silent: true }), true);
}
export async function freezeUsers(ids: string[], status: '1' | '2'): Promise<string> {
  const res = await sysPut(ADMIN_P.userFrozenBatch, { ids: ids.join(','), status }, { silent: true });
  sysOrThrow(res, true);
  return res.message;
}
export async function changeUserPassword(username: string, password: string, confirm: string): Promise<string> {
  const res = await sysPut(
    ADMIN_P.userChangePassword,
    { username, password: encodeForWire(password), confirmpassword: encodeForWire(confirm) },
    { silent: true },
  );
  sysOrThrow(res, true);
  return res.message;
}

/** '' when the value is free, else the server's '{字段}已存在'. */
export async function checkOnlyUser(field: 'username' | 'phone' | 'email', value: string, id?: string): Promise<string> {
  try {
    const res = await sysGet<boolean>(ADMIN_P.userCheckOnly, { [field]: value, id }, { silent: true });
    return res.success ? '' : res.message;
  } catch {
    return ''; // the server checks again on save
  }
}

export async function userRoleIds(userId: string): Promise<string[]> {
  try {
    const res = await sysGet<string[]>(ADMIN_P.userQueryRole, { userid: userId }, { silent: true });
    return res.success ? res.result : [];
  } catch {
    return [];
  }
}
