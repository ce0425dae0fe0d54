// List kit configurations of the two log tabs (登录日志 / 操作日志) over /sys/log/list.
import type { ListKitConfig } from '@/components/list/types';
import { RBAC, type LogRecord } from '@contract/api/rbac';

const common = (
  logType: '1' | '2',
): Pick<ListKitConfig<LogRecord>, 'url' | 'permissionPrefix' | 'params' | 'toolbar' | 'selectable' | 'deleteAction' | 'editAction'> => ({
  url: { list: RBAC.logList },
  permissionPrefix: 'system:log:',
  params: { logType },
  toolbar: ['superQuery'],
  selectable: false,
  deleteAction: false,
  editAction: false,
});

export const LOGIN_LOG: ListKitConfig<LogRecord> = {
  ...common('1'),
  pageKey: 'auth/LogList:login',
  title: '登录日志',
  columns: [
    { dataIndex: 'username', title: '用户名', sorter: true, width: 140 },
    { dataIndex: 'logContent', title: '日志内容', ellipsis: true },
    { dataIndex: 'ip', title: 'IP', sorter: true, width: 140 },
    {
      dataIndex: 'method',
      title: '登录方式',
      width: 110,
      options: [
        { value: 'password', label: '账号密码' },
        { value: 'sms', label: '手机验证码' },
      ],
    },
    { dataIndex: 'createTime', title: '登录时间', sorter: true, type: 'datetime', width: 180 },
  ],
  query: [
    { field: 'username', label: '用户名', type: 'input' },
    { field: 'ip', label: 'IP', type: 'input' },
    { field: 'createTime', label: '登录时间', type: 'dateRange' },
  ],
  superQuery: [
    { field: 'username', label: '用户名', type: 'string' },
    { field: 'logContent', label: '日志内容', type: 'string' },
    { field: 'ip', label: 'IP', type: 'string' },
    { field: 'createTime', label: '登录时间', type: 'datetime' },
  ],
  mobile: { title: 'username', subtitle: 'createTime', fields: ['logContent', 'ip'], searchField: 'username' },
};

export const OPERATION_LOG: ListKitConfig<LogRecord> = {
  ...common('2'),
  pageKey: 'auth/LogList:operation',
  title: '操作日志',
  columns: [
    { dataIndex: 'username', title: '操作人', sorter: true, width: 120 },
    { dataIndex: 'logContent', title: '日志内容', ellipsis: true },
    { dataIndex: 'method', title: '请求方式', width: 100 },
    { dataIndex: 'requestUrl', title: '请求地址', ellipsis: true, width: 240 },
    { dataIndex: 'ip', title: 'IP', width: 130 },
    { dataIndex: 'costTime', title: '耗时(毫秒)', sorter: true, width: 110, align: 'right' },
    { dataIndex: 'createTime', title: '操作时间', sorter: true, type: 'datetime', width: 180 },
  ],
  query: [
    { field: 'username', label: '操作人', type: 'input' },
    { field: 'logContent', label: '日志内容', type: 'input' },
    { field: 'createTime', label: '操作时间', type: 'dateRange' },
  ],
  superQuery: [
    { field: 'username', label: '操作人', type: 'string' },
    { field: 'logContent', label: '日志内容', type: 'string' },
    { field: 'method', label: '请求方式', type: 'string' },
    { field: 'requestUrl', label: '请求地址', type: 'string' },
    { field: 'costTime', label: '耗时(毫秒)', type: 'number' },
    { field: 'createTime', label: '操作时间', type: 'datetime' },
  ],
  mobile: { title: 'logContent', subtitle: 'createTime', fields: ['username', 'requestUrl', 'costTime'], searchField: 'logContent' },
};
