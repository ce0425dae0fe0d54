// 业务主体 (config/EntityList): business entities of the current tenant (entityName, url, status).
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { EntityRecord } from '@contract/api/config';
import { editorOf } from './editor';
import { ENTITY_FORM } from './forms';
import { createTimeColumn, createTimeSuper, statusColumn, statusQuery, statusSuper, urlsOf } from './listParts';

type Row = EntityRecord & ListRow;

const config: ListKitConfig<Row> = {
  pageKey: 'config/EntityList',
  title: '业务主体',
  url: urlsOf('entity'),
  permissionPrefix: 'system:entity:',
  toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
  columns: [
    { dataIndex: 'entityName', title: '主体名称', sorter: true },
    { dataIndex: 'url', title: '地址', ellipsis: true },
    statusColumn<Row>(),
    createTimeColumn<Row>(),
  ],
  query: [{ field: 'entityName', label: '主体名称', type: 'input' }, statusQuery],
  superQuery: [{ field: 'entityName', label: '主体名称', type: 'string' }, { field: 'url', label: '地址', type: 'string' }, statusSuper, createTimeSuper],
  editor: editorOf<Row>(ENTITY_FORM),
  mobile: { title: 'entityName', subtitle: 'url', fields: ['createTime'], status: 'status', searchField: 'entityName' },
};

export default function EntityList() {
  return <ListKit config={config} />;
}
