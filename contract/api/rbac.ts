// Calls of roles, departments, permissions, data rules, logs and online users (spec §7 admin
// calls): paths, request schemas, answer types and the texts the server refuses with.
import { z } from 'zod';
import { isPageKey } from '../pages';

export const RBAC = {
  roleList: '/sys/role/list',
  roleAdd: '/sys/role/add',
  roleEdit: '/sys/role/edit',
  roleDelete: '/sys/role/delete',
  roleDeleteBatch: '/sys/role/deleteBatch',
  roleQueryAll: '/sys/role/queryall',
  roleCheckCode: '/sys/role/checkRoleCode',
  permTree: '/sys/permission/queryTreeList',
  rolePermission: '/sys/permission/queryRolePermission',
  saveRolePermission: '/sys/permission/saveRolePermission',
  departTree: '/sys/sysDepart/queryTreeList',
  departIdTree: '/sys/sysDepart/queryIdTree',
  departSearch: '/sys/sysDepart/searchBy',
  myDepartTree: '/sys/sysDepart/queryMyDeptTreeList',
  departTreeSync: '/sys/sysDepart/queryDepartTreeSync',
  departAdd: '/sys/sysDepart/add',
  departEdit: '/sys/sysDepart/edit',
  departDelete: '/sys/sysDepart/delete',
  departPermission: '/sys/permission/queryDepartPermission',
  saveDepartPermission: '/sys/permission/saveDepartPermission',
  departRoleList: '/sys/sysDepartRole/list',
  departRoleAdd: '/sys/sysDepartRole/add',
  departRoleEdit: '/sys/sysDepartRole/edit',
  departRoleDelete: '/sys/sysDepartRole/delete',
  departRolePermTree: '/sys/sysDepartPermission/queryTreeListForDeptRole',
  departRolePermission: '/sys/sysDepartPermission/queryDeptRolePermission',
  saveDepartRolePermission: '/sys/sysDepartPermission/saveDeptRolePermission',
  /** GET {userId, departId?}: the department roles of the tenant a user is linked to (ids). */
  departRoleOfUser: '/sys/sysDepartRole/getDeptRoleByUserId',
  /** POST {userId, newRoleId, oldRoleId}: links a user to department roles (the difference is applied). */
  departRoleUserAdd: '/sys/sysDepartRole/deptRoleUserAdd',
  permList: '/sys/permission/list',
  permAdd: '/sys/permission/add',
  permEdit: '/sys/permission/edit',
  permDelete: '/sys/permission/delete',
  systemMenuList: '/sys/permission/getSystemMenuList',
  systemSubmenu: '/sys/permission/getSystemSubmenu',
  systemSubmenuBatch: '/sys/permission/getSystemSubmenuBatch',
  ruleListByPerm: '/sys/permission/getPermRuleListByPermId',
  ruleAdd: '/sys/permission/addPermissionRule',
  ruleEdit: '/sys/permission/editPermissionRule',
  ruleDelete: '/sys/permission/deletePermissionRule',
  ruleQuery: '/sys/permission/queryPermissionRule',
  logList: '/sys/log/list',
  visitInfo: '/sys/visitInfo',
  onlineList: '/sys/online/list',
  forceLogout: '/sys/online/forceLogout',
} as const;

/** Permission codes of the rbac calls (button rows of server/modules/rbac/menu.ts). */
export const RBAC_CODE = {
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleDelete: 'system:role:delete',
  roleBatchDelete: 'system:role:batch_delete',
  roleAuth: 'system:role:auth',
  departList: 'system:depart:list',
  departAdd: 'system:depart:add',
  departEdit: 'system:depart:edit',
  departDelete: 'system:depart:delete',
  departAuth: 'system:depart:auth',
  departRoleList: 'system:departRole:list',
  departRoleAdd: 'system:departRole:add',
  departRoleEdit: 'system:departRole:edit',
  departRoleDelete: 'system:departRole:delete',
  departRoleAuth: 'system:departRole:auth',
  permList: 'system:permission:list',
  permAdd: 'system:permission:add',
  permEdit: 'system:permission:edit',
  permDelete: 'system:permission:delete',
  permRule: 'system:permission:rule',
  logList: 'system:log:list',
  onlineList: 'system:online:list',
  forceLogout: 'system:online:forceLogout',
} as const;

