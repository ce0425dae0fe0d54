// The add / edit form of each configuration resource (see formSpec.ts).
import { DB_TYPES, FILL_RULE_CLASSES, PASSWORD_MASK } from '@contract/api/config';
import { STATUS_OPTIONS, type FormSpec } from './formSpec';

const CHECK_RULE_EXAMPLE =
  '[{"digits":2,"pattern":"^[A-Z]{2}$","message":"前两位必须是大写字母"},{"digits":"*","pattern":"^.{8,20}$","message":"长度必须是8到20位"}]';

export const DICT_FORM: FormSpec = {
  resource: 'dict',
  title: '字典',
  defaults: { dictName: '', dictCode: '', description: '' },
  fields: [
    { name: 'dictName', label: '字典名称', kind: 'input', required: true },
    { name: 'dictCode', label: '字典编码', kind: 'input', required: true, help: '字母、数字、下划线、中划线或点' },
    { name: 'description', label: '描述', kind: 'textarea' },
  ],
};

export const dictItemForm = (dictId: string): FormSpec => ({
  resource: 'dictItem',
  title: '字典项',
  defaults: { itemText: '', itemValue: '', description: '', sortOrder: 1, status: '1', color: '' },
  hidden: () => ({ dictId }),
  fields: [
    { name: 'itemText', label: '名称', kind: 'input', required: true },
    { name: 'itemValue', label: '数据值', kind: 'input', required: true, help: '同一字典内唯一' },
    { name: 'color', label: '颜色', kind: 'color', placeholder: '如 #1677ff 或 red' },
    { name: 'sortOrder', label: '排序', kind: 'number' },
    { name: 'status', label: '状态', kind: 'status', options: STATUS_OPTIONS },
    { name: 'description', label: '描述', kind: 'textarea' },
  ],
});

export const TENANT_FORM: FormSpec = {
  resource: 'tenant',
  title: '租户',
  defaults: { name: '', domain: '', status: '1' },
  fields: [
    { name: 'name', label: '租户名称', kind: 'input', required: true },
    { name: 'domain', label: '域名', kind: 'input', placeholder: '如 demo.boss.local', help: '登录页按访问域名识别租户' },
    { name: 'status', label: '状态', kind: 'status', options: STATUS_OPTIONS },
  ],
};

export const SYSTEM_FORM: FormSpec = {
  resource: 'system',
  title: '系统',
  defaults: { sysCode: '', sysName: '', sortNo: 0 },
  fields: [
    { name: 'sysCode', label: '系统编码', kind: 'input', required: true },
    { name: 'sysName', label: '系统名称', kind: 'input', required: true },
    { name: 'sortNo', label: '排序', kind: 'number' },
  ],
};

export const groupForm = (tenants: { value: string; label: string }[], systems: { value: string; label: string }[]): FormSpec => ({
  resource: 'group',
  title: '分组',
  width: 640,
  defaults: { groupName: '', groupType: '', orgType: '', tenantId: '', systemId: '', cusCode: '', objCode: '', sortNo: 0 },
  fields: [
    { name: 'groupName', label: '分组名称', kind: 'input', required: true },
    {
      name: 'groupType',
      label: '分组类型',
      kind: 'input',
      required: true,
      placeholder: '如 platSelf、orgBank、cusEnterprise',
      help: '以 plat（平台）、org（机构）或 cus（客户）开头',
    },
    { name: 'orgType', label: '机构类型', kind: 'input', placeholder: '如 self、bank、cus' },
    { name: 'tenantId', label: '租户', kind: 'select', required: true, options: tenants },
    { name: 'systemId', label: '系统', kind: 'select', required: true, options: systems },
    { name: 'cusCode', label: '客户代码', kind: 'input' },
    { name: 'objCode', label: '对象代码', kind: 'input' },
    { name: 'sortNo', label: '排序', kind: 'number' },
  ],
});

