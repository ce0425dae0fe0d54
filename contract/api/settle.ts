// Settlement and reconciliation (issue 18 §3): the calls, permission codes, states and messages.
// Settlement pays each customer's settlement account (its payable balance less what the customer's
// rule keeps back) to the bound card through the channel, as a batch of items; reconciliation
// matches the channel's daily statement against our channel orders and ledger and lists the
// differences an operator resolves. Amounts on the wire are yuan strings (contract/money.ts).
import { z } from 'zod';
import { AMOUNT_MSG, parseYuan } from '../money';

export const SETTLE_P = {
  ruleList: '/settle/rule/list',
  ruleSave: '/settle/rule/save',
  batchList: '/settle/batch/list',
  itemList: '/settle/item/list',
  run: '/settle/run',
  itemRetry: '/settle/item/retry',
  itemHandle: '/settle/item/handle',
  reconDays: '/settle/recon/days',
  reconItems: '/settle/recon/items',
  reconRun: '/settle/recon/run',
  reconProviderWrong: '/settle/recon/providerWrong',
  reconProposeAdjust: '/settle/recon/proposeAdjust',
  reconApproveAdjust: '/settle/recon/approveAdjust',
  reconRejectAdjust: '/settle/recon/rejectAdjust',
  reconClose: '/settle/recon/close',
} as const;

export const SETTLE_PERM_PREFIX = 'settle:';
export const SETTLE_PERMS = {
  batchList: 'settle:batch:list',
  run: 'settle:batch:run',
  itemHandle: 'settle:item:handle',
  ruleEdit: 'settle:rule:edit',
  reconList: 'settle:recon:list',
  reconRun: 'settle:recon:run',
  reconResolve: 'settle:recon:resolve',
  reconApprove: 'settle:recon:approve',
  reconClose: 'settle:recon:close',
} as const;

/** Live kind (server/realtime/liveFeed.ts) of settlement items and reconciliation differences. */
export const SETTLE_LIVE = 'settle';

export type SettleCycle = 'T1' | 'manual';
export const SETTLE_CYCLE_TEXT: Record<SettleCycle, string> = { T1: 'T+1自动结算', manual: '仅手动结算' };
export type SettleItemStatus = 'queued' | 'pending' | 'succeeded' | 'failed' | 'handled';
export const SETTLE_ITEM_STATUS_TEXT: Record<SettleItemStatus, string> = {
  queued: '待出款',
  pending: '出款中',
  succeeded: '结算成功',
  failed: '结算失败',
  handled: '已人工处理',
};
export type SettleBatchStatus = 'processing' | 'completed' | 'partial';
export const SETTLE_BATCH_STATUS_TEXT: Record<SettleBatchStatus, string> = { processing: '处理中', completed: '已完成', partial: '部分失败' };

export type ReconKind = 'missing_ours' | 'missing_theirs' | 'amount_differs';
export const RECON_KIND_TEXT: Record<ReconKind, string> = { missing_ours: '我方缺失', missing_theirs: '渠道缺失', amount_differs: '金额不符' };
export type ReconItemStatus = 'open' | 'adjust_pending' | 'adjusted' | 'provider_wrong';
export const RECON_STATUS_TEXT: Record<ReconItemStatus, string> = {
  open: '待处理',
  adjust_pending: '调账待复核',
  adjusted: '已调账',
  provider_wrong: '渠道差错',
};
export type ReconDayStatus = 'open' | 'closed';
export const RECON_DAY_STATUS_TEXT: Record<ReconDayStatus, string> = { open: '未关账', closed: '已关账' };