export const RBAC_MSG = {
  roleCodeTaken: '角色编码已存在',
  roleCodeFree: '该值可用！',
  roleCodeFixed: '角色编码不可修改',
  roleInUse: (n: number) => `该角色已分配给${n}个用户，请先解除分配后再删除`,
  departHasChildren: '该部门下存在子部门，不能删除',
  departHasUsers: '该部门下存在用户，不能删除',
  departRoleCodeTaken: '该部门下已存在此角色编码',
  departRoleBeyond: '部门角色的权限不能超出部门已有的权限',
  grantBeyondOwn: '不能授予自己没有的权限',
  grantUnderRule: '受数据规则限制的权限不能授予他人或角色',
  departRoleNotUsers: '所选部门角色不属于该用户所在的部门',
  permUnknown: '所选权限不存在',
  permComponent: '菜单组件必须是系统已注册的页面',
  permPathRequired: '菜单路径不能为空，且须以 / 开头',
  permPermsRequired: '按钮必须填写授权标识',
  permPermsTaken: '授权标识已存在',
  permParentBad: '上级菜单不合法',
  permButtonParent: '按钮必须挂在菜单下',
  permHasChildren: '该菜单下存在子菜单或按钮，不能删除',
  permBuiltIn: '系统内置菜单不能删除，可将其停用',
  permPlatformOnly: '菜单和按钮由平台租户维护',
  ruleMenuOnly: '数据规则只能配置在菜单上',
  ruleSqlRefused: '不支持自定义 SQL 规则',
  forceSelf: '不能强退自己',
  sessionGone: '该会话已下线',
  forceDone: '强制退出成功',
  deleted: '删除成功',
  added: '添加成功',
  edited: '编辑成功',
  saved: '保存成功',
} as const;

const text = (max: number, label: string) => z.string().trim().min(1, `请输入${label}!`).max(max, `${label}最多${max}个字符!`);
const optText = (max: number, label: string) => z.string().trim().max(max, `${label}最多${max}个字符!`).nullish();
const id = z.string().trim().min(1, '缺少参数 id').max(64, 'id 不合法');
/** Comma-separated ids (permissionIds, ids of a batch): each a plain id. */
const idList = (label: string, required = false) =>
  z
    .string()
    .max(200_000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.every((x) => /^[\w.-]{1,64}$/.test(x)), `${label}不合法`)
    .refine((a) => !required || a.length > 0, `请选择${label}`);

export const idQuery = z.object({ id });
export const idsQuery = z.object({ ids: idList('记录', true) });

export const ROLE_CODE_RX = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;
const roleCode = z.string().trim().regex(ROLE_CODE_RX, '角色编码须以字母开头，2-50位字母、数字或下划线!');
export const roleAddBody = z.object({ roleName: text(50, '角色名称'), roleCode, description: optText(200, '描述') });
export const roleEditBody = roleAddBody.extend({ id, roleCode: roleCode.optional() });
export const checkRoleCodeQuery = z.object({ roleCode: z.string().trim().min(1, '请输入角色编码!').max(50), id: id.optional() });

export const rolePermissionQuery = z.object({ roleId: id });
export const saveRolePermissionBody = z.object({
  roleId: id,
  permissionIds: idList('权限').default([]),
  lastpermissionIds: idList('权限').default([]),
});

export const ORG_CATEGORY = { company: '1', depart: '2', post: '3' } as const;
const phoneish = z
  .string()
  .trim()
  .max(30, '电话最多30个字符!')
  .regex(/^[\d\-+() ]*$/, '请输入正确的电话号码!')
  .nullish();
export const departAddBody = z.object({
  departName: text(100, '部门名称'),
  parentId: id.nullish(),
  orgCategory: z.enum(['1', '2', '3'], { message: '机构类型不合法' }).default('2'),
  sortNo: z.coerce.number().int('排序须为整数').min(0).max(99999).default(0),
  mobile: phoneish,
  fax: phoneish,
  address: optText(200, '地址'),
  memo: optText(500, '备注'),
});
export const departEditBody = departAddBody.omit({ parentId: true }).extend({ id });
export const departSearchQuery = z.object({ keyWord: z.string().trim().min(1, '请输入搜索内容').max(100) });
export const departSyncQuery = z.object({ pid: id.optional() });
export const departIdQuery = z.object({ departId: id });
export const saveDepartPermissionBody = z.object({
  departId: id,
  permissionIds: idList('权限').default([]),
  lastpermissionIds: idList('权限').default([]),
});
export const departRoleListQuery = z.looseObject({ deptId: id });
export const departRoleAddBody = z.object({ departId: id, roleName: text(50, '角色名称'), roleCode, description: optText(200, '描述') });
export const departRoleEditBody = departRoleAddBody.omit({ departId: true }).extend({ id });
export const departRolePermissionQuery = z.object({ roleId: id });
export const saveDepartRolePermissionBody = saveRolePermissionBody;
export const departRoleOfUserQuery = z.object({ userId: id, departId: id.optional() });
export const departRoleUserAddBody = z.object({ userId: id, newRoleId: idList('部门角色').default([]), oldRoleId: idList('部门角色').default([]) });