export const ENTITY_FORM: FormSpec = {
  resource: 'entity',
  title: '业务主体',
  defaults: { entityName: '', url: '', status: '1' },
  fields: [
    { name: 'entityName', label: '主体名称', kind: 'input', required: true },
    { name: 'url', label: '地址', kind: 'input', placeholder: 'https://… 或 /path' },
    { name: 'status', label: '状态', kind: 'status', options: STATUS_OPTIONS },
  ],
};

export const GATEWAY_FORM: FormSpec = {
  resource: 'gateway',
  title: '网关路由',
  width: 720,
  defaults: { routerId: '', name: '', uri: '', predicates: '[]', filters: '[]', status: '1' },
  fields: [
    { name: 'routerId', label: '路由ID', kind: 'input', required: true },
    { name: 'name', label: '路由名称', kind: 'input', required: true },
    { name: 'uri', label: '目标地址', kind: 'input', required: true, placeholder: 'lb://service 或 http://host:port' },
    { name: 'predicates', label: '断言', kind: 'json', help: 'JSON 数组，如 [{"name":"Path","args":{"_genkey_0":"/api/**"}}]' },
    { name: 'filters', label: '过滤器', kind: 'json', help: 'JSON 数组，如 [{"name":"StripPrefix","args":{"parts":"1"}}]' },
    { name: 'status', label: '状态', kind: 'status', options: STATUS_OPTIONS },
  ],
};

export const DATA_SOURCE_FORM: FormSpec = {
  resource: 'dataSource',
  title: '数据源',
  width: 640,
  testConnection: true,
  defaults: { code: '', name: '', dbType: 'postgres', host: '127.0.0.1', port: 5432, database: '', username: '', password: '', remark: '' },
  fields: [
    { name: 'code', label: '数据源编码', kind: 'input', required: true },
    { name: 'name', label: '数据源名称', kind: 'input', required: true },
    { name: 'dbType', label: '数据库类型', kind: 'select', required: true, options: DB_TYPES.map((d) => ({ value: d.value, label: d.label })) },
    { name: 'host', label: '主机', kind: 'input', required: true, help: '测试连接只允许本机或系统数据库所在主机' },
    { name: 'port', label: '端口', kind: 'number', required: true },
    { name: 'database', label: '数据库名', kind: 'input', required: true },
    { name: 'username', label: '用户名', kind: 'input', required: true },
    { name: 'password', label: '密码', kind: 'password', help: `加密保存；编辑时保留 ${PASSWORD_MASK} 或留空表示不修改` },
    { name: 'remark', label: '备注', kind: 'textarea' },
  ],
};

export const FILL_RULE_FORM: FormSpec = {
  resource: 'fillRule',
  title: '填值规则',
  width: 640,
  defaults: { ruleCode: '', ruleName: '', ruleClass: 'OrderNumberRule', ruleParams: FILL_RULE_CLASSES[0].example },
  fields: [
    { name: 'ruleCode', label: '规则编码', kind: 'input', required: true },
    { name: 'ruleName', label: '规则名称', kind: 'input', required: true },
    { name: 'ruleClass', label: '实现类', kind: 'select', required: true, options: FILL_RULE_CLASSES.map((c) => ({ value: c.value, label: c.label })) },
    { name: 'ruleParams', label: '规则参数', kind: 'json', help: `JSON 对象。${FILL_RULE_CLASSES.map((c) => `${c.value}: ${c.example}`).join('；')}` },
  ],
};

export const CHECK_RULE_FORM: FormSpec = {
  resource: 'checkRule',
  title: '校验规则',
  width: 720,
  defaults: { ruleCode: '', ruleName: '', ruleJson: CHECK_RULE_EXAMPLE, description: '' },
  fields: [
    { name: 'ruleCode', label: '规则编码', kind: 'input', required: true },
    { name: 'ruleName', label: '规则名称', kind: 'input', required: true },
    {
      name: 'ruleJson',
      label: '规则',
      kind: 'json',
      required: true,
      help: '按顺序校验：digits 为位数（* 表示整个值），pattern 为正则，message 为不通过时的提示',
    },
    { name: 'description', label: '描述', kind: 'textarea' },
  ],
};
