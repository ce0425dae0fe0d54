// Payment orders with four-eyes approval (issue 4 §2-§3), adjust, distribution, refund, invoices,
// customer enable/disable, the payment and operation passwords and data decryption, in the business
// envelope of §7 ({ status, body }). Amounts travel as yuan strings (contract/money.ts); every call
// that moves money (or reserves it) carries a client-chosen idempotencyKey.
//
// One order model for every kind (single, batch, adjust, distribution, refund):
//   draft → pending (submitted; a debit's funds are reserved with a ledger hold) → approved →
//   executing → succeeded | failed | partial (batch: some rows failed)
//   pending → rejected (reason required; hold released) | cancelled (maker only; hold released)
//   draft → cancelled
// Decisions: PayOrderAuditPass / PayOrderAuditReject take any kind (PayBatchAuditPass/Reject are
// the same calls under the batch names). The maker can never approve their own order (403).
// An approve request carries the version each order had when the approver saw it.
import { z } from 'zod';
import { amountField, parseYuan } from '../money';
import { RX, V } from '../validation';
import { idempotencyKey } from './ledger';
import { PASSKEY_MSG, passkeyApproval } from './passkey';
import { PAY_MSG, type PayOrderAction, type PayOrderKind, type PayOrderStatus } from './payWire';

export * from './payWire';

export const MAX_BATCH_ROWS = 10_000;
/** The payment password rule (§5 default); one place so client and server agree. */
export const PAY_PWD_RULE = { pattern: RX.password, message: V.passwordRule } as const;

// ---- request bodies ----
const envelope = { context: z.record(z.string(), z.unknown()).optional() };
const page = z.object({ pageSize: z.number().int().min(1).max(200), pageNum: z.number().int().min(1).max(100_000) }).optional();
const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
const optText = (max: number) => z.string().trim().max(max, `最多${max}个字符`).default('');
const acctNo = text(40, '账户不存在');
const cusCode = z.string({ error: V.cusCodeEmpty }).trim().min(1, V.cusCodeEmpty).max(50, V.cusCodeEmpty);
const orderId = text(64, PAY_MSG.orderNotFound);
const encoded = (required: string) => z.string({ error: required }).min(1, required).max(512, required);

/** Payee of a single pay or a batch row: an account of the tenant OR an external bank card. */
export const payeeFields = {
  payeeName: text(50, PAY_MSG.payeeName),
  payeeAcctNo: z.string().trim().max(40).optional(),
  bankCardNo: z.string().trim().max(30).optional(),
};
const payeeCheck = (v: { payeeAcctNo?: string; bankCardNo?: string }, ctx: z.RefinementCtx) => {
  const acct = !!v.payeeAcctNo,
    card = !!v.bankCardNo;
  if (!acct && !card) ctx.addIssue({ code: 'custom', message: PAY_MSG.payeeRequired, path: ['payeeAcctNo'] });
  else if (acct && card) ctx.addIssue({ code: 'custom', message: PAY_MSG.payeeBoth, path: ['bankCardNo'] });
  else if (card && !RX.bankCard.test(v.bankCardNo!)) ctx.addIssue({ code: 'custom', message: V.bankCard, path: ['bankCardNo'] });
};

export const singlePayload = z.object({ fromAcctNo: acctNo, ...payeeFields, amount: amountField, remark: optText(200) }).superRefine(payeeCheck);
export const orderSubmitBody = z.object({ ...envelope, ...singlePayload.shape, draft: z.boolean().default(false), idempotencyKey }).superRefine(payeeCheck);

/** A batch row as the grid or the .xlsx holds it; validated by validateBatchRows (row numbers in messages). */
export interface BatchRowInput {
  payeeName?: unknown;
  payeeAcctNo?: unknown;
  bankCardNo?: unknown;
  amount?: unknown;
  remark?: unknown;
}
export interface BatchRow {
  payeeName: string;
  payeeAcctNo: string | null;
  bankCardNo: string | null;
  amount: string;
  remark: string;
}
const rowSchema = z
  .object({
    payeeName: z.string({ error: PAY_MSG.payeeName }).trim().min(1, PAY_MSG.payeeName).max(50, PAY_MSG.payeeName),
    payeeAcctNo: z.string().trim().max(40, '账户不存在').optional(),
    bankCardNo: z.string().trim().max(30, V.bankCard).optional(),
    amount: amountField,
    remark: z.string().trim().max(200, '备注最多200个字符').optional(),
  })
  .superRefine(payeeCheck);
