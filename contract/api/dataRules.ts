// Data rules in force (jeecg's 数据权限): which rules of a menu a role is held to (/sys/role/datarule),
// the variables a rule value may name, and the texts the server refuses a rule with. The rules
// themselves are kept by the /sys/permission/*PermissionRule* calls of ./rbac.ts.
import { z } from 'zod';
import type { DataRuleRecord } from './rbac';

export const DATA_RULE_P = {
  /** GET {permissionId, roleId}: the menu's rules and those the role is held to; POST saves the choice. */
  roleDataRule: '/sys/role/datarule',
} as const;

/**
 * Variables a rule value may hold as #{name}, replaced per request by the signed-in user's own
 * values (never by anything the request sends).
 */
export const RULE_VARIABLES = {
  sys_user_id: '当前用户ID',
  sys_user_code: '当前用户账号',
  sys_user_name: '当前用户姓名',
  sys_org_code: '当前用户所在部门编码',
  sys_multi_org_code: '当前用户全部部门编码',
  tenant_id: '当前租户ID',
  sys_date: '当前日期',
  sys_time: '当前时间',
} as const;
export type RuleVariable = keyof typeof RULE_VARIABLES;

/** #{name} in a rule value. */
export const RULE_VARIABLE_RX = /#\{\s*([A-Za-z_]\w*)\s*\}/g;

export const DATA_RULE_MSG = {
  noResource: '该菜单没有可按数据规则过滤的数据',
  columnRefused: (column: string, allowed: string[]) => `规则字段"${column}"不可用，可用字段：${allowed.join('、')}`,
  variableUnknown: (name: string) => `规则值中的变量#{${name}}不存在，可用变量：${Object.keys(RULE_VARIABLES).join('、')}`,
  valueNotNumber: (column: string) => `规则字段"${column}"是数字，规则值须为数字或变量`,
  ruleNotOfMenu: '所选数据规则不属于该菜单',
  ownRole: '不能修改自己所属角色的数据规则',
} as const;

const id = z.string().trim().min(1, '缺少参数 id').max(64, 'id 不合法');
export const roleDataRuleQuery = z.object({ permissionId: id, roleId: id });
export const roleDataRuleBody = z.object({
  permissionId: id,
  roleId: id,
  /** Comma-separated rule ids ('' clears). */
  dataRuleIds: z
    .string()
    .max(20_000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.every((x) => /^[\w.-]{1,64}$/.test(x)), '数据规则不合法'),
});

export interface RoleDataRuleAnswer {
  /** Every active rule of the menu. */
  datarule: DataRuleRecord[];
  /** Ids of the rules the role is held to. */
  drChecked: string[];
}
