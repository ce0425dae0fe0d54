// Paths and request schemas of user administration (issue 3, spec §7 admin calls) and of the
// common upload. The list call takes the generic list query (contract/listQuery.ts) over
// USER_LIST_FIELDS; every other body and query is checked by the schemas here on both sides.
import { z } from 'zod';
import type { ResourceFields } from '../listQuery';
import { RX, V } from '../validation';

export const ADMIN_P = {
  userList: '/sys/user/list',
  userAdd: '/sys/user/add',
  userEdit: '/sys/user/edit',
  userDelete: '/sys/user/delete',
  userDeleteBatch: '/sys/user/deleteBatch',
  userFrozenBatch: '/sys/user/frozenBatch',
  userCheckOnly: '/sys/user/checkOnlyUser',
  userChangePassword: '/sys/user/changePassword',
  userQueryRole: '/sys/user/queryUserRole',
  /** One user as a list row (the reader's data rules apply: outside them, 404). */
  userQueryById: '/sys/user/queryById',
  userExport: '/sys/user/exportXls',
  userImport: '/sys/user/importExcel',
  /** Other helpers' calls the user form reads (absent until they exist). */
  roleQueryAll: '/sys/role/queryall',
  departTree: '/sys/sysDepart/queryTreeList',
  upload: '/sys/common/upload',
  staticBase: '/sys/common/static',
  /** Signed-in download of generated files (import error workbooks). */
  download: '/sys/common/download',
} as const;

/** Permission codes of the user page (prefix + suffix). */
export const USER_PERM_PREFIX = 'system:user:';
export const USER_PERMS = {
  list: 'system:user:list',
  add: 'system:user:add',
  edit: 'system:user:edit',
  delete: 'system:user:delete',
  batchDelete: 'system:user:batch_delete',
  frozen: 'system:user:frozen',
  password: 'system:user:password',
  export: 'system:user:export',
  import: 'system:user:import',
} as const;

/** User status on the wire: '1' normal, '2' frozen. */
export const USER_STATUS = { normal: '1', frozen: '2' } as const;
export const USER_STATUS_TEXT: Record<string, string> = { '1': '正常', '2': '冻结' };

/** The columns the user list may filter and sort (the allow-list). */
export const USER_LIST_FIELDS: ResourceFields = {
  fields: {
    // By id: the user picker shows the names of stored ids (an announcement's 指定用户).
    id: 'string',
    username: 'string',
    realname: 'string',
    sex: 'dict',
    mobile: 'string',
    phone: 'string',
    email: 'string',
    status: 'dict',
    orgCode: 'string',
    post: 'string',
    createTime: 'datetime',
  },
  sortable: ['username', 'realname', 'sex', 'mobile', 'email', 'status', 'orgCode', 'createTime'],
  defaultSort: { field: 'createTime', dir: 'desc' },
};

/** A user row of the list (wire shape). */
export interface SysUserRow {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  sex: string | null;
  mobile: string | null;
  /** Same as mobile (the spec's list names both). */
  phone: string | null;
  email: string | null;
  telephone: string | null;
  birthday: string | null;
  post: string | null;
  workNo: string | null;
  status: string;
  status_dictText: string;
  orgCode: string | null;
  /** Department names of the user, comma separated. */
  orgCodeTxt: string | null;
  departIds: string;
  createTime: string;
  createBy: string | null;
  [key: string]: unknown;
}

const opt = (max: number) =>
  z
    .union([z.literal(''), z.string().trim().max(max, `最多${max}个字符`)])
    .optional()
    .nullable();
const idList = z
  .string()
  .trim()
  .max(20000)
  .regex(/^[\w-]+(,[\w-]+)*$/, '请选择记录')
  .transform((s) => [...new Set(s.split(','))]);

const userFields = {
  realname: z.string().trim().min(1, '请输入用户姓名!').max(50, '用户姓名最多50个字符!'),
  sex: z
    .union([z.literal(''), z.enum(['1', '2'], { message: '性别不正确' }), z.number().int().min(1).max(2).transform(String)])
    .optional()
    .nullable(),
  mobile: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^1[3-9]\d{9}$/, V.mobileInvalid),
    ])
    .optional()
    .nullable(),
  email: z
    .union([z.literal(''), z.string().trim().max(100).regex(RX.email, V.emailInvalid)])
    .optional()
    .nullable(),
  telephone: opt(30),
  birthday: z
    .union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式不正确')])
    .optional()
    .nullable(),
  avatar: opt(500),
  post: opt(200),
  workNo: opt(50),
  orgCode: opt(64),
  /** Role ids, comma separated. */
  selectedroles: z.string().max(5000).optional().nullable(),
  /** Department ids, comma separated. */
  selecteddeparts: z.string().max(5000).optional().nullable(),
};

export const userAddBody = z.object({
  username: z.string().trim().min(1, V.userNameRequired).regex(RX.userName, V.userNameInvalid),
  /** AES-encoded like every password on the wire. */
  password: z.string().trim().min(1, '请输入登录密码!').max(512),
  ...userFields,
});
export type UserAddBody = z.infer<typeof userAddBody>;

export const userEditBody = z.object({ id: z.string().trim().min(1, '缺少用户ID').max(64), ...userFields });
export type UserEditBody = z.infer<typeof userEditBody>;

export const idQuery = z.object({ id: z.string().trim().min(1, '缺少ID').max(64) });
export const idsQuery = z.object({ ids: idList });
export const frozenBatchBody = z.object({ ids: idList, status: z.enum(['1', '2'], { message: '状态不正确' }) });

export const checkOnlyUserQuery = z
  .object({
    id: z.string().max(64).optional(),
    username: z.string().trim().max(64).optional(),
    phone: z.string().trim().max(32).optional(),
    mobile: z.string().trim().max(32).optional(),
    email: z.string().trim().max(100).optional(),
  })
  .refine((q) => !!(q.username || q.phone || q.mobile || q.email), { message: '请指定要校验的字段' });

export const changePasswordBody = z.object({
  username: z.string().trim().min(1, V.userNameRequired).max(64),
  password: z.string().trim().min(1, '请输入新密码!').max(512),
  confirmpassword: z.string().trim().min(1, '请确认新密码!').max(512),
});

export const queryUserRoleQuery = z.object({ userid: z.string().trim().min(1, '缺少用户ID').max(64) });

/** Messages of the user administration calls. */
export const USER_MSG = {
  exists: (label: string) => `${label}已存在`,
  notSelfDelete: '不能删除当前登录用户',
  notSelfFreeze: '不能冻结当前登录用户',
  notFound: '未找到对应用户',
  departUnknown: '所选部门不存在',
  outsideScope: '修改后的用户超出了您的数据权限范围',
  selfScopeFixed: '受数据规则限制时不能修改自己的角色或部门',
  added: '添加成功！',
  edited: '编辑成功！',
  deleted: '删除用户成功',
  batchDeleted: '批量删除用户成功',
  frozen: '冻结成功!',
  unfrozen: '解冻成功!',
  passwordChanged: '密码修改成功！',
  passwordMismatch: '两次输入的密码不一致!',
  uploadImageOnly: '请上传图片',
  uploadEmpty: '请选择要上传的文件',
  importBadRows: '导入成功,但是有错误数据!',
  importFileType: '只能上传.xls或.xlsx文件',
  imported: (file: string, n: number) => `${file} 文件上传成功，导入${n}条数据`,
} as const;
