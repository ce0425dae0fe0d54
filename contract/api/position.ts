// Calls of 职务管理 (spec §3 Position: name, code, rank; §7 /sys/position/list): paths, permission
// codes, the body schema and the record on the wire. Positions belong to a tenant; a user's 职务
// (users.post) holds the comma-joined codes the position picker chose.
import { z } from 'zod';
import type { ResourceFields } from '../listQuery';

export const POSITION_BASE = '/sys/position';
export const POSITION_P = {
  list: '/sys/position/list',
  add: '/sys/position/add',
  edit: '/sys/position/edit',
  delete: '/sys/position/delete',
  deleteBatch: '/sys/position/deleteBatch',
  queryById: '/sys/position/queryById',
  exportXls: '/sys/position/exportXls',
  /** Every position of the tenant, for the picker (any signed-in user of the tenant). */
  queryAll: '/sys/position/queryall',
} as const;

export const POSITION_PERM_PREFIX = 'system:position:';
export const POSITION_PERMS = {
  list: 'system:position:list',
  add: 'system:position:add',
  edit: 'system:position:edit',
  delete: 'system:position:delete',
  batchDelete: 'system:position:batch_delete',
  export: 'system:position:export',
} as const;

/** 职级 (rank) choices: the order a position sits in, from staff to top management. */
export const POSITION_RANKS = [
  { value: '1', label: '员级' },
  { value: '2', label: '助级' },
  { value: '3', label: '中级' },
  { value: '4', label: '副高级' },
  { value: '5', label: '正高级' },
] as const;
export const positionRankText = (rank: string | null | undefined): string => POSITION_RANKS.find((r) => r.value === rank)?.label ?? rank ?? '';

export const POSITION_MSG = {
  codeTaken: '职务编码已存在',
  nameRequired: '请输入职务名称!',
  codeRequired: '请输入职务编码!',
  codePattern: '职务编码只能包含字母、数字、下划线和中划线',
  rankInvalid: '请选择职级',
} as const;

export const positionBody = z.object({
  name: z.string().trim().min(1, POSITION_MSG.nameRequired).max(50, '职务名称最多50个字符!'),
  code: z
    .string()
    .trim()
    .min(1, POSITION_MSG.codeRequired)
    .max(32, '职务编码最多32个字符!')
    .regex(/^[A-Za-z0-9_-]+$/, POSITION_MSG.codePattern),
  rank: z.enum(POSITION_RANKS.map((r) => r.value) as [string, ...string[]], { message: POSITION_MSG.rankInvalid }),
});
export type PositionBody = z.infer<typeof positionBody>;

export interface PositionRecord extends PositionBody {
  id: string;
  rank_dictText: string;
  createTime: string;
  [k: string]: unknown;
}

export const POSITION_LIST_FIELDS: ResourceFields = {
  fields: { name: 'string', code: 'string', rank: 'string', createTime: 'datetime' },
};
