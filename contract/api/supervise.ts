// Fund supervision (issue 18 §4, the spec's supervise area: svBoss, svSupplier, svCus): the calls,
// permission codes, states, messages and the alert thresholds. A supervised fund is the part of a
// customer's supervised account held for one supplier and contract; release (to the supplier) and
// refund (to the customer) requests are decided by a supervisor who did not raise them.
import { z } from 'zod';
import { AMOUNT_MSG, parseYuan } from '../money';

export type SvSide = 'boss' | 'supplier' | 'cus';
export const SV_SIDES: readonly SvSide[] = ['boss', 'supplier', 'cus'];
export const SV_P = {
  /** Each page's own lists: the supervisor sees every fund; a supplier or customer user only its own. */
  funds: (side: SvSide) => `/supervise/${side}/fund/list`,
  requests: (side: SvSide) => `/supervise/${side}/request/list`,
  deposit: '/supervise/fund/deposit',
  raiseRelease: '/supervise/request/release',
  raiseRefund: '/supervise/request/refund',
  cancel: '/supervise/request/cancel',
  approve: '/supervise/request/approve',
  reject: '/supervise/request/reject',
  freeze: '/supervise/supplier/freeze',
  unfreeze: '/supervise/supplier/unfreeze',
  alerts: '/supervise/alerts',
} as const;

export const SV_PERM_PREFIX = 'supervise:';
export const SV_PERMS = {
  bossView: 'supervise:boss:view',
  approve: 'supervise:boss:approve',
  freeze: 'supervise:boss:freeze',
  supplierView: 'supervise:supplier:view',
  release: 'supervise:supplier:release',
  cusView: 'supervise:cus:view',
  refund: 'supervise:cus:refund',
  deposit: 'supervise:cus:deposit',
} as const;

/** The permission that opens each side's lists. */
export const SV_VIEW_PERM: Record<SvSide, string> = { boss: SV_PERMS.bossView, supplier: SV_PERMS.supplierView, cus: SV_PERMS.cusView };

/** Live kind (server/realtime/liveFeed.ts) of release and refund requests. */
export const SV_LIVE = 'supervise';

/** A release request above this share of its fund's balance raises an alert. */
export const SV_ALERT_SHARE = 0.5;
/** A supplier with at least this many refund requests in the last 30 days raises an alert. */
export const SV_ALERT_REFUNDS = 3;

export type SvRequestKind = 'release' | 'refund';
export const SV_KIND_TEXT: Record<SvRequestKind, string> = { release: '放款', refund: '退款' };
export type SvRequestStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';
export const SV_STATUS_TEXT: Record<SvRequestStatus, string> = { pending: '待审批', approved: '已通过', rejected: '已驳回', cancelled: '已撤销' };

export const SV_MSG = {
  fundNotFound: '监管资金不存在',
  requestNotFound: '申请不存在',
  customerNotFound: '客户不存在',
  supplierNotFound: '供应商不存在',
  notSupplier: '收款方须为供应商',
  sameParty: '客户与供应商不能相同',
  fromSupervised: '不能从监管账户存入监管资金',
  overBalance: '申请金额超过可用监管余额',
  notPending: '该申请已处理',
  ownRequest: '不能审批自己发起的申请',
  notYours: '只能撤销自己发起的申请',
  supplierFrozen: (reason: string) => `该供应商的放款已被冻结：${reason}`,
  alreadyFrozen: '该供应商的放款已冻结',
  notFrozen: '该供应商的放款未冻结',
  evidenceRequired: '请上传交付证明文件',
  evidenceNotFound: '证明文件不存在',
  noBasicAccount: '收款方没有可用的基本账户',
  reasonRequired: '请输入原因',
  reasonTooLong: '原因不能超过200个字符',
  contractRequired: '请输入合同编号',
  contractBad: '合同编号只能包含字母、数字和短横线，不超过32位',
  onlySupplier: '只有供应商可以申请放款',
  onlyCustomer: '只有客户可以申请退款',
} as const;

const amount = z.string({ message: AMOUNT_MSG }).refine((s) => parseYuan(s) !== null, AMOUNT_MSG);
const reason = z.string({ message: SV_MSG.reasonRequired }).trim().min(1, SV_MSG.reasonRequired).max(200, SV_MSG.reasonTooLong);
const id = z.string().trim().min(1).max(64);
const code = z.string().trim().min(1).max(32);
const key = z.string().trim().min(8).max(64);

export const depositBody = z.object({
  cusCode: code,
  supplierCode: code,
  contractNo: z
    .string({ message: SV_MSG.contractRequired })
    .trim()
    .min(1, SV_MSG.contractRequired)
    .regex(/^[A-Za-z0-9-]{1,32}$/, SV_MSG.contractBad),
  amount,
  /** The customer's own account the money comes from (default: its basic account). */
  fromAcctNo: z.string().trim().min(1).max(32).optional(),
  idempotencyKey: key,
});
export const raiseBody = z.object({
  fundId: id,
  amount,
  reason,
  /** Evidence: stored paths of files uploaded through the upload call (the upload widget's value, split). */
  filePaths: z.array(z.string().trim().min(1).max(500)).max(10).optional(),
  idempotencyKey: key,
});
export const requestIdBody = z.object({ id });
export const rejectBody = z.object({ id, reason });
export const freezeBody = z.object({ supplierCode: code, reason });
export const unfreezeBody = z.object({ supplierCode: code });

export interface SvFundRow {
  id: string;
  cusCode: string;
  cusName: string;
  supplierCode: string;
  supplierName: string;
  contractNo: string;
  accountNo: string;
  balance: string;
  reserved: string;
  available: string;
  deposited: string;
  released: string;
  refunded: string;
  pendingCount: number;
  frozenReason: string | null;
  updateTime: string;
}
export interface SvFile {
  id: string;
  fileName: string;
}
export interface SvRequestRow {
  id: string;
  requestNo: string;
  fundId: string;
  kind: SvRequestKind;
  cusCode: string;
  cusName: string;
  supplierCode: string;
  supplierName: string;
  contractNo: string;
  amount: string;
  fundBalance: string;
  reason: string;
  status: SvRequestStatus;
  raisedBy: string;
  raisedName: string;
  decidedName: string | null;
  decideReason: string | null;
  files: SvFile[];
  createTime: string;
  decideTime: string | null;
  /** The viewer raised it (so may cancel it and may not decide it). */
  mine: boolean;
}
export interface SvAlert {
  kind: 'large_release' | 'many_refunds';
  text: string;
  supplierCode: string;
  requestId: string | null;
}

/** The raise form of both views (the upload widget's value is the stored paths joined by commas). */
export const raiseForm = (kind: SvRequestKind) =>
  z.object({
    amount,
    reason,
    files: kind === 'release' ? z.string({ message: SV_MSG.evidenceRequired }).min(1, SV_MSG.evidenceRequired) : z.string().optional(),
  });
export type RaiseFormValues = { amount: string; reason: string; files?: string };