export const SETTLE_MSG = {
  ruleNotFound: '客户不存在',
  keepBack: AMOUNT_MSG,
  batchNotFound: '结算批次不存在',
  itemNotFound: '结算明细不存在',
  notFailed: '只有结算失败的明细可以重试或人工处理',
  nothingPayable: '没有可结算的余额',
  reasonRequired: '请输入原因',
  reasonTooLong: '原因不能超过200个字符',
  dayInvalid: '请输入正确的对账日期（YYYY-MM-DD）',
  dayFuture: '只能对今天及以前的日期对账',
  dayNotFound: '该日尚未对账',
  reconItemNotFound: '对账差错不存在',
  notOpen: '该差错已处理',
  notAdjustPending: '该差错没有待复核的调账',
  ownAdjust: '不能复核自己发起的调账',
  openLeft: (n: number) => `仍有${n}条差错未处理，不能关账`,
  dayClosed: '该日已关账',
  notReconciled: '该日尚未对账',
  statementUnreadable: (reason: string) => `渠道对账单无法读取：${reason}`,
} as const;

const reason = z.string({ message: SETTLE_MSG.reasonRequired }).trim().min(1, SETTLE_MSG.reasonRequired).max(200, SETTLE_MSG.reasonTooLong);
const id = z.string().trim().min(1).max(64);
export const DAY_RX = /^\d{4}-\d{2}-\d{2}$/;
export const daySchema = z
  .string({ message: SETTLE_MSG.dayInvalid })
  .regex(DAY_RX, SETTLE_MSG.dayInvalid)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), SETTLE_MSG.dayInvalid);
/** '0' or a yuan amount: what the customer keeps back on the settlement account. */
const keepBack = z.string({ message: AMOUNT_MSG }).refine((s) => s.trim() === '0' || s.trim() === '0.00' || parseYuan(s) !== null, AMOUNT_MSG);

export const ruleSaveBody = z.object({ cusCode: z.string().trim().min(1).max(32), cycle: z.enum(['T1', 'manual']), keepBack });
export const runBody = z.object({
  /** On demand: these customers (any cycle); absent → every customer on the T+1 cycle. */
  cusCodes: z.array(z.string().trim().min(1).max(32)).min(1).max(1000).optional(),
  idempotencyKey: z.string().trim().min(8).max(64),
});
export const itemRetryBody = z.object({ itemId: id });
export const itemHandleBody = z.object({ itemId: id, reason });
export const reconRunBody = z.object({ day: daySchema });
export const reconReasonBody = z.object({ id, reason });
export const reconIdBody = z.object({ id });
export const reconCloseBody = z.object({ day: daySchema });

export interface SettleRuleRow {
  id: string;
  cusCode: string;
  cusName: string;
  cycle: SettleCycle;
  keepBack: string;
  settleAcctNo: string | null;
  available: string | null;
  updatedAt: string | null;
}
export interface SettleBatchRow {
  id: string;
  batchNo: string;
  trigger: 'scheduled' | 'manual';
  cutoff: string;
  status: SettleBatchStatus;
  itemCount: number;
  succeeded: number;
  failed: number;
  total: string;
  paid: string;
  createTime: string;
}
export interface SettleItemRow {
  id: string;
  batchId: string;
  batchNo: string;
  cusCode: string;
  cusName: string;
  accountNo: string;
  cardNo: string;
  amount: string;
  status: SettleItemStatus;
  attempts: number;
  failReason: string | null;
  handledReason: string | null;
  updateTime: string;
}
export interface ReconDayRow {
  id: string;
  day: string;
  status: ReconDayStatus;
  statementLines: number;
  ourOrders: number;
  matched: number;
  differences: number;
  open: number;
  runs: number;
  lastRunAt: string;
}
export interface ReconItemRow {
  id: string;
  day: string;
  ref: string;
  kind: ReconKind;
  orderId: string | null;
  ourAmount: string | null;
  theirAmount: string | null;
  theirFee: string | null;
  status: ReconItemStatus;
  proposedBy: string | null;
  resolvedBy: string | null;
  resolveReason: string | null;
  updateTime: string;
}
export interface ReconResult {
  day: string;
  statementLines: number;
  ourOrders: number;
  matched: number;
  missingOurs: number;
  missingTheirs: number;
  amountDiffers: number;
  open: number;
}
