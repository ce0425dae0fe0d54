// 系统维护 (config/SystemList): the systems groups work in (sysCode, sysName); platform users only.
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { SystemRecord } from '@contract/api/config';
import { editorOf } from './editor';
import { SYSTEM_FORM } from './forms';
import { createTimeColumn, createTimeSuper, urlsOf } from './listParts';

type Row = SystemRecord & ListRow;

const config: ListKitConfig<Row> = {
  pageKey: 'config/SystemList',
  title: '系统维护',
  url: urlsOf('system'),
  permissionPrefix: 'system:sys:',
  toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
  defaultSort: { column: 'sortNo', order: 'asc' },
  columns: [
    { dataIndex: 'sysCode', title: '系统编码', sorter: true, width: 160 },
    { dataIndex: 'sysName', title: '系统名称', sorter: true },
    { dataIndex: 'sortNo', title: '排序', sorter: true, width: 90 },
    createTimeColumn<Row>(),
  ],
  query: [
    { field: 'sysCode', label: '系统编码', type: 'input' },
    { field: 'sysName', label: '系统名称', type: 'input' },
  ],
  superQuery: [
    { field: 'sysCode', label: '系统编码', type: 'string' },
    { field: 'sysName', label: '系统名称', type: 'string' },
    { field: 'sortNo', label: '排序', type: 'number' },
    createTimeSuper,
  ],
  editor: editorOf<Row>(SYSTEM_FORM),
  mobile: { title: 'sysName', subtitle: 'sysCode', fields: ['sortNo', 'createTime'], searchField: 'sysName' },
};

export default function SystemList() {
  return <ListKit config={config} />;
}
