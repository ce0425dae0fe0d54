// Live multi-user rows of an editable grid (spec §4 live sync, §7 sockets; issue 16 §1): the socket
// `${API_BASE}/vxeSocket/{userId}/{pageId}?token=&tenantId=`, its messages `{type, data}` and the one
// rule that decides whether a row write may land. Every row carries a version kept by the server; a
// write names the version it was made from, and a write made from an older version is refused with
// the current row, so nobody overwrites an edit they never saw.
//
// Client → server:
//   {type:'heart_beat', data:{}}                                  answered with a heart_beat
//   {type:'common_send_date', data:{type:'update_vxe_table', socketKey, args: RowOp[]}}
//   {type:'vxe_snapshot', data:{}}                                asks for every row again
// Server → client:
//   {type:'heart_beat', data:{}}
//   {type:'vxe_snapshot', data:{rows: SyncedRow[]}}               after connecting, and when asked
//   {type:'common_send_date', data:{type:'update_vxe_table', socketKey, args: RowChange[]}}  to the whole page
//   {type:'vxe_ack', data: OpResult[]}                            to the sender: each op landed or why not
//   {type:'vxe_error', data:{message}}                            a message that could not be read
import { z } from 'zod';
import { MAX_BATCH_ROWS } from './pay';
import { PAY_PERMS } from './payWire';

export const VXE_SOCKET_PATH = '/vxeSocket';
/** Route of the socket under API_BASE. */
export const VXE_SOCKET_ROUTE = `${VXE_SOCKET_PATH}/:userId/:pageId`;

export const VXE_TYPE = {
  heartBeat: 'heart_beat',
  send: 'common_send_date',
  update: 'update_vxe_table',
  snapshot: 'vxe_snapshot',
  ack: 'vxe_ack',
  error: 'vxe_error',
} as const;

/** Close codes besides the notification socket's (4001 bad token, 4002 session ended, 4003 idle). */
export const VXE_CLOSE = { badToken: 4001, sessionEnded: 4002, idle: 4003, forbidden: 4004, shutdown: 1001 } as const;

export const VXE_MSG = {
  stale: '该行已被他人修改',
  gone: '该行已被他人删除',
  exists: '该行已存在',
  full: `每批最多${MAX_BATCH_ROWS}行`,
  badMessage: '消息格式有误',
  wrongUser: '用户与登录信息不符',
  pageUnknown: '页面不存在或无权访问',
  fieldUnknown: '列不存在',
  valueTooLong: '内容过长',
  noAdd: '无权新增行',
  noDelete: '无权删除行',
} as const;

/**
 * Button codes of the batch-pay draft grid (spec §6 toolbar exclusions under the prefix): a user
 * without `add` sees no 新增 / 插入 / 复制行 and the server refuses their inserted rows; without
 * `batch_delete`, no 删除 and their deletes are refused; without `import`, no 导入Excel and the
 * import call is refused. Submitting removes the paid rows from the draft on the server, whatever
 * these codes (server/modules/pay/routes.ts).
 */
export const BATCH_DRAFT_PERMS = {
  prefix: 'pay:batch:draft:',
  add: 'pay:batch:draft:add',
  batchDelete: 'pay:batch:draft:batch_delete',
  import: 'pay:batch:draft:import',
} as const;

/** A page whose grid rows live on the server: who may open it, its columns and its row limit. */
export interface VxePage {
  permission: string;
  /** What inserting and deleting rows need besides `permission` (the grid's toolbar codes). */
  opPermissions?: { insert?: string; delete?: string };
  fields: readonly string[];
  maxRows: number;
}

/**
 * The pages of live grids, by kind. A pageId is the kind, or `<kind>.<draft>` for one of its drafts
 * (the batch-pay page opens a draft of its own and shares it by link); drafts live per tenant (and
 * per customer for a customer's users).
 */
/** The page kind of batch-pay drafts. */
export const BATCH_DRAFT_KIND = 'batchPay';
export const VXE_PAGES: Record<string, VxePage> = {
  [BATCH_DRAFT_KIND]: {
    permission: PAY_PERMS.submit,
    opPermissions: { insert: BATCH_DRAFT_PERMS.add, delete: BATCH_DRAFT_PERMS.batchDelete },
    fields: ['payeeName', 'payeeAcctNo', 'bankCardNo', 'amount', 'remark'],
    maxRows: MAX_BATCH_ROWS,
  },
};
export const DRAFT_ID_RX = /^[A-Za-z0-9_-]{6,40}$/;
/** The page of a pageId; undefined for an unknown kind or a malformed draft. */
export function vxePage(pageId: string): VxePage | undefined {
  const [kind = '', draft, ...rest] = pageId.split('.');
  if (rest.length || (draft !== undefined && !DRAFT_ID_RX.test(draft))) return undefined;
  return Object.hasOwn(VXE_PAGES, kind) ? VXE_PAGES[kind] : undefined;
}
export const draftPageId = (kind: string, draftId: string) => `${kind}.${draftId}`;

/** Longest text a cell may hold. */
export const VXE_MAX_VALUE = 200;