const str = (v: unknown) => (v === null || v === undefined ? undefined : typeof v === 'number' ? String(v) : v);

/** All-or-nothing: the first bad row's message is '第N行：…' (N counts from 1). */
export function validateBatchRows(
  rows: BatchRowInput[],
): { ok: true; rows: BatchRow[]; totalFen: bigint } | { ok: false; rowNo: number; message: string; reason: string } {
  if (!rows.length) return { ok: false, rowNo: 0, message: PAY_MSG.rowsEmpty, reason: PAY_MSG.rowsEmpty };
  if (rows.length > MAX_BATCH_ROWS) return { ok: false, rowNo: 0, message: PAY_MSG.rowsTooMany, reason: PAY_MSG.rowsTooMany };
  const out: BatchRow[] = [];
  let totalFen = 0n;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] ?? {};
    const parsed = rowSchema.safeParse({
      payeeName: str(r.payeeName),
      payeeAcctNo: str(r.payeeAcctNo) || undefined,
      bankCardNo: str(r.bankCardNo) || undefined,
      amount: str(r.amount),
      remark: str(r.remark) || undefined,
    });
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? V.required;
      return { ok: false, rowNo: i + 1, message: PAY_MSG.row(i + 1, reason), reason };
    }
    const v = parsed.data;
    totalFen += parseYuan(v.amount)!;
    out.push({ payeeName: v.payeeName, payeeAcctNo: v.payeeAcctNo || null, bankCardNo: v.bankCardNo || null, amount: v.amount, remark: v.remark ?? '' });
  }
  return { ok: true, rows: out, totalFen };
}

export const batchPayload = z.object({
  fromAcctNo: acctNo,
  rows: z.array(z.record(z.string(), z.unknown()), { error: PAY_MSG.rowsEmpty }).min(1, PAY_MSG.rowsEmpty).max(MAX_BATCH_ROWS, PAY_MSG.rowsTooMany),
  remark: optText(200),
});
/** The live draft grid the rows came from (issue 16): once submitted, those rows leave it on the server, for everyone. */
export const draftRowsField = z
  .object({
    pageId: z.string().max(64),
    rowKeys: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).max(MAX_BATCH_ROWS, PAY_MSG.rowsTooMany),
  })
  .optional();
export const batchSubmitBody = z.object({ ...envelope, ...batchPayload.shape, draft: z.boolean().default(false), idempotencyKey, draftRows: draftRowsField });

export const adjustPayload = z.object({
  acctNo,
  direction: z.enum(['credit', 'debit'], { error: PAY_MSG.adjustDirection }),
  amount: amountField,
  reason: text(200, PAY_MSG.adjustReason),
});
export const adjustApplyBody = z.object({ ...envelope, ...adjustPayload.shape, draft: z.boolean().default(false), idempotencyKey });

export const refundPayload = z.object({ origOrderId: orderId, amount: amountField, reason: text(200, PAY_MSG.refundReason) });
export const refundApplyBody = z.object({ ...envelope, ...refundPayload.shape, draft: z.boolean().default(false), idempotencyKey });

/** Ratio in percent with at most 2 decimals ('33.33'); fixed amounts are yuan strings. */
export const RATIO_RX = /^(100(\.0{1,2})?|[1-9]?\d(\.\d{1,2})?)$/;
export const distributionPayload = z.object({
  fromAcctNo: acctNo,
  amount: amountField,
  mode: z.enum(['ratio', 'fixed'], { error: '请选择分账方式' }),
  receivers: z
    .array(z.object({ acctNo, ratio: z.string().trim().optional(), amount: z.string().trim().optional() }), { error: PAY_MSG.distReceivers })
    .min(1, PAY_MSG.distReceivers)
    .max(100, '分账接收方最多100个'),
  /** Account that takes the rounding remainder (ratio mode; required there). */
  remainderAcctNo: z.string().trim().max(40).optional(),
  remark: optText(200),
});
export const distributionApplyBody = z.object({ ...envelope, ...distributionPayload.shape, draft: z.boolean().default(false), idempotencyKey });

