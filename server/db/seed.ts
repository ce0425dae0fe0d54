// First-start data: two tenants, three systems with their groups, a department tree, four roles
// and demo users (only the administrator, with a random password, when no demo data is asked for:
// see config.ts demoWanted), the system info, the shell's dictionaries and the menu of the pages that exist.
// Menu rows use only contract/pages.ts PAGE_KEYS as components. Runs only when there are no users.
import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { PRIMARY_COLOR, SYSTEM_NAME } from '../../contract/constants';
import { API_DOCS_PERMISSION, API_DOCS_URL, LOGIN_INFO_PERMISSION } from '../../contract/api/wire';
import { HELP_CENTER_PATH, type PageKey } from '../../contract/pages';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import * as t from './schema';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_USERS = [
  {
    id: 'u-admin',
    username: 'admin',
    realname: '系统管理员',
    mobile: '13800000001',
    orgCode: 'A01',
    role: 'admin',
    groups: ['g-plat', 'g-org'],
    departs: ['d-a01', 'd-a01a01'],
  },
  {
    id: 'u-operator',
    username: 'operator',
    realname: '张经办',
    mobile: '13800000002',
    orgCode: 'A01A01',
    role: 'operator',
    groups: ['g-org'],
    departs: ['d-a01a01'],
  },
  {
    id: 'u-approver',
    username: 'approver',
    realname: '李复核',
    mobile: '13800000003',
    orgCode: 'A01A02',
    role: 'approver',
    groups: ['g-org'],
    departs: ['d-a01a02', 'd-a01a03'],
  },
  { id: 'u-customer', username: 'customer', realname: '王客户', mobile: '13800000004', orgCode: null, role: 'customer', groups: ['g-cus'], departs: [] },
] as const;

type PermSeed = Omit<typeof t.permissions.$inferInsert, 'component'> & { component?: PageKey | null };

const MENU: PermSeed[] = [
  { id: 'm-home', name: '首页', path: '/Home', component: 'home/Home', icon: 'home', sortNo: 1, type: '1' },
  { id: 'm-account', name: '个人页', path: '/account', component: 'layouts/RouteView', redirect: '/account/center', icon: 'user', sortNo: 2, type: '0' },
  {
    id: 'm-account-center',
    parentId: 'm-account',
    name: '个人中心',
    path: '/account/center',
    component: 'account/Center',
    keepAlive: true,
    componentName: 'AccountCenter',
    sortNo: 1,
    type: '1',
  },
  {
    id: 'm-account-settings',
    parentId: 'm-account',
    name: '个人设置',
    path: '/account/settings',
    component: 'account/Settings',
    componentName: 'AccountSettings',
    sortNo: 2,
    type: '1',
  },
  // Result and exception pages are places the app navigates to with a real outcome (a payment's
  // order number and amount, a refusal's reason), never menu items or home shortcuts: hidden routes.
  {
    id: 'm-result',
    name: '结果页',
    path: '/result',
    component: 'layouts/RouteView',
    redirect: '/result/success',
    icon: 'check-circle',
    sortNo: 3,
    type: '0',
    hidden: true,
  },
  { id: 'm-result-success', parentId: 'm-result', name: '成功', path: '/result/success', component: 'result/Success', sortNo: 1, type: '1', hidden: true },
  { id: 'm-result-fail', parentId: 'm-result', name: '失败', path: '/result/fail', component: 'result/Fail', sortNo: 2, type: '1', hidden: true },
  {
    id: 'm-exception',
    name: '异常页',
    path: '/exception',
    component: 'layouts/RouteView',
    redirect: '/exception/403',
    icon: 'warning',
    sortNo: 4,
    type: '0',
    hidden: true,
  },
  { id: 'm-exception-403', parentId: 'm-exception', name: '403', path: '/exception/403', component: 'exception/403', sortNo: 1, type: '1', hidden: true },
  { id: 'm-exception-404', parentId: 'm-exception', name: '404', path: '/exception/404', component: 'exception/404', sortNo: 2, type: '1', hidden: true },
  { id: 'm-exception-500', parentId: 'm-exception', name: '500', path: '/exception/500', component: 'exception/500', sortNo: 3, type: '1', hidden: true },
  // The OpenAPI document is for administrators: the menu row carries the code the server's /docs
  // gate asks for (server/http/docsGate.ts), and only the admin role is granted it.
  {
    id: 'm-api-docs',
    name: '接口文档',
    path: '/isps/apiDocs',
    component: 'layouts/IframePageView',
    url: API_DOCS_URL,
    perms: API_DOCS_PERMISSION,
    icon: 'api',
    sortNo: 5,
    type: '1',
  },
  {
    id: 'm-help',
    name: '帮助中心',
    path: HELP_CENTER_PATH,
    component: 'help/HelpCenter',
    componentName: 'HelpCenter',
    icon: 'question-circle',
    sortNo: 6,
    type: '1',
  },
  // Buttons
  { id: 'b-loginfo', parentId: 'm-home', name: '登录统计', perms: LOGIN_INFO_PERMISSION, sortNo: 1, type: '2' },
  { id: 'b-center-view', parentId: 'm-account-center', name: '查看个人中心', perms: 'account:center:view', sortNo: 1, type: '2' },
  { id: 'b-settings-password', parentId: 'm-account-settings', name: '修改密码', perms: 'account:settings:password', sortNo: 1, type: '2' },
  // A switched-off button: allAuth carries it with status '0', so nobody sees it.
  { id: 'b-home-export', parentId: 'm-home', name: '导出首页数据', perms: 'home:dashboard:export', status: '0', sortNo: 2, type: '2' },
];

