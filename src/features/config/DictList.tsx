// 数据字典 (config/DictList, /system/dict): the tenant's dictionaries; 字典配置 opens a drawer with
// the items' own list; 刷新缓存 clears the server cache and reloads every dictionary into the
// session. Every write on the server clears its cache too.
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CONFIG_EXTRA_PERMS, type DictRecord } from '@contract/api/config';
import { hasPermission } from '@contract/permission';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import { session } from '@/stores/session';
import { refreshDictCache } from './api';
import { editorOf } from './editor';
import { DICT_FORM } from './forms';
import { createTimeColumn, createTimeSuper, toast, urlsOf } from './listParts';

type Row = DictRecord & ListRow;
const ItemsDesktop = lazy(() => import('./DictItems.desktop'));
const ItemsMobile = lazy(() => import('./DictItems.mobile'));
const RefreshMobile = lazy(() => import('./DictRefresh.mobile'));

function configOf(mobile: boolean, openItems: (r: Row) => void): ListKitConfig<Row> {
  return {
    pageKey: 'config/DictList',
    title: '数据字典',
    url: urlsOf('dict'),
    permissionPrefix: 'system:dict:',
    toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
    columns: [
      { dataIndex: 'dictName', title: '字典名称', sorter: true },
      { dataIndex: 'dictCode', title: '字典编码', sorter: true },
      { dataIndex: 'description', title: '描述', ellipsis: true },
      createTimeColumn<Row>(),
    ],
    query: [
      { field: 'dictName', label: '字典名称', type: 'input' },
      { field: 'dictCode', label: '字典编码', type: 'input' },
    ],
    superQuery: [
      { field: 'dictName', label: '字典名称', type: 'string' },
      { field: 'dictCode', label: '字典编码', type: 'string' },
      { field: 'description', label: '描述', type: 'string' },
      createTimeSuper,
    ],
    extraButtons: [
      {
        key: 'refresh',
        text: '刷新缓存',
        permission: 'refresh',
        onClick: async () => {
          const r = await refreshDictCache();
          await toast(r.message, mobile, r.ok);
        },
      },
    ],
    inlineActions: 3,
    rowActions: [{ key: 'items', text: '字典配置', permission: 'list', onClick: (r) => openItems(r) }],
    editor: editorOf<Row>(DICT_FORM),
    mobile: { title: 'dictName', subtitle: 'dictCode', fields: ['description', 'createTime'], searchField: 'dictName' },
  };
}

export default function DictList() {
  const mobile = useIsMobile();
  const [items, setItems] = useState<Row | null>(null);
  const [configs] = useState(() => ({ desktop: configOf(false, setItems), mobile: configOf(true, setItems) }));
  const perms = useSnapshot(session);
  const canRefresh = hasPermission(CONFIG_EXTRA_PERMS.dictRefresh, { auth: perms.auth as never, allAuth: perms.allAuth as never });
  const Items = mobile ? ItemsMobile : ItemsDesktop;
  return (
    <>
      <ListKit
        config={mobile ? configs.mobile : configs.desktop}
        header={
          mobile && canRefresh ? (
            <Suspense fallback={null}>
              <RefreshMobile />
            </Suspense>
          ) : undefined
        }
      />
      {items && (
        <Suspense fallback={null}>
          <Items dictId={items.id} dictName={items.dictName} dictCode={items.dictCode} onClose={() => setItems(null)} />
        </Suspense>
      )}
    </>
  );
}