export const PERMS_RX = /^[A-Za-z][\w.:-]{0,99}$/;
export const permissionBody = z
  .object({
    parentId: id.nullish(),
    name: text(50, '菜单名称'),
    type: z.enum(['0', '1', '2'], { message: '菜单类型不合法' }),
    path: z.string().trim().max(200, '路径最多200个字符!').nullish(),
    component: z.string().trim().max(100).nullish(),
    componentName: z
      .string()
      .trim()
      .max(100)
      .regex(/^[A-Za-z]\w*$/, '组件名须为英文标识')
      .or(z.literal(''))
      .nullish(),
    redirect: z.string().trim().max(200).nullish(),
    url: z.string().trim().max(500).nullish(),
    icon: z.string().trim().max(50).nullish(),
    perms: z.string().trim().regex(PERMS_RX, '授权标识须为字母开头的字母、数字、冒号、下划线、点或连字符').or(z.literal('')).nullish(),
    sortNo: z.coerce.number().int('排序须为整数').min(0).max(99999).default(0),
    status: z.enum(['0', '1'], { message: '状态不合法' }).default('1'),
    hidden: z.boolean().default(false),
    keepAlive: z.boolean().default(false),
    route: z.boolean().default(true),
    alwaysShow: z.boolean().default(false),
    internalOrExternal: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.type === '2') {
      if (!v.perms) ctx.addIssue({ code: 'custom', path: ['perms'], message: RBAC_MSG.permPermsRequired });
      if (!v.parentId) ctx.addIssue({ code: 'custom', path: ['parentId'], message: RBAC_MSG.permButtonParent });
      return;
    }
    if (!v.component || !isPageKey(v.component)) ctx.addIssue({ code: 'custom', path: ['component'], message: RBAC_MSG.permComponent });
    if (!v.path || !v.path.startsWith('/')) ctx.addIssue({ code: 'custom', path: ['path'], message: RBAC_MSG.permPathRequired });
  });
export const permissionEditBody = z.intersection(z.object({ id }), permissionBody);
export type PermissionBody = z.infer<typeof permissionBody>;
export const parentIdQuery = z.object({ parentId: id });
export const parentIdsQuery = z.object({ parentIds: idList('上级菜单', true) });

/** Conditions a data rule may use; free SQL (jeecg's USE_SQL_RULES) is refused. */
export const RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;
export const RULE_CONDITION_TEXT: Record<(typeof RULE_CONDITIONS)[number], string> = {
  '=': '等于',
  '!=': '不等于',
  '>': '大于',
  '>=': '大于等于',
  '<': '小于',
  '<=': '小于等于',
  IN: '在...中',
  LIKE: '全模糊',
  LEFT_LIKE: '左模糊',
  RIGHT_LIKE: '右模糊',
};
export const dataRuleBody = z.object({
  permissionId: id,
  ruleName: text(50, '规则名称'),
  ruleColumn: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]\w{0,63}$/, '规则字段须为字母、数字或下划线组成的字段名'),
  ruleConditions: z
    .string()
    .trim()
    .refine((c) => (RULE_CONDITIONS as readonly string[]).includes(c), RBAC_MSG.ruleSqlRefused),
  ruleValue: text(200, '规则值'),
  status: z.enum(['0', '1'], { message: '状态不合法' }).default('1'),
});
export const dataRuleEditBody = dataRuleBody.omit({ permissionId: true }).extend({ id });
export const ruleByPermQuery = z.object({ permissionId: id });
export const ruleQuery = z.object({
  permissionId: id,
  ruleName: z.string().trim().max(50).optional(),
  ruleValue: z.string().trim().max(200).optional(),
});

export const logListQuery = z.looseObject({ logType: z.enum(['1', '2'], { message: '日志类型不合法' }).default('1') });
export const forceLogoutBody = z
  .object({ sessionId: id.optional(), token: z.string().trim().min(1).max(256).optional() })
  .refine((v) => v.sessionId || v.token, '请指定要强退的会话');

// ---- answers ----

export interface RoleRecord {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
  [k: string]: unknown;
}
export interface TreeNode {
  key: string;
  title: string;
  value?: string;
  children?: TreeNode[];
  isLeaf?: boolean;
  [k: string]: unknown;
}
export interface PermissionTreeAnswer {
  treeList: TreeNode[];
  ids: string[];
}
export interface DepartNode extends TreeNode {
  id: string;
  parentId: string | null;
  orgCode: string;
  departName: string;
  orgCategory: '1' | '2' | '3';
  sortNo: number;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  children?: DepartNode[];
}
export interface PermissionRecord {
  id: string;
  parentId: string | null;
  name: string;
  type: '0' | '1' | '2';
  path: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  url: string | null;
  icon: string | null;
  perms: string | null;
  sortNo: number;
  status: '0' | '1';
  hidden: boolean;
  keepAlive: boolean;
  route: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  builtIn: boolean;
  leaf: boolean;
  ruleFlag: boolean;
  children?: PermissionRecord[];
}
export interface DataRuleRecord {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: '0' | '1';
  createTime: string;
}
export interface DepartRoleRecord {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string;
  [k: string]: unknown;
}
export interface LogRecord {
  id: string;
  username: string;
  ip: string | null;
  logContent: string;
  method: string;
  requestUrl: string | null;
  costTime: number | null;
  createTime: string;
  [k: string]: unknown;
}
export interface VisitDay {
  type: string;
  tian: string;
  visit: number;
  ip: number;
}
export interface OnlineRecord {
  id: string;
  userId: string;
  username: string;
  realname: string;
  ip: string | null;
  userAgent: string | null;
  loginTime: string;
  lastSeen: string | null;
  current: boolean;
  [k: string]: unknown;
}
