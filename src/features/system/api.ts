// Calls of the 用户管理 page (contract/api/admin.ts). Role and department look-ups belong to another
// module: until they answer, the form offers no choices instead of failing.
import type { UploadAnswer } from '@contract/api/files';
import { ADMIN_P } from '@contract/api/admin';
import { http, sysGet, sysOrThrow, sysPost, sysPut } from '@/api/request';
import { encodeForWire } from '@/api/keys';

export interface Option {
  value: string;
  label: string;
}
export interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

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

export async function roleOptions(): Promise<Option[]> {
  try {
    const res = await sysGet<{ id: string; roleName: string }[]>(ADMIN_P.roleQueryAll, undefined, { silent: true });
    return res.success && Array.isArray(res.result) ? res.result.map((r) => ({ value: r.id, label: r.roleName })) : [];
  } catch {
    return [];
  }
}

type RawNode = { id?: string; key?: string; value?: string; title?: string; departName?: string; children?: RawNode[] };
const toTree = (nodes: RawNode[]): TreeOption[] =>
  nodes.map((n) => ({
    value: String(n.id ?? n.value ?? n.key),
    title: String(n.departName ?? n.title ?? ''),
    children: n.children?.length ? toTree(n.children) : undefined,
  }));

export async function departTree(): Promise<TreeOption[]> {
  try {
    const res = await sysGet<RawNode[]>(ADMIN_P.departTree, undefined, { silent: true });
    return res.success && Array.isArray(res.result) ? toTree(res.result) : [];
  } catch {
    return [];
  }
}

/** Uploads an avatar image; answers the stored path. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('isup', '1');
  form.append('biz', 'avatar');
  form.append('file', file, file.name);
  const res = await http.post<UploadAnswer>(ADMIN_P.upload, form, { silent: true, unsigned: true });
  if (!res.data.success || !res.data.result) throw new Error(res.data.message);
  return res.data.result.filePath;
}