const STAFF_GRANTS = MENU.filter((m) => m.id !== 'b-home-export' && m.id !== 'm-api-docs').map((m) => m.id);
const GRANTS: Record<string, string[]> = {
  admin: MENU.map((m) => m.id),
  operator: STAFF_GRANTS,
  approver: STAFF_GRANTS,
  // Customers get no exception pages and no sign-in statistics; only administrators get the API docs.
  customer: STAFF_GRANTS.filter((id) => !id.startsWith('m-exception') && id !== 'b-loginfo'),
};

const DICTS: { code: string; name: string; items: [string, string, string?][] }[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['L', '一般', 'blue'],
      ['M', '重要', 'orange'],
      ['H', '紧急', 'red'],
    ],
  },
  {
    code: 'yn',
    name: '是否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'status',
    name: '状态',
    items: [
      ['1', '正常'],
      ['0', '停用/冻结'],
    ],
  },
];

function sysInfoRow(tenantId: string, brief: string): typeof t.sysInfo.$inferInsert {
  const year = new Date().getFullYear();
  return {
    tenantId,
    sysName: SYSTEM_NAME,
    tabTitle: SYSTEM_NAME,
    copyright: `© 2019-${year}`,
    company: '示例支付科技有限公司',
    sysColor: PRIMARY_COLOR,
    sysTheme: 'light',
    sysBriefName: brief,
    cfgOpPwd: 'true',
    cfgPayPwd: 'true',
    cfgDataDecrypt: 'true',
    helpUrl: HELP_CENTER_PATH,
  };
}

/** A random first password of the administrator when no demo data is seeded (letters, digits and a symbol). */
export const initialAdminPassword = () => `Boss-${randomBytes(12).toString('base64url')}-9a`;

/**
 * Seeds an empty database; returns false (and does nothing) when users already exist. With demo
 * (the default) the demo users with DEMO_PASSWORD; without, only `admin` with opts.adminPassword.
 */
