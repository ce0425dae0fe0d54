// Calls of the configuration area (issue 3): dictionaries and their items, tenants, groups,
// systems, business entities, gateway routes, data sources, fill and check rules, and the
// allow-listed look-ups (duplicate check, SQL dictionary, tree data). Paths, permission codes,
// request schemas and record shapes live here so the client and the server agree.
import { z } from 'zod';
import type { ResourceFields } from '../listQuery';
import { parseCheckRules } from './configRules';

/** Base path of each CRUD resource; every one has /list, /add, /edit, /delete, /deleteBatch, /queryById. */
export const CONFIG_BASE = {
  dict: '/sys/dict',
  dictItem: '/sys/dictItem',
  tenant: '/sys/tenant',
  group: '/sys/group',
  system: '/sys/system',
  entity: '/sys/entity',
  gateway: '/sys/gatewayRoute',
  dataSource: '/sys/dataSource',
  fillRule: '/sys/fillRule',
  checkRule: '/sys/checkRule',
} as const;
export type ConfigResource = keyof typeof CONFIG_BASE;

export const CP = {
  loadDict: '/sys/dict/loadDict/:dictCode',
  loadDictItem: '/sys/dict/loadDictItem/:dictCode',
  loadTreeData: '/sys/dict/loadTreeData',
  testConnection: '/sys/dataSource/testConnection',
  executeRule: '/sys/fillRule/executeRuleByCode/:ruleCode',
  checkByCode: '/sys/checkRule/checkByCode',
  duplicateCheck: '/sys/duplicate/check',
  validateExistence: '/cap/sys/v1/ValidateExistenceMysql',
  sqlDict: '/cap/sys/v1/SystemSqlDictPageListInquiry',
} as const;

/** Permission prefix of each resource; routes need `${prefix}:list|add|edit|delete`. */
export const CONFIG_PERM: Record<ConfigResource, string> = {
  dict: 'system:dict',
  dictItem: 'system:dict',
  tenant: 'system:tenant',
  group: 'system:group',
  system: 'system:sys',
  entity: 'system:entity',
  gateway: 'system:gateway',
  dataSource: 'system:datasource',
  fillRule: 'system:fillrule',
  checkRule: 'system:checkrule',
};
export const CONFIG_ACTIONS = ['list', 'add', 'edit', 'delete'] as const;
/** Extra button codes beyond the CRUD four. */
export const CONFIG_EXTRA_PERMS = {
  dictRefresh: 'system:dict:refresh',
  dataSourceTest: 'system:datasource:test',
  fillRuleExecute: 'system:fillrule:execute',
  checkRuleTest: 'system:checkrule:test',
} as const;

export const CONFIG_MSG = {
  unsupportedField: '不支持的校验字段',
  exists: (fieldName: string) => `${fieldName}已存在`,
  available: '该值可用',
  valueRequired: '校验值不能为空',
  treeCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  unsupportedTable: '不支持的数据表',
  unsupportedColumn: (c: string) => `不支持的查询字段：${c.slice(0, 40)}`,
  badCondition: '查询条件格式有误：只接受 JSON 对象形式的等值条件，例如 {"status":"1"}',
  badOrderBy: '排序格式有误：只接受“字段名 asc”或“字段名 desc”',
  itemValueTaken: '数据值在该字典中已存在',
  dictCodeTaken: '字典编码已存在',
  codeTaken: (label: string) => `${label}已存在`,
  tenantHasUsers: '该租户下仍有用户，不能删除',
  tenantInUse: '该租户仍有关联数据（分组等），不能删除',
  tenantProtected: '平台租户和当前所在租户不能删除',
  platformOnly: '仅平台用户可以维护此项',
  platformGroupOnly: '仅平台用户可以新建或修改平台类型的分组',
  otherTenant: '不能把数据放到其他租户',
  ownGroupFixed: '不能修改自己所在分组的类型、租户或系统',
  systemInUse: '该系统下仍有分组，不能删除',
  groupHasUsers: '该分组下仍有用户，不能删除',
  hostRefused: (host: string, allowed: string[]) =>
    `出于安全考虑（防止 SSRF），只允许连接本机或系统数据库所在主机（${allowed.join('、')}），已拒绝连接 ${host.slice(0, 64)}`,
  connectOk: '连接成功',
  connectFailed: (reason: string) => `连接失败：${reason}`,
  ruleNotFound: (code: string) => `规则「${code.slice(0, 40)}」不存在`,
  checkPassed: '校验通过',
  badJson: (label: string) => `${label}必须是合法的 JSON 数组`,
  badRuleParams: '规则参数必须是 JSON 对象',
  unknownRuleClass: '未知的规则实现类',
  notFound: '记录不存在或已被删除',
  inUse: '数据仍被引用，不能删除',
  deleted: '删除成功',
  added: '添加成功',
  edited: '编辑成功',
} as const;

