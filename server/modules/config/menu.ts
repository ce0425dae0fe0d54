// Menus and buttons of the config module (see server/db/catalogue.ts): nine pages under the
// 系统管理 directory of the admin module, each with the buttons its routes check. The organisation
// pages (tenants, groups, systems, business entities) serve the auth area too: one page, one path.
import { CONFIG_ACTIONS, CONFIG_EXTRA_PERMS } from '../../../contract/api/config';
import type { CatalogueEntry } from '../../db/catalogue';
import { SYSTEM_DIR_ID } from '../admin/menu';

interface PageSpec {
  key: string;
  name: string;
  path: string;
  component: NonNullable<CatalogueEntry['component']>;
  icon: string;
  perm: string;
  extra?: [code: string, name: string][];
}

const PAGES: PageSpec[] = [
  {
    key: 'dict',
    name: '数据字典',
    path: '/system/dict',
    component: 'config/DictList',
    icon: 'file-text',
    perm: 'system:dict',
    extra: [[CONFIG_EXTRA_PERMS.dictRefresh, '刷新缓存']],
  },
  { key: 'tenant', name: '租户管理', path: '/system/tenant', component: 'config/TenantList', icon: 'cluster', perm: 'system:tenant' },
  { key: 'group', name: '分组管理', path: '/system/group', component: 'config/GroupList', icon: 'team', perm: 'system:group' },
  { key: 'sys', name: '系统维护', path: '/system/sys', component: 'config/SystemList', icon: 'appstore', perm: 'system:sys' },
  { key: 'entity', name: '业务主体', path: '/system/entity', component: 'config/EntityList', icon: 'bank', perm: 'system:entity' },
  { key: 'gateway', name: '网关路由', path: '/system/gateway', component: 'config/GatewayList', icon: 'global', perm: 'system:gateway' },
  {
    key: 'datasource',
    name: '数据源管理',
    path: '/system/dataSource',
    component: 'config/DataSourceList',
    icon: 'database',
    perm: 'system:datasource',
    extra: [[CONFIG_EXTRA_PERMS.dataSourceTest, '测试连接']],
  },
  {
    key: 'fillrule',
    name: '填值规则',
    path: '/system/fillRule',
    component: 'config/FillRuleList',
    icon: 'form',
    perm: 'system:fillrule',
    extra: [[CONFIG_EXTRA_PERMS.fillRuleExecute, '生成']],
  },
  {
    key: 'checkrule',
    name: '校验规则',
    path: '/system/checkRule',
    component: 'config/CheckRuleList',
    icon: 'safety',
    perm: 'system:checkrule',
    extra: [[CONFIG_EXTRA_PERMS.checkRuleTest, '测试']],
  },
];

const ACTION_NAMES: Record<string, string> = { list: '查询', add: '新增', edit: '编辑', delete: '删除', batch_delete: '批量删除', export: '导出' };

export const CONFIG_MENU: CatalogueEntry[] = PAGES.flatMap((p, i): CatalogueEntry[] => {
  const id = `m-config-${p.key}`;
  const buttons: [string, string][] = [
    ...[...CONFIG_ACTIONS, 'batch_delete', 'export'].map((a): [string, string] => [`${p.perm}:${a}`, `${ACTION_NAMES[a]}`]),
    ...(p.extra ?? []),
  ];
  return [
    {
      id,
      parentId: SYSTEM_DIR_ID,
      name: p.name,
      path: p.path,
      component: p.component,
      componentName: p.component.split('/')[1],
      icon: p.icon,
      sortNo: 20 + i,
      type: '1',
    },
    ...buttons.map(([perms, name], j): CatalogueEntry => ({
      id: `b-config-${p.key}-${perms.split(':')[2]}`,
      parentId: id,
      name: `${p.name}-${name}`,
      perms,
      sortNo: j + 1,
      type: '2',
    })),
  ];
});
