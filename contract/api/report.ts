// Online reports (issue 19 §5, spec §7 /online/cgreport): report definitions an administrator makes
// without code — a name, a data source among the allow-listed views below (never SQL typed by a
// user), the columns shown with their titles, the query fields with their mode — served by
// getRpColumns/{code}, getQueryInfo/{id} and getData/{id}. The report page and the popup report
// picker (issue 16 §2) are both built on these calls. Every read is confined to the caller's tenant,
// to their own customer for a customer-side user, and to the data rules of the page the data is from.
import { z } from 'zod';
import type { FieldType, ResourceFields } from '../listQuery';
import { ACCOUNT_STATUS_TEXT, ACCOUNT_TYPE_TEXT, CUSTOMER_TYPE_TEXT } from './ledger';
import { CUSTOMER_STATUS_TEXT } from './merchant';

export const REPORT_BASE = '/online/cgreport/head';
export const REPORT_P = {
  list: '/online/cgreport/head/list',
  add: '/online/cgreport/head/add',
  edit: '/online/cgreport/head/edit',
  delete: '/online/cgreport/head/delete',
  deleteBatch: '/online/cgreport/head/deleteBatch',
  queryById: '/online/cgreport/head/queryById',
  exportXls: '/online/cgreport/head/exportXls',
  /** The data sources a definition may read, with their fields (for the definition form). */
  sources: '/online/cgreport/head/sources',
  columns: '/online/cgreport/api/getRpColumns/:code',
  queryInfo: '/online/cgreport/api/getQueryInfo/:id',
  data: '/online/cgreport/api/getData/:id',
  exportData: '/online/cgreport/api/exportXls/:id',
} as const;
export const reportColumnsUrl = (code: string) => REPORT_P.columns.replace(':code', encodeURIComponent(code));
export const reportQueryInfoUrl = (id: string) => REPORT_P.queryInfo.replace(':id', encodeURIComponent(id));
export const reportDataUrl = (id: string) => REPORT_P.data.replace(':id', encodeURIComponent(id));
export const reportExportUrl = (id: string) => REPORT_P.exportData.replace(':id', encodeURIComponent(id));

export const REPORT_PERM_PREFIX = 'online:cgreport:';
export const REPORT_PERMS = {
  list: 'online:cgreport:list',
  add: 'online:cgreport:add',
  edit: 'online:cgreport:edit',
  delete: 'online:cgreport:delete',
  batchDelete: 'online:cgreport:batch_delete',
  export: 'online:cgreport:export',
} as const;

/** Where the pages live (menu rows in server/modules/report/menu.ts use the same paths). */
export const REPORT_ADMIN_PATH = '/online/cgreport';
export const REPORT_VIEW_PATH = '/online/cgreport/view';
export const reportViewUrl = (code: string) => `${REPORT_VIEW_PATH}?code=${encodeURIComponent(code)}`;

/** A field of a data source: its default title, its type and, for a dictionary field, its choices. */
export interface SourceField {
  title: string;
  /** 'fen' is an amount in fen, shown in yuan; it can be shown and sorted but not queried. */
  type: FieldType | 'fen';
  options?: readonly { value: string; text: string }[];
}
export interface ReportSource {
  title: string;
  fields: Record<string, SourceField>;
  defaultSort: { field: string; dir: 'asc' | 'desc' };
}

const USER_STATUS = [
  { value: '1', text: '正常' },
  { value: '2', text: '冻结' },
] as const;
const options = (texts: Record<string, string>) => Object.entries(texts).map(([value, text]) => ({ value, text }));
const CUS_TYPE = options(CUSTOMER_TYPE_TEXT);
const CUS_STATUS = options(CUSTOMER_STATUS_TEXT);
const ACCT_STATUS = options(ACCOUNT_STATUS_TEXT);
const ACCT_TYPE = options(ACCOUNT_TYPE_TEXT);
const ORG_CATEGORY = [
  { value: '1', text: '公司' },
  { value: '2', text: '部门' },
  { value: '3', text: '岗位' },
] as const;

/** The allow-listed views a report may read: the product's own data, never SQL typed by a user. */
export const REPORT_SOURCES = {
  sys_user: {
    title: '用户',
    defaultSort: { field: 'createTime', dir: 'desc' },
    fields: {
      username: { title: '账号', type: 'string' },
      realname: { title: '姓名', type: 'string' },
      mobile: { title: '手机号', type: 'string' },
      email: { title: '邮箱', type: 'string' },
      workNo: { title: '工号', type: 'string' },
      status: { title: '状态', type: 'dict', options: USER_STATUS },
      createTime: { title: '创建时间', type: 'datetime' },
    },
  },
  sys_depart: {
    title: '部门',
    defaultSort: { field: 'orgCode', dir: 'asc' },
    fields: {
      departName: { title: '部门名称', type: 'string' },
      orgCode: { title: '机构编码', type: 'string' },
      orgCategory: { title: '机构类别', type: 'dict', options: ORG_CATEGORY },
      mobile: { title: '电话', type: 'string' },
      createTime: { title: '创建时间', type: 'datetime' },
    },
  },
  customers: {
    title: '客户',
    defaultSort: { field: 'createTime', dir: 'desc' },
    fields: {
      cusCode: { title: '客户编号', type: 'string' },
      cusName: { title: '客户名称', type: 'string' },
      cusType: { title: '客户角色', type: 'dict', options: CUS_TYPE },
      status: { title: '状态', type: 'dict', options: CUS_STATUS },
      mobile: { title: '联系手机', type: 'string' },
      createTime: { title: '创建时间', type: 'datetime' },
    },
  },
  accounts: {
    title: '账户',
    defaultSort: { field: 'createTime', dir: 'desc' },
    fields: {
      acctNo: { title: '账号', type: 'string' },
      acctName: { title: '账户名称', type: 'string' },
      acctType: { title: '账户类型', type: 'dict', options: ACCT_TYPE },
      status: { title: '账户状态', type: 'dict', options: ACCT_STATUS },
      cusCode: { title: '客户编号', type: 'string' },
      cusName: { title: '客户名称', type: 'string' },
      balance: { title: '余额（元）', type: 'fen' },
      frozen: { title: '冻结（元）', type: 'fen' },
      createTime: { title: '开户时间', type: 'datetime' },
    },
  },
} as const satisfies Record<string, ReportSource>;
export type ReportSourceKey = keyof typeof REPORT_SOURCES;
export const REPORT_SOURCE_KEYS = Object.keys(REPORT_SOURCES) as ReportSourceKey[];
export const sourceOf = (key: string): ReportSource | undefined =>
  Object.prototype.hasOwnProperty.call(REPORT_SOURCES, key) ? (REPORT_SOURCES as Record<string, ReportSource>)[key] : undefined;

