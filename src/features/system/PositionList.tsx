// 职务管理 (system/PositionList): the tenant's positions (name, code, rank) as configuration of the
// shared list kit; the buttons follow system:position:* like the other system pages. The user form
// picks from these through the position picker (components/pickers).
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { POSITION_P, POSITION_PERM_PREFIX, POSITION_RANKS, type PositionRecord } from '@contract/api/position';

type Row = PositionRecord & ListRow;
const rankOptions = POSITION_RANKS.map((r) => ({ value: r.value, label: r.label }));

const config: ListKitConfig<Row> = {
  pageKey: 'system/PositionList',
  title: '职务管理',
  url: { list: POSITION_P.list, delete: POSITION_P.delete, deleteBatch: POSITION_P.deleteBatch, exportXls: POSITION_P.exportXls },
  permissionPrefix: POSITION_PERM_PREFIX,
  toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
  columns: [
    { dataIndex: 'name', title: '职务名称', sorter: true },
    { dataIndex: 'code', title: '职务编码', sorter: true },
    { dataIndex: 'rank', title: '职级', width: 120, sorter: true, options: rankOptions },
    { dataIndex: 'createTime', title: '创建时间', width: 170, sorter: true, type: 'datetime' },
  ],
  query: [
    { field: 'name', label: '职务名称', type: 'input' },
    { field: 'code', label: '职务编码', type: 'input' },
    { field: 'rank', label: '职级', type: 'select', options: rankOptions },
  ],
  superQuery: [
    { field: 'name', label: '职务名称', type: 'string' },
    { field: 'code', label: '职务编码', type: 'string' },
    { field: 'rank', label: '职级', type: 'string', options: rankOptions },
    { field: 'createTime', label: '创建时间', type: 'datetime' },
  ],
  editor: { desktop: () => import('./PositionForm.desktop'), mobile: () => import('./PositionForm.mobile') },
  mobile: { title: 'name', subtitle: 'code', fields: ['rank', 'createTime'], searchField: 'name' },
};

export default function PositionList() {
  return <ListKit config={config} />;
}
