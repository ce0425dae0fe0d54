// 分组管理 (config/GroupList): groups (platform, organisation, customer) with their tenant and
// system. Platform users keep every tenant's groups; others only their own tenant's. Serves the
// auth area's group list too.
import { useEffect, useMemo, useState } from 'react';
import { CP, type GroupRecord, type SqlDictOption } from '@contract/api/config';
import type { PageResult } from '@contract/listQuery';
import { capPost, sysGet } from '@/api/request';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListOption, ListRow } from '@/components/list/types';
import { session } from '@/stores/session';
import { editorOf } from './editor';
import { groupForm } from './forms';
import { createTimeColumn, createTimeSuper, urlsOf } from './listParts';

type Row = GroupRecord & ListRow;

const TYPE_OPTIONS: ListOption[] = [
  { value: 'plat*', label: '平台' },
  { value: 'org*', label: '机构' },
  { value: 'cus*', label: '客户' },
];

/** Systems through the SQL dictionary (readable by anyone), tenants through the tenant list (platform users) or the own tenant. */
async function loadChoices(): Promise<{ systems: ListOption[]; tenants: ListOption[] }> {
  const sys = await capPost(CP.sqlDict, { tableName: 'systems', fieldText: 'sys_name', fieldValue: 'id', page: { pageSize: 200, pageNum: 1 } }, undefined, {
    silent: true,
  });
  const systems = ((sys.body?.listData ?? []) as SqlDictOption[]).map((o) => ({ value: o.value, label: o.text }));
  let tenants: ListOption[] = [{ value: session.tenantId, label: `当前租户（${session.tenantId}）` }];
  try {
    const res = await sysGet<PageResult<{ id: string; name: string }>>('/sys/tenant/list', { pageSize: 200 }, { silent: true });
    if (res.success) tenants = res.result.records.map((t) => ({ value: t.id, label: `${t.name}（${t.id}）` }));
  } catch {
    /* not a platform user: the own tenant only */
  }
  return { systems, tenants };
}

export default function GroupList() {
  const [choices, setChoices] = useState<{ systems: ListOption[]; tenants: ListOption[] }>({ systems: [], tenants: [] });
  useEffect(() => {
    void loadChoices()
      .then(setChoices)
      .catch(() => undefined);
  }, []);

  const config = useMemo<ListKitConfig<Row>>(() => {
    const form = groupForm(choices.tenants, choices.systems);
    return {
      pageKey: 'config/GroupList',
      title: '分组管理',
      url: urlsOf('group'),
      permissionPrefix: 'system:group:',
      toolbar: ['add', 'export', 'batch_delete', 'superQuery'],
      defaultSort: { column: 'sortNo', order: 'asc' },
      columns: [
        { dataIndex: 'groupName', title: '分组名称', sorter: true },
        { dataIndex: 'groupType', title: '分组类型', width: 150, sorter: true },
        { dataIndex: 'tenantId', title: '租户', width: 160, options: choices.tenants },
        { dataIndex: 'systemId', title: '系统', width: 150, options: choices.systems },
        { dataIndex: 'cusCode', title: '客户代码', width: 110 },
        { dataIndex: 'sortNo', title: '排序', width: 80, sorter: true },
        createTimeColumn<Row>(),
      ],
      query: [
        { field: 'groupName', label: '分组名称', type: 'input' },
        { field: 'groupType', label: '分组类型', type: 'select', options: TYPE_OPTIONS },
        { field: 'systemId', label: '系统', type: 'select', options: choices.systems },
      ],
      superQuery: [
        { field: 'groupName', label: '分组名称', type: 'string' },
        { field: 'groupType', label: '分组类型', type: 'string' },
        { field: 'tenantId', label: '租户', type: 'string', options: choices.tenants },
        { field: 'systemId', label: '系统', type: 'string', options: choices.systems },
        { field: 'cusCode', label: '客户代码', type: 'string' },
        createTimeSuper,
      ],
      editor: editorOf<Row>(form),
      mobile: { title: 'groupName', subtitle: 'groupType', fields: ['tenantId', 'systemId', 'cusCode'], searchField: 'groupName' },
      scrollX: 1100,
    };
  }, [choices]);

  return <ListKit config={config} />;
}