// ---- request schemas ------------------------------------------------------------------------

const req = (label: string, max = 64) => z.string().trim().min(1, `请输入${label}!`).max(max, `${label}最多${max}个字符!`);
const opt = (max: number, label = '内容') => z.string().trim().max(max, `${label}最多${max}个字符!`).optional().nullable();
const code = (label: string) => req(label).regex(/^[A-Za-z0-9_\-.]+$/, `${label}只能包含字母、数字、下划线、中划线和点`);
const status01 = z.coerce
  .number()
  .int()
  .refine((n) => n === 0 || n === 1, '状态只能是 0 或 1')
  .default(1);
const sortNo = z.coerce.number().int('排序必须是整数').min(0, '排序不能小于0').max(999999, '排序过大').default(0);
const withId = <T extends z.ZodRawShape>(s: z.ZodObject<T>) => s.extend({ id: z.string().trim().min(1, 'id不能为空').max(64) });

/** A JSON array written as text (gateway predicates and filters). */
export const jsonArrayText = (label: string) =>
  z
    .string()
    .max(8000, `${label}过长`)
    .refine((s) => {
      if (s.trim() === '') return true;
      try {
        return Array.isArray(JSON.parse(s));
      } catch {
        return false;
      }
    }, CONFIG_MSG.badJson(label));

