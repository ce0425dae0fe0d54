// 在线用户 (auth/OnlineUserList, /system/online): live sessions of the tenant's users with 强退
// (confirmed; the user's next call is refused). The caller's own session cannot be forced out.
import type { ListKitConfig } from '@/components/list/types';
import ListKit from '@/components/list/ListKit';
import { RBAC, type OnlineRecord } from '@contract/api/rbac';
import { onlineApi } from './api';

const config: ListKitConfig<OnlineRecord> = {
  pageKey: 'auth/OnlineUserList',
  title: '在线用户',
  url: { list: RBAC.onlineList },
  permissionPrefix: 'system:online:',
  selectable: false,
  toolbar: [],
  editAction: false,
  deleteAction: false,
  defaultSort: { column: 'lastSeen', order: 'desc' },
  // The column widths plus the 170 px 操作 column: a fixed width keeps 客户端 (an ellipsis column)
  // beside 操作 at 1440×900 instead of growing to the whole user-agent string under max-content.
  scrollX: 1140,
  columns: [
    { dataIndex: 'username', title: '用户账号', sorter: true, width: 120 },
    { dataIndex: 'realname', title: '用户姓名', sorter: true, width: 110 },
    { dataIndex: 'ip', title: '登录IP', sorter: true, width: 120 },
    { dataIndex: 'loginTime', title: '登录时间', sorter: true, type: 'datetime', width: 160 },
    { dataIndex: 'lastSeen', title: '最近访问', sorter: true, type: 'datetime', width: 160 },
    {
      dataIndex: 'current',
      title: '状态',
      type: 'tag',
      width: 100,
      tag: (r) => (r.current ? { text: '当前会话', color: 'blue' } : { text: '在线', color: 'green' }),
    },
    // An ellipsis column needs a width: without one the table's max-content layout gave it none (blank).
    { dataIndex: 'userAgent', title: '客户端', ellipsis: true, width: 200 },
  ],
  query: [
    { field: 'username', label: '用户账号', type: 'input' },
    { field: 'realname', label: '用户姓名', type: 'input' },
  ],
  rowActions: [
    {
      key: 'forceLogout',
      text: '强退',
      permission: 'forceLogout',
      danger: true,
      visible: (r) => !r.current,
      confirm: (r) => `确定强制退出用户「${r.realname || r.username}」吗？`,
      onClick: async (r, kit) => {
        await onlineApi.forceLogout(r.id);
        await kit.reload();
      },
    },
  ],
  mobile: { title: 'realname', subtitle: 'username', fields: ['ip', 'loginTime', 'lastSeen'], status: 'current', searchField: 'username' },
};

export default function OnlineUserList() {
  return <ListKit config={config} />;
}
