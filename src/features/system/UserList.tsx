// 用户管理 (system/UserList, /system/user): a configuration of the list kit. Desktop table or phone
// cards; add/edit in a Drawer (desktop) or full-screen Popup (phone); row actions 编辑, 冻结/解冻,
// 修改密码, 通行密钥 (revoke a user's passkeys), 删除; batch 冻结/解冻; export, import, super query. Permission prefix 'system:user:'.
import { lazy, Suspense, useState } from 'react';
import { ADMIN_P, USER_PERM_PREFIX, USER_STATUS, type SysUserRow } from '@contract/api/admin';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import type { PageProps } from '@/lib/page';
import { freezeUsers } from './api';

const PasswordDesktop = lazy(() => import('./UserPassword.desktop'));
const PasswordMobile = lazy(() => import('./UserPassword.mobile'));
const PasskeysDesktop = lazy(() => import('./UserPasskeys.desktop'));
const PasskeysMobile = lazy(() => import('./UserPasskeys.mobile'));

const STATUS_OPTIONS = [
  { value: USER_STATUS.normal, label: '正常' },
  { value: USER_STATUS.frozen, label: '冻结' },
];
const statusTag = (r: SysUserRow) => (r.status === USER_STATUS.frozen ? { text: '冻结', color: 'red' } : { text: '正常', color: 'green' });

async function setFrozen(kit: ListKitApi, ids: string[], status: '1' | '2') {
  const verb = status === USER_STATUS.frozen ? '冻结' : '解冻';
  if (!(await kit.confirm({ title: `确认${verb}`, content: `是否${verb}选中的${ids.length}个用户?` }))) return;
  try {
    kit.message.success(await freezeUsers(ids, status));
    kit.clearSelection();
    await kit.reload();
  } catch (err) {
    kit.message.warning((err as Error).message);
  }
}

function userListConfig(openPassword: (username: string) => void, openPasskeys: (user: SysUserRow) => void): ListKitConfig<SysUserRow> {
  return {
    pageKey: 'system/UserList',
    title: '用户信息',
    url: {
      list: ADMIN_P.userList,
      delete: ADMIN_P.userDelete,
      deleteBatch: ADMIN_P.userDeleteBatch,
      exportXls: ADMIN_P.userExport,
      importExcel: ADMIN_P.userImport,
    },
    permissionPrefix: USER_PERM_PREFIX,
    columns: [
      { dataIndex: 'username', title: '用户账号', sorter: true, width: 120 },
      { dataIndex: 'realname', title: '用户姓名', sorter: true, width: 110 },
      { dataIndex: 'avatar', title: '头像', type: 'image', width: 70 },
      { dataIndex: 'sex', title: '性别', dict: 'sex', sorter: true, width: 80 },
      { dataIndex: 'mobile', title: '手机号', width: 130 },
      { dataIndex: 'orgCodeTxt', title: '部门', width: 180, ellipsis: true },
      { dataIndex: 'status', title: '状态', type: 'tag', tag: statusTag, sorter: true, width: 80 },
      { dataIndex: 'createTime', title: '创建时间', type: 'datetime', sorter: true, width: 170 },
    ],
    query: [
      { field: 'username', label: '用户账号', type: 'input' },
      { field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' },
      { field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    ],
    superQuery: [
      { field: 'username', label: '用户账号', type: 'string' },
      { field: 'realname', label: '用户姓名', type: 'string' },
      { field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' },
      { field: 'mobile', label: '手机号', type: 'string' },
      { field: 'email', label: '邮箱', type: 'string' },
      { field: 'status', label: '状态', type: 'dict', options: STATUS_OPTIONS },
      { field: 'orgCode', label: '部门编码', type: 'string' },
      { field: 'createTime', label: '创建时间', type: 'datetime' },
    ],
    extraButtons: [
      {
        key: 'freeze',
        text: '冻结',
        permission: 'frozen',
        needsSelection: true,
        onClick: (kit) => void setFrozen(kit, kit.selectedRowKeys, USER_STATUS.frozen),
      },
      {
        key: 'unfreeze',
        text: '解冻',
        permission: 'frozen',
        needsSelection: true,
        onClick: (kit) => void setFrozen(kit, kit.selectedRowKeys, USER_STATUS.normal),
      },
    ],
    inlineActions: 1,
    rowActions: [
      {
        key: 'frozen',
        text: (r) => (r.status === USER_STATUS.frozen ? '解冻' : '冻结'),
        permission: 'frozen',
        onClick: (r, kit) => setFrozen(kit, [r.id], r.status === USER_STATUS.frozen ? USER_STATUS.normal : USER_STATUS.frozen),
      },
      { key: 'password', text: '修改密码', permission: 'password', onClick: (r) => openPassword(r.username) },
      { key: 'passkeys', text: '通行密钥', permission: 'edit', onClick: (r) => openPasskeys(r) },
    ],
    editor: { desktop: () => import('./UserForm.desktop'), mobile: () => import('./UserForm.mobile') },
    mobile: {
      title: 'realname',
      subtitle: 'username',
      avatar: 'avatar',
      status: 'status',
      fields: ['mobile', 'orgCodeTxt', 'sex', 'createTime'],
      searchField: 'username',
    },
    scrollX: 1100,
  };
}

export default function UserList(_props: PageProps) {
  const mobile = useIsMobile();
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [passkeysOf, setPasskeysOf] = useState<SysUserRow | null>(null);
  const [config] = useState(() => userListConfig(setPasswordFor, setPasskeysOf));
  const Password = mobile ? PasswordMobile : PasswordDesktop;
  const Passkeys = mobile ? PasskeysMobile : PasskeysDesktop;
  return (
    <>
      <ListKit config={config} />
      <Suspense fallback={null}>{passwordFor !== null && <Password username={passwordFor} onClose={() => setPasswordFor(null)} />}</Suspense>
      <Suspense fallback={null}>{passkeysOf !== null && <Passkeys user={passkeysOf} onClose={() => setPasskeysOf(null)} />}</Suspense>
    </>
  );
}