export const dictBody = z.object({ dictName: req('字典名称'), dictCode: code('字典编码'), description: opt(255, '描述') });
export const dictItemBody = z.object({
  dictId: z.string().trim().min(1, '字典不能为空').max(64),
  itemText: req('名称', 100),
  itemValue: req('数据值', 100),
  description: opt(255, '描述'),
  sortOrder: sortNo,
  status: status01,
  color: z
    .string()
    .trim()
    .max(32)
    .regex(/^(#[0-9a-fA-F]{3,8}|[a-z]{3,20})?$/, '颜色格式有误')
    .optional()
    .nullable(),
});
export const tenantBody = z.object({
  name: req('租户名称', 100),
  domain: z
    .string()
    .trim()
    .max(255)
    .regex(/^([a-z0-9-]+\.)*[a-z0-9-]*$/i, '域名格式有误')
    .optional()
    .nullable(),
  status: status01,
});
export const GROUP_TYPE_PREFIXES = ['plat', 'org', 'cus'] as const;
export const groupBody = z.object({
  groupName: req('分组名称', 100),
  groupType: req('分组类型', 32).regex(/^(plat|org|cus)[A-Za-z]*$/, '分组类型必须以 plat、org 或 cus 开头'),
  orgType: opt(32),
  tenantId: req('租户', 64),
  systemId: req('系统', 64),
  cusCode: opt(64, '客户代码'),
  objCode: opt(64, '对象代码'),
  sortNo,
});
export const systemBody = z.object({ sysCode: code('系统编码'), sysName: req('系统名称', 100), sortNo });
export const entityBody = z.object({
  entityName: req('主体名称', 100),
  url: z
    .string()
    .trim()
    .max(255, '地址最多255个字符')
    .regex(/^(https?:\/\/\S+|\/\S*)?$/, '地址必须以 http(s):// 或 / 开头')
    .optional()
    .nullable(),
  status: status01,
});
export const gatewayBody = z.object({
  routerId: code('路由ID'),
  name: req('路由名称', 100),
  uri: req('目标地址', 255).regex(/^(https?|lb|ws|wss):\/\/\S+$/, '目标地址必须以 http://、https://、lb://、ws:// 或 wss:// 开头'),
  predicates: jsonArrayText('断言'),
  filters: jsonArrayText('过滤器'),
  status: status01,
});
export const DB_TYPES = [{ value: 'postgres', label: 'PostgreSQL' }] as const;
export const PASSWORD_MASK = '******';
export const dataSourceBody = z.object({
  code: code('数据源编码'),
  name: req('数据源名称', 100),
  dbType: z.literal('postgres', { message: '数据库类型目前只支持 PostgreSQL' }),
  host: req('主机', 255).regex(/^[A-Za-z0-9.\-:[\]]+$/, '主机格式有误'),
  port: z.coerce.number().int('端口必须是整数').min(1, '端口范围 1-65535').max(65535, '端口范围 1-65535'),
  database: req('数据库名', 63),
  username: req('用户名', 63),
  /** Empty or the mask on edit keeps the stored password. */
  password: z.string().max(256, '密码过长').optional().nullable(),
  remark: opt(255, '备注'),
});
export const testConnectionBody = dataSourceBody.pick({ host: true, port: true, database: true, username: true, password: true }).extend({
  /** With an id and no new password, the stored password is used. */
  id: z.string().trim().max(64).optional().nullable(),
  dbType: z.literal('postgres', { message: '数据库类型目前只支持 PostgreSQL' }).optional(),
});

/** Generators a fill rule may use (implemented on the server; the client lists them). */
export const FILL_RULE_CLASSES = [
  { value: 'OrderNumberRule', label: '订单号（前缀+YYYYMMDD+当日序号）', example: '{"prefix":"DD","digits":4}' },
  { value: 'RandomCodeRule', label: '随机码（大写字母与数字）', example: '{"length":8}' },
  { value: 'DatePrefixRule', label: '日期前缀（前缀+YYYYMMDDHHmmss+随机数）', example: '{"prefix":"T","randomDigits":4}' },
] as const;
export type FillRuleClass = (typeof FILL_RULE_CLASSES)[number]['value'];
export const fillRuleBody = z.object({
  ruleCode: code('规则编码'),
  ruleName: req('规则名称', 100),
  ruleClass: z.enum(FILL_RULE_CLASSES.map((c) => c.value) as [FillRuleClass, ...FillRuleClass[]], { message: CONFIG_MSG.unknownRuleClass }),
  ruleParams: z
    .string()
    .max(2000)
    .optional()
    .nullable()
    .refine((s) => {
      if (!s || !s.trim()) return true;
      try {
        const v: unknown = JSON.parse(s);
        return !!v && typeof v === 'object' && !Array.isArray(v);
      } catch {
        return false;
      }
    }, CONFIG_MSG.badRuleParams),
});
export const checkRuleBody = z.object({
  ruleCode: code('规则编码'),
  ruleName: req('规则名称', 100),
  ruleJson: z
    .string()
    .max(8000, '规则过长')
    .superRefine((s, ctx) => {
      const r = parseCheckRules(s);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
    }),
  description: opt(255, '描述'),
});

export const CONFIG_BODIES = {
  dict: dictBody,
  dictItem: dictItemBody,
  tenant: tenantBody,
  group: groupBody,
  system: systemBody,
  entity: entityBody,
  gateway: gatewayBody,
  dataSource: dataSourceBody,
  fillRule: fillRuleBody,
  checkRule: checkRuleBody,
} as const;
export const editBodyOf = <T extends z.ZodRawShape>(s: z.ZodObject<T>) => withId(s);

const shortParam = (max: number) => z.string().max(max, CONFIG_MSG.unsupportedField);
export const duplicateCheckQuery = z.object({
  tableName: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  fieldName: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  fieldVal: z.string().max(255, '校验值过长').optional(),
  dataId: z.string().max(64).optional(),
});
export const validateExistenceBody = z.object({
  schemaName: z.string().max(64).optional().nullable(),
  tableName: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  fieldCode: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  fieldName: z.string().max(64).optional().nullable(),
  fieldValue: z
    .union([z.string().max(255, '校验值过长'), z.number()])
    .optional()
    .nullable(),
  idValue: z
    .union([z.string().max(64), z.number()])
    .optional()
    .nullable(),
  entityId: z.string().max(64).optional().nullable(),
  tenantId: z
    .union([z.string().max(64), z.number()])
    .optional()
    .nullable(),
});
export const sqlDictBody = z.object({
  tableName: shortParam(64).min(1, CONFIG_MSG.unsupportedTable),
  fieldText: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  fieldValue: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  fieldValueKeyword: z.string().max(100).optional().nullable(),
  sqlCondition: z
    .union([z.string().max(2000), z.record(z.string(), z.unknown())])
    .optional()
    .nullable(),
  sqlOrderBy: z.string().max(100).optional().nullable(),
  page: z.object({ pageSize: z.coerce.number().int().min(1).max(200).default(10), pageNum: z.coerce.number().int().min(1).max(100000).default(1) }).optional(),
});
export const loadTreeQuery = z.object({
  pid: z.string().max(64).optional(),
  tableName: shortParam(64).min(1, CONFIG_MSG.unsupportedTable),
  text: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  code: shortParam(64).min(1, CONFIG_MSG.unsupportedField),
  pidField: shortParam(64).optional(),
  hasChildField: shortParam(64).optional(),
  condition: z.string().max(2000).optional(),
});
export const checkByCodeQuery = z.object({
  ruleCode: z.string().trim().min(1, '规则编码不能为空').max(64),
  value: z.string().max(1000, '校验值过长').default(''),
});

// ---- records on the wire --------------------------------------------------------------------

interface Stamped {
  id: string;
  createTime: string;
}
export type DictRecord = Stamped & z.infer<typeof dictBody>;
export type DictItemRecord = Stamped & z.infer<typeof dictItemBody>;
export type TenantRecord = Stamped & z.infer<typeof tenantBody> & { userCount?: number };
export type GroupRecord = Stamped & z.infer<typeof groupBody>;
export type SystemRecord = Stamped & z.infer<typeof systemBody>;
export type EntityRecord = Stamped & z.infer<typeof entityBody>;
export type GatewayRecord = Stamped & z.infer<typeof gatewayBody>;
/** password is always PASSWORD_MASK when one is stored, else ''. */
export type DataSourceRecord = Stamped & Omit<z.infer<typeof dataSourceBody>, 'password'> & { password: string };
export type FillRuleRecord = Stamped & z.infer<typeof fillRuleBody>;
export type CheckRuleRecord = Stamped & z.infer<typeof checkRuleBody>;
export interface TreeNode {
  key: string;
  value: string;
  title: string;
  label: string;
  code: string;
  leaf: boolean;
  isLeaf: boolean;
  parentId: string | null;
}
export interface SqlDictOption {
  value: string;
  text: string;
}

// ---- list allow-lists (the wire fields a list may filter and sort) ------------------------

const stamped = { id: 'string', createTime: 'datetime' } as const;
export const CONFIG_LIST_FIELDS: Record<ConfigResource, ResourceFields> = {
  dict: { fields: { ...stamped, dictName: 'string', dictCode: 'string', description: 'string' } },
  dictItem: {
    fields: { ...stamped, dictId: 'string', itemText: 'string', itemValue: 'string', status: 'number', sortOrder: 'number' },
    defaultSort: { field: 'sortOrder', dir: 'asc' },
  },
  tenant: { fields: { ...stamped, name: 'string', domain: 'string', status: 'number' }, defaultSort: { field: 'createTime', dir: 'asc' } },
  group: {
    fields: { ...stamped, groupName: 'string', groupType: 'string', tenantId: 'string', systemId: 'string', cusCode: 'string', sortNo: 'number' },
    defaultSort: { field: 'sortNo', dir: 'asc' },
  },
  system: { fields: { ...stamped, sysCode: 'string', sysName: 'string', sortNo: 'number' }, defaultSort: { field: 'sortNo', dir: 'asc' } },
  entity: { fields: { ...stamped, entityName: 'string', url: 'string', status: 'number' } },
  gateway: { fields: { ...stamped, routerId: 'string', name: 'string', uri: 'string', status: 'number' } },
  dataSource: { fields: { ...stamped, code: 'string', name: 'string', dbType: 'string', host: 'string', database: 'string' } },
  fillRule: { fields: { ...stamped, ruleCode: 'string', ruleName: 'string', ruleClass: 'string' } },
  checkRule: { fields: { ...stamped, ruleCode: 'string', ruleName: 'string' } },
};