export const REPORT_MSG = {
  codeRequired: '请输入报表编码!',
  codePattern: '报表编码以字母开头，只能包含字母、数字和下划线',
  codeTaken: '报表编码已存在',
  nameRequired: '请输入报表名称!',
  sourceInvalid: '请选择数据源',
  columnsRequired: '请至少选择一列',
  fieldUnknown: (f: string) => `数据源中没有字段：${f}`,
  fieldTwice: (f: string) => `字段重复：${f}`,
  notQueryable: (f: string) => `金额字段不能作为查询条件：${f}`,
  notFound: '报表不存在',
  pickOne: '请选择一条记录',
} as const;

export const QUERY_MODES = ['single', 'range'] as const;
export type QueryMode = (typeof QUERY_MODES)[number];
export const QUERY_MODE_TEXT: Record<QueryMode, string> = { single: '单条件', range: '范围' };

const fieldName = z.string().trim().min(1).max(40);
export const reportBody = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, REPORT_MSG.codeRequired)
      .max(32, '报表编码最多32个字符!')
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, REPORT_MSG.codePattern),
    name: z.string().trim().min(1, REPORT_MSG.nameRequired).max(50, '报表名称最多50个字符!'),
    source: z.string().refine((s) => !!sourceOf(s), REPORT_MSG.sourceInvalid),
    columns: z
      .array(z.object({ field: fieldName, title: z.string().trim().min(1, '请输入列标题').max(30, '列标题最多30个字符!') }))
      .min(1, REPORT_MSG.columnsRequired)
      .max(30),
    queryFields: z
      .array(
        z.object({
          field: fieldName,
          mode: z.enum(QUERY_MODES, { message: '请选择查询模式' }),
          hidden: z.boolean().default(false),
          defaultValue: z.string().max(100).optional(),
        }),
      )
      .max(10)
      .default([]),
  })
  .superRefine((b, ctx) => {
    const source = sourceOf(b.source);
    if (!source) return;
    const check = (list: { field: string }[], path: 'columns' | 'queryFields') => {
      const seen = new Set<string>();
      list.forEach((c, i) => {
        const f = source.fields[c.field];
        if (!f) ctx.addIssue({ code: 'custom', message: REPORT_MSG.fieldUnknown(c.field), path: [path, i, 'field'] });
        else if (path === 'queryFields' && f.type === 'fen')
          ctx.addIssue({ code: 'custom', message: REPORT_MSG.notQueryable(c.field), path: [path, i, 'field'] });
        if (seen.has(c.field)) ctx.addIssue({ code: 'custom', message: REPORT_MSG.fieldTwice(c.field), path: [path, i, 'field'] });
        seen.add(c.field);
      });
    };
    check(b.columns, 'columns');
    check(b.queryFields, 'queryFields');
  });
export type ReportBody = z.input<typeof reportBody>;
export type ReportColumnDef = ReportBody['columns'][number];
export type ReportQueryDef = z.output<typeof reportBody>['queryFields'][number];

export interface ReportRecord {
  id: string;
  code: string;
  name: string;
  source: ReportSourceKey;
  source_dictText: string;
  columns: ReportColumnDef[];
  queryFields: ReportQueryDef[];
  createTime: string;
  [k: string]: unknown;
}

export const REPORT_LIST_FIELDS: ResourceFields = {
  fields: { code: 'string', name: 'string', source: 'dict', createTime: 'datetime' },
};

/** getRpColumns/{code}: what a report shows. */
export interface ReportColumnsAnswer {
  cgRpConfigId: string;
  cgRpConfigName: string;
  code: string;
  columns: { dataIndex: string; title: string; type: SourceField['type'] }[];
  /** Choices of the dictionary columns; records carry `${field}_dictText` too. */
  dictOptions: Record<string, { value: string; text: string }[]>;
}
/** getQueryInfo/{id}: the query fields, in order. */
export interface ReportQueryField {
  field: string;
  label: string;
  mode: QueryMode;
  type: FieldType;
  hidden: boolean;
  defaultValue?: string;
  options?: { value: string; text: string }[];
}
