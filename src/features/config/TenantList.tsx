// 租户管理 (config/TenantList): tenants of the platform; kept by platform users only.
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { TenantRecord } from '@contract/api/config';
import { editorOf } from './editor';
import { TENANT_FORM } from './forms';
import { createTimeColumn, createTimeSuper, statusColumn, statusQuery, statusSuper, urlsOf } from './listParts';

type Row = TenantRecord & ListRow;

const config: ListKitConfig<Row> = {
  pageKey: 'config/TenantList',
  title: '租户管理',
  url: urlsOf('tenant'),
  permissionPrefix: 'system:tenant:',
  toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
  defaultSort: { column: 'createTime', order: 'asc' },
  columns: [
    { dataIndex: 'id', title: '租户编号', width: 100 },
    { dataIndex: 'name', title: '租户名称', sorter: true },
    { dataIndex: 'domain', title: '域名', ellipsis: true },
    statusColumn<Row>(),
    createTimeColumn<Row>(),
  ],
  query: [{ field: 'name', label: '租户名称', type: 'input' }, statusQuery],
  superQuery: [{ field: 'name', label: '租户名称', type: 'string' }, { field: 'domain', label: '域名', type: 'string' }, statusSuper, createTimeSuper],
  editor: editorOf<Row>(TENANT_FORM),
  mobile: { title: 'name', subtitle: 'domain', fields: ['id', 'createTime'], status: 'status', searchField: 'name' },
};

export default function TenantList() {
  return <ListKit config={config} />;
}