export type CellValue = string | number | boolean | null;

/** A row as the server keeps it. */
export interface SyncedRow {
  rowKey: string;
  version: number;
  /** Position among the page's rows (ascending). */
  sort: number;
  values: Record<string, CellValue>;
}

const rowKey = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, VXE_MSG.badMessage);
const cellValue = z.union([z.string().max(VXE_MAX_VALUE, VXE_MSG.valueTooLong), z.number().finite(), z.boolean(), z.null()]);
const values = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, VXE_MSG.fieldUnknown), cellValue);
const sort = z.number().finite();
const opId = z.string().min(1).max(40);

export const rowOpSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('insert'), opId, rowKey, sort, values }),
  z.object({ op: z.literal('update'), opId, rowKey, baseVersion: z.number().int().min(1), sort: sort.optional(), values: values.optional() }),
  z.object({ op: z.literal('delete'), opId, rowKey, baseVersion: z.number().int().min(1) }),
]);
export type RowOp = z.infer<typeof rowOpSchema>;

export const socketKeySchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

export const vxeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal(VXE_TYPE.heartBeat), data: z.unknown().optional() }),
  z.object({ type: z.literal(VXE_TYPE.snapshot), data: z.unknown().optional() }),
  z.object({
    type: z.literal(VXE_TYPE.send),
    data: z.object({ type: z.literal(VXE_TYPE.update), socketKey: socketKeySchema, args: z.array(rowOpSchema).min(1).max(100) }),
  }),
]);
export type VxeClientMessage = z.infer<typeof vxeClientMessage>;

/** A client's message as text, read and checked; null when it is not one. */
export function parseClientMessage(text: string): VxeClientMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const m = vxeClientMessage.safeParse(parsed);
  return m.success ? m.data : null;
}

/** What the page hears: a row as it now is, a row gone, or "read everything again" (changes may have been missed). */
export type RowChange = { op: 'upsert'; row: SyncedRow } | { op: 'delete'; rowKey: string } | { op: 'reload' };

export type OpRefusal = 'stale' | 'gone' | 'exists' | 'full' | 'invalid' | 'forbidden';
/** The answer to one op: landed (with the row as it now is; none for a delete) or refused, with the current row when there is one. */
export type OpResult =
  | { opId: string; rowKey: string; ok: true; row: SyncedRow | null }
  | { opId: string; rowKey: string; ok: false; code: OpRefusal; message: string; current: SyncedRow | null };

export type VxeServerMessage =
  | { type: typeof VXE_TYPE.heartBeat; data: Record<string, never> }
  | { type: typeof VXE_TYPE.snapshot; data: { rows: SyncedRow[] } }
  | { type: typeof VXE_TYPE.send; data: { type: typeof VXE_TYPE.update; socketKey: string; args: RowChange[] } }
  | { type: typeof VXE_TYPE.ack; data: OpResult[] }
  | { type: typeof VXE_TYPE.error; data: { message: string } };

/**
 * Whether `op` may land on the row as it is now (null: no such row): the one rule of versions, used
 * by the server and by the in-memory room of the gallery. Fields outside the page's are refused.
 */
export function judgeWrite(page: Pick<VxePage, 'fields'>, current: SyncedRow | null, op: RowOp, rowCount: number, maxRows: number): OpRefusal | null {
  const given = op.op === 'delete' ? [] : Object.keys(op.values ?? {});
  if (given.some((f) => !page.fields.includes(f))) return 'invalid';
  if (op.op === 'insert') {
    if (current) return 'exists';
    return rowCount >= maxRows ? 'full' : null;
  }
  // Deleting a row that is already gone is what the deleter wanted.
  if (!current) return op.op === 'delete' ? null : 'gone';
  return current.version === op.baseVersion ? null : 'stale';
}

export const refusalMessage = (code: OpRefusal): string =>
  ({ stale: VXE_MSG.stale, gone: VXE_MSG.gone, exists: VXE_MSG.exists, full: VXE_MSG.full, invalid: VXE_MSG.fieldUnknown, forbidden: VXE_MSG.pageUnknown })[
    code
  ];

/** The permission an op needs besides the page's (an insert or a delete on a page that names one), and the refusal text. */
export function opPermissionOf(page: Pick<VxePage, 'opPermissions'>, op: RowOp): { code: string; message: string } | null {
  if (op.op === 'insert' && page.opPermissions?.insert) return { code: page.opPermissions.insert, message: VXE_MSG.noAdd };
  if (op.op === 'delete' && page.opPermissions?.delete) return { code: page.opPermissions.delete, message: VXE_MSG.noDelete };
  return null;
}

/** The row after an op that judgeWrite let through (null: deleted). */
export function applyOp(current: SyncedRow | null, op: RowOp): SyncedRow | null {
  if (op.op === 'delete') return null;
  if (op.op === 'insert') return { rowKey: op.rowKey, version: 1, sort: op.sort, values: { ...op.values } };
  const base = current!;
  return { rowKey: base.rowKey, version: base.version + 1, sort: op.sort ?? base.sort, values: { ...base.values, ...(op.values ?? {}) } };
}