export const orderEditBody = z.object({
  ...envelope,
  orderId,
  version: z.number({ error: '缺少订单版本' }).int().min(1),
  /** Fields of the kind's submit payload to change (the rest stays); validated as a whole again. */
  patch: z.record(z.string(), z.unknown()),
  /** A draft: submit it after the edit. */
  submit: z.boolean().default(false),
});
export const orderCancelBody = z.object({ ...envelope, orderId, reason: optText(200) });
export const orderInquiryBody = z.object({
  ...envelope,
  page,
  status: z.enum(['draft', 'pending', 'approved', 'executing', 'succeeded', 'failed', 'partial', 'rejected', 'cancelled']).optional(),
  kind: z.enum(['single', 'batch', 'adjust', 'distribution', 'refund']).optional(),
  /** Orders I made. */
  mine: z.boolean().optional(),
  /** Pending orders I may decide (others' orders, I hold pay:order:approve). */
  pendingForMe: z.boolean().optional(),
  orderNo: z.string().trim().max(40).optional(),
  cusCode: z.string().trim().max(50).optional(),
});
export const orderDetailBody = z.object({ ...envelope, orderId, rowsPage: page });
const ids = z.array(orderId, { error: '请选择订单' }).min(1, '请选择订单').max(200, '一次最多处理200个订单');
export const auditPassBody = z
  .object({
    ...envelope,
    orderIds: ids,
    /** versions[i] is the version of orderIds[i] the approver saw. */
    versions: z.array(z.number().int().min(1), { error: '缺少订单版本' }),
    /** encodePassword(plain) like the login password; or, instead, `passkey` (contract/api/passkey.ts). */
    payPwd: encoded(PAY_MSG.payPwdRequired).optional(),
    /** An assertion over the challenge of exactly these orders at these versions (PayOrderPasskeyChallenge). */
    passkey: passkeyApproval.optional(),
  })
  .refine((b) => b.versions.length === b.orderIds.length, { message: '缺少订单版本', path: ['versions'] })
  .refine((b) => !!b.payPwd || !!b.passkey, { message: PAY_MSG.payPwdRequired, path: ['payPwd'] })
  .refine((b) => !(b.payPwd && b.passkey), { message: PASSKEY_MSG.oneFactor, path: ['passkey'] });
export const auditRejectBody = z.object({
  ...envelope,
  orderIds: ids,
  reason: z.string({ error: PAY_MSG.rejectReason }).trim().min(1, PAY_MSG.rejectReason).max(200, '驳回原因最多200个字符'),
});

export const customerEnableBody = z.object({ ...envelope, cusCode });
export const customerDisableBody = z.object({ ...envelope, cusCode, reason: text(200, PAY_MSG.disableReason) });

export const invoiceApplyBody = z.object({
  ...envelope,
  cusCode,
  amount: amountField,
  title: text(100, PAY_MSG.invoiceTitle),
  taxNo: optText(30),
  remark: optText(200),
  idempotencyKey,
});
export const invoiceMakeBody = z.object({ ...envelope, invoiceId: text(64, PAY_MSG.invoiceNotFound) });
export const invoiceInquiryBody = z.object({
  ...envelope,
  page,
  cusCode: z.string().trim().max(50).optional(),
  status: z.enum(['applied', 'issued']).optional(),
});

/** payPwd / payPwdOld are encodePassword()d. First set (no payment password yet): payPwdOld is the login password. */
export const payPwdModifyBody = z.object({ ...envelope, cusCode, payPwd: encoded(V.payNewRequired), payPwdOld: encoded(V.payOldRequired) });
export const opPwdSetBody = z.object({
  ...envelope,
  opPsw: encoded('请输入操作密码'),
  captcha: z.string({ error: V.captchaRequired }).trim().min(1, V.captchaRequired).max(10, V.captchaRequired),
});
export const dataDecryptionBody = z.object({
  ...envelope,
  type: z.string().trim().max(20).default(''),
  mobile: z.string({ error: V.mobileRequired }).trim().min(1, V.mobileRequired).max(20, V.mobileInvalid),
  captcha: z.string({ error: V.smsCaptchaRequired }).trim().min(1, V.smsCaptchaRequired).max(10, V.smsCaptchaRequired),
});

