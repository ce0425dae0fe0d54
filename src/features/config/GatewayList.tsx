// 网关路由 (config/GatewayList): routes of the API gateway with predicates and filters edited as
// JSON (monospace editors, checked as JSON arrays); platform users only.
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { GatewayRecord } from '@contract/api/config';
import { editorOf } from './editor';
import { GATEWAY_FORM } from './forms';
import { createTimeColumn, createTimeSuper, statusColumn, statusQuery, statusSuper, urlsOf } from './listParts';

type Row = GatewayRecord & ListRow;
const code = (v: unknown) => <code style={{ fontSize: 12 }}>{String(v ?? '')}</code>;

const config: ListKitConfig<Row> = {
  pageKey: 'config/GatewayList',
  title: '网关路由',
  url: urlsOf('gateway'),
  permissionPrefix: 'system:gateway:',
  toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
  columns: [
    { dataIndex: 'routerId', title: '路由ID', sorter: true, width: 150 },
    { dataIndex: 'name', title: '路由名称', sorter: true, width: 150 },
    { dataIndex: 'uri', title: '目标地址', ellipsis: true, width: 200 },
    { dataIndex: 'predicates', title: '断言', ellipsis: true, render: code },
    { dataIndex: 'filters', title: '过滤器', ellipsis: true, render: code },
    statusColumn<Row>(),
    createTimeColumn<Row>(),
  ],
  query: [{ field: 'name', label: '路由名称', type: 'input' }, { field: 'routerId', label: '路由ID', type: 'input' }, statusQuery],
  superQuery: [
    { field: 'routerId', label: '路由ID', type: 'string' },
    { field: 'name', label: '路由名称', type: 'string' },
    { field: 'uri', label: '目标地址', type: 'string' },
    statusSuper,
    createTimeSuper,
  ],
  editor: editorOf<Row>(GATEWAY_FORM),
  mobile: { title: 'name', subtitle: 'routerId', fields: ['uri', 'predicates'], status: 'status', searchField: 'name' },
  scrollX: 1300,
};

export default function GatewayList() {
  return <ListKit config={config} />;
}