export async function seedIfEmpty(db: Db, scryptN?: number, opts: { demo?: boolean; adminPassword?: string } = {}): Promise<boolean> {
  const demo = opts.demo ?? true;
  if (!demo && !opts.adminPassword) throw new Error('seed: without demo data the administrator needs a password');
  const users = demo ? DEMO_USERS : DEMO_USERS.filter((u) => u.username === 'admin');
  const hashes = await Promise.all(users.map(() => hashPassword(demo ? DEMO_PASSWORD : opts.adminPassword!, scryptN)));
  return db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here, then sees the users.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(72026002)`);
    const [{ n }] = await tx.select({ n: count() }).from(t.users);
    if (Number(n) > 0) return false;

    await tx.insert(t.tenants).values([
      { id: '0', name: '平台租户' },
      { id: '1', name: '演示租户', domain: 'demo.boss.local' },
    ]);
    await tx.insert(t.systems).values([
      { id: 'sys-plat', sysCode: 'PLAT', sysName: '运营管理平台', sortNo: 1 },
      { id: 'sys-org', sysCode: 'ORG', sysName: '机构业务系统', sortNo: 2 },
      { id: 'sys-cus', sysCode: 'CUS', sysName: '客户服务系统', sortNo: 3 },
    ]);
    await tx.insert(t.groups).values([
      { id: 'g-plat', groupName: '平台运营中心', groupType: 'platSelf', orgType: 'self', tenantId: '0', systemId: 'sys-plat', sortNo: 1 },
      { id: 'g-org', groupName: '合作银行机构', groupType: 'orgBank', orgType: 'bank', tenantId: '0', systemId: 'sys-org', objCode: 'B0001', sortNo: 2 },
      {
        id: 'g-cus',
        groupName: '示例企业客户',
        groupType: 'cusEnterprise',
        orgType: 'cus',
        tenantId: '1',
        systemId: 'sys-cus',
        cusCode: 'C0001',
        objCode: 'C0001',
        sortNo: 3,
      },
      { id: 'g-reg', groupName: '注册个人用户', groupType: 'cusPersonal', orgType: 'cus', tenantId: '1', systemId: 'sys-cus', sortNo: 4 },
    ]);
    await tx.insert(t.departments).values([
      { id: 'd-a01', orgCode: 'A01', departName: '总部', sortNo: 1 },
      { id: 'd-a01a01', parentId: 'd-a01', orgCode: 'A01A01', departName: '运营部', sortNo: 1 },
      { id: 'd-a01a02', parentId: 'd-a01', orgCode: 'A01A02', departName: '风控合规部', sortNo: 2 },
      { id: 'd-a01a03', parentId: 'd-a01', orgCode: 'A01A03', departName: '财务结算部', sortNo: 3 },
      { id: 'd-a02', orgCode: 'A02', departName: '华东分公司', sortNo: 2 },
      { id: 'd-a02a01', parentId: 'd-a02', orgCode: 'A02A01', departName: '上海营业部', sortNo: 1 },
    ]);
    await tx.insert(t.roles).values([
      { id: 'r-admin', roleCode: 'admin', roleName: '系统管理员' },
      { id: 'r-operator', roleCode: 'operator', roleName: '业务经办员' },
      { id: 'r-approver', roleCode: 'approver', roleName: '业务复核员' },
      { id: 'r-customer', roleCode: 'customer', roleName: '客户用户', tenantId: '1' },
    ]);
    await tx.insert(t.permissions).values(MENU as (typeof t.permissions.$inferInsert)[]);
    await tx
      .insert(t.rolePermissions)
      .values(Object.entries(GRANTS).flatMap(([role, ids]) => ids.map((permissionId) => ({ roleId: `r-${role}`, permissionId }))));
    await tx
      .insert(t.users)
      .values(users.map((u, i) => ({ id: u.id, username: u.username, realname: u.realname, mobile: u.mobile, orgCode: u.orgCode, passwordHash: hashes[i] })));
    await tx.insert(t.userGroups).values(users.flatMap((u) => u.groups.map((groupId, sortNo) => ({ userId: u.id, groupId, sortNo }))));
    await tx.insert(t.userRoles).values(users.map((u) => ({ userId: u.id, roleId: `r-${u.role}` })));
    const departRows = users.flatMap((u) => u.departs.map((departId) => ({ userId: u.id, departId })));
    if (departRows.length) await tx.insert(t.userDeparts).values(departRows);
    await tx.insert(t.sysInfo).values([sysInfoRow('0', 'BOSS'), sysInfoRow('1', 'BOSS演示')]);
    for (const tenantId of ['0', '1']) {
      for (const d of DICTS) {
        const dictId = `dict-${tenantId}-${d.code}`;
        await tx.insert(t.dicts).values({ id: dictId, tenantId, dictCode: d.code, dictName: d.name });
        await tx
          .insert(t.dictItems)
          .values(d.items.map(([itemValue, itemText, color], i) => ({ id: `${dictId}-${itemValue}`, dictId, itemValue, itemText, color, sortNo: i + 1 })));
      }
    }
    return true;
  });
}