// ---- answers (body of the envelope) ----
export interface PageInfo {
  count: number;
  pageSize: number;
  offset: number;
}
export interface PayOrderView {
  orderId: string;
  orderNo: string;
  kind: PayOrderKind;
  kindText: string;
  status: PayOrderStatus;
  statusText: string;
  version: number;
  /** Debited account (single, batch, distribution, adjust debit; refund: the original payee's account). */
  fromAcctNo: string | null;
  fromCusCode: string | null;
  fromCusName: string | null;
  /** Single pay: the payee; refund: the original payer's account; adjust credit: the credited account. */
  payeeName: string | null;
  payeeAcctNo: string | null;
  /** Masked ('6222********1234') unless the session is decrypted. */
  bankCardNo: string | null;
  amount: string;
  /** Issue 18: the fee priced at submit, the amount + fee debited (and reserved), and a refund's share of the original's fee given back. */
  fee?: string;
  debitTotal?: string;
  feeBack?: string;
  remark: string;
  /** Adjust only. */
  direction: 'credit' | 'debit' | null;
  /** Refund only. */
  origOrderId: string | null;
  /** Single pay: total refunded so far (succeeded refunds). */
  refundedAmount: string;
  rowCount: number;
  succeededCount: number;
  failedCount: number;
  makerId: string;
  makerName: string;
  approverId: string | null;
  approverName: string | null;
  rejectReason: string | null;
  failReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
  finishedAt: string | null;
  /** The caller may approve or reject it now (pending, not theirs, holds pay:order:approve). */
  canAudit: boolean;
  /** The caller may edit or cancel it now (draft or pending, theirs). */
  canEdit: boolean;
}
export interface PayOrderEventView {
  action: PayOrderAction;
  actionText: string;
  actorId: string;
  actorName: string;
  fromStatus: string | null;
  toStatus: string;
  reason: string;
  version: number;
  createdAt: string;
  /** The name of the passkey that approved (issue 20), null for the payment password and other actions. */
  passkey: string | null;
}
export type BatchRowStatus = 'pending' | 'succeeded' | 'failed';
export interface BatchRowView {
  rowNo: number;
  payeeName: string;
  payeeAcctNo: string | null;
  bankCardNo: string | null;
  amount: string;
  fee?: string;
  remark: string;
  status: BatchRowStatus;
  failReason: string | null;
}
export interface DistributionSplitView {
  acctNo: string;
  amount: string;
  ratio: string | null;
  remainder: boolean;
}
export interface PayOrderDetail {
  order: PayOrderView;
  events: PayOrderEventView[];
  rows: BatchRowView[];
  rowsPage: PageInfo;
  splits: DistributionSplitView[];
}
export interface AuditOutcome {
  orderId: string;
  ok: boolean;
  /** HTTP-like code of this order's outcome: 200, 403, 404, 409. */ code: number;
  message: string;
  status: PayOrderStatus | null;
}
/** Body of PayOrderAuditPass / Reject. With ONE order a failure answers its HTTP status instead. */
export interface AuditResult {
  results: AuditOutcome[];
  passed: number;
  failed: number;
}
export interface InvoiceView {
  invoiceId: string;
  cusCode: string;
  amount: string;
  title: string;
  taxNo: string;
  remark: string;
  status: 'applied' | 'issued';
  statusText: string;
  invoiceNo: string | null;
  appliedBy: string;
  issuedBy: string | null;
  createdAt: string;
  issuedAt: string | null;
}
/** Body of InvoiceInquiry; invoiceable (yuan) when cusCode was given: succeeded payments − invoiced. */
export interface InvoiceInquiryResult {
  listData: InvoiceView[];
  page: PageInfo;
  invoiceable: string | null;
  paid: string | null;
  invoiced: string | null;
}
export interface BatchImportResult {
  rows: BatchRow[];
  count: number;
  total: string;
}
/** Body of UserDataDecryption: the new (decrypted) session's tokens (access 1 h, refresh 1 day). */
export interface DecryptionResult {
  accessToken: string;
  refreshToken: string;
  token: string;
  expiresIn: number;
}

/** '6222021234567890123' → '6222***********0123'; null stays null. */
export function maskCard(card: string | null): string | null {
  if (!card) return card;
  return card.length <= 8 ? card : `${card.slice(0, 4)}${'*'.repeat(card.length - 8)}${card.slice(-4)}`;
}
/** '13800138000' → '138****8000'. */
export function maskMobile(m: string | null | undefined): string | null {
  if (!m) return m ?? null;
  return m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m;
}
/** The user's own mobile as the profile shows it: masked unless the session was decrypted (数据解密, §4). */
export function shownMobile(u: { mobile?: string; mobileDesensitized?: string } | null | undefined, decrypted: boolean): string {
  return (decrypted ? u?.mobile : u?.mobileDesensitized || maskMobile(u?.mobile)) ?? '';
}
