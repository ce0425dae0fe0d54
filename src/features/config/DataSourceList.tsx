// 数据源管理 (config/DataSourceList): PostgreSQL data sources of the tenant; passwords are kept
// encrypted by the server and shown masked; 测试连接 really connects (allowed hosts only).
import { useState } from 'react';
import type { DataSourceRecord } from '@contract/api/config';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import { testConnection } from './api';
import { editorOf } from './editor';
import { DATA_SOURCE_FORM } from './forms';
import { createTimeColumn, createTimeSuper, toast, urlsOf } from './listParts';

type Row = DataSourceRecord & ListRow;

function configOf(mobile: boolean): ListKitConfig<Row> {
  return {
    pageKey: 'config/DataSourceList',
    title: '数据源管理',
    url: urlsOf('dataSource'),
    permissionPrefix: 'system:datasource:',
    toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
    columns: [
      { dataIndex: 'name', title: '数据源名称', sorter: true, width: 160 },
      { dataIndex: 'code', title: '数据源编码', sorter: true, width: 140 },
      { dataIndex: 'host', title: 'PostgreSQL 地址', width: 180, render: (_v, r) => `${r.host}:${r.port}` },
      { dataIndex: 'database', title: '数据库名', width: 120 },
      // the server answers only a mask: a stored password is never sent back
      { dataIndex: 'username', title: '用户名 / 密码', width: 150, render: (_v, r) => `${r.username} / ${r.password || '未设置'}` },
      createTimeColumn<Row>(),
    ],
    query: [
      { field: 'name', label: '数据源名称', type: 'input' },
      { field: 'code', label: '数据源编码', type: 'input' },
    ],
    superQuery: [
      { field: 'name', label: '数据源名称', type: 'string' },
      { field: 'code', label: '数据源编码', type: 'string' },
      { field: 'host', label: '主机', type: 'string' },
      { field: 'database', label: '数据库名', type: 'string' },
      createTimeSuper,
    ],
    inlineActions: 3,
    rowActions: [
      {
        key: 'test',
        text: '测试连接',
        permission: 'test',
        onClick: async (r) => {
          const res = await testConnection({ id: r.id, host: r.host, port: r.port, database: r.database, username: r.username });
          await toast(res.message, mobile, res.ok);
        },
      },
    ],
    editor: editorOf<Row>(DATA_SOURCE_FORM),
    mobile: { title: 'name', subtitle: 'code', fields: ['host', 'database', 'username'], searchField: 'name' },
  };
}

export default function DataSourceList() {
  const mobile = useIsMobile();
  const [configs] = useState(() => ({ desktop: configOf(false), mobile: configOf(true) }));
  return <ListKit config={mobile ? configs.mobile : configs.desktop} />;
}
