// The items list of one dictionary, as list kit configuration (shown in the dictionary's drawer).
import { CONFIG_BASE, type DictItemRecord } from '@contract/api/config';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { editorOf } from './editor';
import { dictItemForm } from './forms';
import { statusColumn, statusQuery } from './listParts';

export type DictItemRow = DictItemRecord & ListRow;

export function dictItemsConfig(dictId: string): ListKitConfig<DictItemRow> {
  const base = CONFIG_BASE.dictItem;
  return {
    pageKey: 'config/DictItemList',
    title: '字典项',
    url: { list: `${base}/list`, delete: `${base}/delete`, deleteBatch: `${base}/deleteBatch` },
    permissionPrefix: 'system:dict:',
    toolbar: ['add', 'batch_delete'],
    params: { dictId },
    defaultSort: { column: 'sortOrder', order: 'asc' },
    columns: [
      { dataIndex: 'itemText', title: '名称', sorter: true },
      { dataIndex: 'itemValue', title: '数据值', sorter: true, width: 120 },
      {
        dataIndex: 'color',
        title: '颜色',
        width: 110,
        render: (v) =>
          v ? (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span style={{ width: 12, height: 12, borderRadius: 2, background: String(v), display: 'inline-block' }} />
              {String(v)}
            </span>
          ) : (
            '—'
          ),
      },
      { dataIndex: 'sortOrder', title: '排序', sorter: true, width: 80 },
      statusColumn<DictItemRow>(),
    ],
    query: [{ field: 'itemText', label: '名称', type: 'input' }, statusQuery],
    editor: editorOf<DictItemRow>(dictItemForm(dictId)),
    mobile: { title: 'itemText', subtitle: 'itemValue', fields: ['sortOrder', 'color'], status: 'status', searchField: 'itemText' },
  };
}
