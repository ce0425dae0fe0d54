// Pure rules of the merchantPlatform pages (no React, no UI kit; tests/unit/merchant-rules.test.ts):
// amounts and statuses as shown, the receiver grid's columns per split mode, the form's values as
// the DistributionApply call takes them, and the live split preview (the contract's split, so the
// preview is exactly what the server will post, fen for fen).
import { CUSTOMER_TYPE_TEXT, type CustomerStatus, type CustomerView, type EntryView } from '@contract/api/ledger';
import { CUSTOMER_STATUS_TEXT, checkDistribution, splitDistribution, type DistributionMode } from '@contract/api/merchant';
import { PAY_MSG, PAY_ORDER_STATUS_TEXT, RATIO_RX } from '@contract/api/pay';
import { fenText, formatFen, parseYuan } from '@contract/money';
import { hasPermission } from '@contract/permission';
import { formatDateTime } from '@contract/time';
import type { PermissionEntry } from '@contract/types';
import { V } from '@contract/validation';
import type { GridColumn, GridRow } from '@/components/grid/gridTypes';
import type { DistributionInput } from './api';

export const CUSTOMER_TYPE_OPTIONS = Object.entries(CUSTOMER_TYPE_TEXT).map(([value, label]) => ({ value, label }));
export const CUSTOMER_STATUS_OPTIONS = Object.entries(CUSTOMER_STATUS_TEXT).map(([value, label]) => ({ value, label }));
/** Tag of a customer's status ('green' / 'red' read by both list views). */
export const customerStatusTag = (status: CustomerStatus) => ({ text: CUSTOMER_STATUS_TEXT[status] ?? status, color: status === 'enabled' ? 'green' : 'red' });

/** Why, by whom and when a disabled customer was disabled (the detail's 停用原因 / 停用人 / 停用时间); null for an enabled customer. */
export function disabledBy(c: CustomerView): { reason: string; by: string; at: string } | null {
  if (c.status !== 'disabled') return null;
  return { reason: c.statusReason || '—', by: c.statusChangedBy || '—', at: c.statusChangedAt ? formatDateTime(c.statusChangedAt) : '—' };
}

export const MODE_OPTIONS: { value: DistributionMode; label: string }[] = [
  { value: 'ratio', label: '按比例' },
  { value: 'fixed', label: '固定金额' },
];

/** The receiver grid: the account, and the ratio (%) or the fixed amount (yuan) by mode. */
export function receiverColumns(mode: DistributionMode): GridColumn[] {
  const acct: GridColumn = {
    key: 'acctNo',
    title: '接收账户',
    type: 'input',
    width: 230,
    placeholder: '请输入接收账户',
    validateRules: [
      { required: true, message: '请输入${title}' },
      { unique: true, message: PAY_MSG.distDuplicate },
    ],
  };
  if (mode === 'ratio')
    return [
      acct,
      {
        key: 'ratio',
        title: '分账比例（%）',
        type: 'inputNumber',
        width: 140,
        statistics: 'sum',
        placeholder: '如 33.33',
        validateRules: [{ required: true, message: PAY_MSG.distRatio }, { handler: (v) => (ratioOk(v) ? null : PAY_MSG.distRatio) }],
      },
    ];
  return [
    acct,
    {
      key: 'amount',
      title: '分账金额（元）',
      type: 'inputNumber',
      width: 150,
      money: true,
      statistics: 'sum',
      placeholder: '请输入金额',
      validateRules: [{ required: true, message: '请输入${title}' }, { handler: (v) => (parseYuan(String(v ?? '')) === null ? V.amount : null) }],
    },
  ];
}
const ratioOk = (v: unknown) => RATIO_RX.test(String(v ?? '').trim()) && Number(v) > 0;

export interface DistributionValues {
  fromAcctNo?: string;
  amount: string;
  mode: DistributionMode;
  remainderAcctNo?: string;
  remark: string;
}

/** The form as DistributionApply takes it: blank receiver rows dropped, only the mode's field sent. */
export function distributionInput(v: DistributionValues, rows: readonly GridRow[]): DistributionInput {
  const receivers = rows
    .map((r) => ({ acctNo: String(r.acctNo ?? '').trim(), ratio: String(r.ratio ?? '').trim(), amount: String(r.amount ?? '').trim() }))
    .filter((r) => r.acctNo || r.ratio || r.amount)
    .map((r) => (v.mode === 'ratio' ? { acctNo: r.acctNo, ratio: r.ratio } : { acctNo: r.acctNo, amount: r.amount }));
  return {
    fromAcctNo: v.fromAcctNo ?? '',
    amount: v.amount.trim(),
    mode: v.mode,
    receivers,
    remainderAcctNo: v.mode === 'ratio' ? v.remainderAcctNo || undefined : undefined,
    remark: v.remark.trim(),
  };
}

