// Pieces the configuration lists share: the status column and filter, the export-capable urls of a
// resource, and a toast in the device's kit (loaded on use, so a phone never fetches antd).
import { CONFIG_BASE, type ConfigResource } from '@contract/api/config';
import type { ListColumn, ListRow, ListUrls, QueryField, SuperQueryField } from '@/components/list/types';
import { STATUS_OPTIONS } from './formSpec';

export const urlsOf = (resource: ConfigResource, opts: { exportXls?: boolean } = { exportXls: true }): ListUrls => {
  const base = CONFIG_BASE[resource];
  return {
    list: `${base}/list`,
    delete: `${base}/delete`,
    deleteBatch: `${base}/deleteBatch`,
    ...(opts.exportXls ? { exportXls: `${base}/exportXls` } : {}),
  };
};

export function statusColumn<T extends ListRow>(title = '状态'): ListColumn<T> {
  return {
    dataIndex: 'status' as keyof T & string,
    title,
    width: 90,
    type: 'tag',
    tag: (r) => (Number(r.status) === 1 ? { text: '启用', color: 'green' } : { text: '停用', color: 'red' }),
  };
}

export const statusQuery: QueryField = { field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS };
export const statusSuper: SuperQueryField = { field: 'status', label: '状态', type: 'number', options: STATUS_OPTIONS };
export const createTimeColumn = <T extends ListRow>(): ListColumn<T> => ({
  dataIndex: 'createTime' as keyof T & string,
  title: '创建时间',
  width: 170,
  sorter: true,
  type: 'datetime',
});
export const createTimeSuper: SuperQueryField = { field: 'createTime', label: '创建时间', type: 'datetime' };

/** A short message in the device's kit. */
export async function toast(text: string, mobile: boolean, ok = true): Promise<void> {
  if (mobile) (await import('antd-mobile')).Toast.show({ content: text, icon: ok ? 'success' : 'fail' });
  else void (await import('antd')).message[ok ? 'success' : 'error'](text);
}