/** Accounts the remainder may go to: the receivers entered so far, in order, once each. */
export function remainderOptions(rows: readonly GridRow[]): { value: string; label: string }[] {
  const nos = [...new Set(rows.map((r) => String(r.acctNo ?? '').trim()).filter(Boolean))];
  return nos.map((no) => ({ value: no, label: no }));
}

export interface PreviewLine {
  key: string;
  acctNo: string;
  ratioText: string;
  amountText: string;
  remainder: boolean;
}
export interface Preview {
  lines: PreviewLine[];
  /** Σ of the lines (equals the amount when the split is valid). */
  totalText: string;
  /** What the floors left, in ratio mode ('¥0.01'); null in fixed mode. */
  remainderText: string | null;
  remainderAcctNo: string | null;
  /** Why there is no split yet (the server's words), else null. */
  message: string | null;
}

const UNCHOSEN = '\u0000';

/** The live preview: the split the server will post, or the first rule the form still breaks. */
export function previewSplit(input: DistributionInput): Preview {
  const empty = (message: string): Preview => ({ lines: [], totalText: fenText(0n), remainderText: null, remainderAcctNo: null, message });
  const amountFen = parseYuan(input.amount);
  if (amountFen === null) return empty(input.amount ? V.amount : '请输入分账总金额');
  if (!input.receivers.length) return empty(PAY_MSG.distReceivers);
  if (input.receivers.some((r) => !r.acctNo)) return empty('请输入接收账户');
  // Until the remainder account is chosen the preview still shows the shares, and the remainder on its own line.
  const pending = input.mode === 'ratio' && !input.remainderAcctNo;
  const split = splitDistribution(amountFen, input.mode, input.receivers, pending ? UNCHOSEN : input.remainderAcctNo);
  if (!split.ok) return empty(split.message);
  const whole = pending ? { ok: false as const, message: PAY_MSG.distRemainder } : input.fromAcctNo ? checkDistribution(input) : split;
  const lines = split.splits.map((s, i) => ({
    key: `${i}-${s.acctNo}`,
    acctNo: s.acctNo === UNCHOSEN ? '（未选择尾差入账账户）' : s.acctNo,
    ratioText: s.ratioBp === null ? '—' : `${formatFen(BigInt(s.ratioBp))}%`,
    amountText: fenText(s.amountFen),
    remainder: s.remainder,
  }));
  const total = split.splits.reduce((sum, s) => sum + s.amountFen, 0n);
  return {
    lines,
    totalText: fenText(total),
    remainderText: input.mode === 'ratio' ? fenText(split.remainderFen) : null,
    remainderAcctNo: input.mode === 'ratio' ? (input.remainderAcctNo ?? null) : null,
    message: whole.ok ? null : whole.message,
  };
}

/** Before submitting: the form's first broken rule in the server's words, else null. */
export function distributionError(input: DistributionInput): string | null {
  if (!input.fromAcctNo) return '请选择付款账户';
  const r = checkDistribution(input);
  return r.ok ? null : r.message;
}

/** Which of the customer's accounts an entry of the detail's recent list moved (its posting on one of them), '—' when none (a freeze). */
export function entryAccount(e: Pick<EntryView, 'amount' | 'balanceAfter' | 'postings'>, acctNos: ReadonlySet<string>): string {
  const p =
    e.postings.find((x) => acctNos.has(x.acctNo) && x.amount === e.amount && x.balanceAfter === e.balanceAfter) ??
    e.postings.find((x) => acctNos.has(x.acctNo));
  return p?.acctNo ?? '—';
}

/** May the signed-in user use `code`? (The server checks again on every call.) */
export function may(code: string, lists: { auth: readonly PermissionEntry[]; allAuth: readonly PermissionEntry[] }): boolean {
  return hasPermission(code, { auth: [...lists.auth], allAuth: [...lists.allAuth] });
}

export const ORDER_STATUS_OPTIONS = Object.entries(PAY_ORDER_STATUS_TEXT).map(([value, label]) => ({ value, label }));
export const SCOPE_OPTIONS = [
  { value: 'pendingForMe', label: '待我审批' },
  { value: 'mine', label: '我提交的' },
  { value: 'all', label: '全部' },
];
/** A split line of an order's detail: '33.33%' or '—', and the amount as shown. */
export const splitRatioText = (ratio: string | null) => (ratio ? `${ratio}%` : '—');
