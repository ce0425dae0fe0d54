// What each order kind means in money: its payload is validated (as a whole, again after every
// edit), its accounts are looked up in the tenant, and it is reduced to one Prepared shape: who is
// debited (and how much is held at submit), who is credited, the batch rows, the distribution splits.
import type { z } from 'zod';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import {
  PAY_MSG,
  adjustPayload,
  batchPayload,
  distributionPayload,
  refundPayload,
  singlePayload,
  validateBatchRows,
  type BatchRow,
  type BatchRowInput,
  type PayOrderKind,
} from '../../../contract/api/pay';
import { splitDistribution } from '../../../contract/api/merchant';
import { formatFen, parseYuan } from '../../../contract/money';
import { firstIssue } from '../../../contract/validation';
import { AppError } from '../../http/envelope';
import type { SqlConn } from '../ledger/store';
import { scopeSql, type DataScope } from '../rbac/dataScope';
import type { SplitRow } from './store';

export interface KindContext {
  tenantId: string;
  cusCode?: string | null;
  /** The actor's data rules on orders (rules.ts): orders outside them are not theirs to read or act on. */
  scope?: DataScope | null;
}
export interface Prepared {
  payload: Record<string, unknown>;
  fromAcctNo: string | null;
  fromCusCode: string | null;
  payeeName: string | null;
  payeeAcctNo: string | null;
  bankCardNo: string | null;
  toCusCode: string | null;
  amountFen: bigint;
  holdFen: bigint;
  remark: string;
  direction: 'credit' | 'debit' | null;
  origOrderId: string | null;
  rows: BatchRow[] | null;
  splits: SplitRow[] | null;
}
interface AcctInfo {
  account_no: string;
  owner_kind: string;
  status: string;
  cus_code: string | null;
  cus_status: string | null;
}

const bad = (message: string, status = 400): never => {
  throw new AppError(status, message);
};

function parse<S extends z.ZodType>(schema: S, v: unknown): z.output<S> {
  const r = schema.safeParse(v);
  if (!r.success) bad(firstIssue(r.error));
  return r.data as z.output<S>;
}

async function accounts(c: SqlConn, tenantId: string, nos: string[]): Promise<Map<string, AcctInfo>> {
  const rows = await c.query<AcctInfo>(
    `SELECT a.account_no, a.owner_kind, a.status, cu.cus_code, cu.status AS cus_status FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id
      WHERE a.tenant_id = $1 AND a.account_no = ANY($2::text[]) AND a.owner_kind = 'customer'`,
    [tenantId, nos],
  );
  return new Map(rows.map((r) => [r.account_no, r]));
}

/** A customer account of the tenant (and of the caller's customer when the caller is a customer user), else 404. */
async function account(c: SqlConn, k: KindContext, no: string, own = false): Promise<AcctInfo> {
  const a = (await accounts(c, k.tenantId, [no])).get(no);
  if (!a || (own && k.cusCode && a.cus_code !== k.cusCode)) bad(LEDGER_MSG.accountNotFound, 404);
  if (a!.status === 'closed') bad(LEDGER_MSG.accountClosed, 409);
  return a!;
}

/** A debit needs an enabled customer and a usable account (the ledger checks again when it posts). */
function payable(a: AcctInfo): void {
  if (a.cus_status === 'disabled') bad(LEDGER_MSG.customerDisabled, 409);
  if (a.status === 'frozen') bad(LEDGER_MSG.accountFrozen, 409);
}

const base = (payload: Record<string, unknown>): Prepared => ({
  payload,
  fromAcctNo: null,
  fromCusCode: null,
  payeeName: null,
  payeeAcctNo: null,
  bankCardNo: null,
  toCusCode: null,
  amountFen: 0n,
  holdFen: 0n,
  remark: '',
  direction: null,
  origOrderId: null,
  rows: null,
  splits: null,
});

export async function prepare(c: SqlConn, k: KindContext, kind: PayOrderKind, raw: unknown, editingId: string | null = null): Promise<Prepared> {
  switch (kind) {
    case 'single':
      return prepareSingle(c, k, raw);
    case 'batch':
      return prepareBatch(c, k, raw);
    case 'adjust':
      return prepareAdjust(c, k, raw);
    case 'refund':
      return prepareRefund(c, k, raw, editingId);
    case 'distribution':
      return prepareDistribution(c, k, raw);
  }
}

async function prepareSingle(c: SqlConn, k: KindContext, raw: unknown): Promise<Prepared> {
  const v = parse(singlePayload, raw);
  const from = await account(c, k, v.fromAcctNo, true);
  payable(from);
  const p = base({ ...v });
  const amountFen = parseYuan(v.amount)!;
  let toCus: string | null = null;
  if (v.payeeAcctNo) {
    if (v.payeeAcctNo === v.fromAcctNo) bad(PAY_MSG.payeeSelf);
    toCus = (await account(c, k, v.payeeAcctNo)).cus_code;
  }
  return {
    ...p,
    fromAcctNo: v.fromAcctNo,
    fromCusCode: from.cus_code,
    payeeName: v.payeeName,
    payeeAcctNo: v.payeeAcctNo || null,
    bankCardNo: v.bankCardNo || null,
    toCusCode: toCus,
    amountFen,
    holdFen: amountFen,
    remark: v.remark,
  };
}

async function prepareBatch(c: SqlConn, k: KindContext, raw: unknown): Promise<Prepared> {
  const v = parse(batchPayload, raw);
  const from = await account(c, k, v.fromAcctNo, true);
  payable(from);
  const checked = validateBatchRows(v.rows as BatchRowInput[]);
  if (!checked.ok) return bad(checked.message);
  const nos = [...new Set(checked.rows.map((r) => r.payeeAcctNo).filter((n): n is string => !!n))];
  const found = nos.length ? await accounts(c, k.tenantId, nos) : new Map<string, AcctInfo>();
  checked.rows.forEach((r, i) => {
    if (!r.payeeAcctNo) return;
    if (r.payeeAcctNo === v.fromAcctNo) bad(PAY_MSG.row(i + 1, PAY_MSG.payeeSelf));
    const a = found.get(r.payeeAcctNo);
    if (!a) bad(PAY_MSG.row(i + 1, '收款账户不存在'));
    if (a!.status === 'closed') bad(PAY_MSG.row(i + 1, LEDGER_MSG.accountClosed));
  });
  return {
    ...base({ fromAcctNo: v.fromAcctNo, rows: checked.rows, remark: v.remark }),
    fromAcctNo: v.fromAcctNo,
    fromCusCode: from.cus_code,
    amountFen: checked.totalFen,
    holdFen: checked.totalFen,
    remark: v.remark,
    rows: checked.rows,
    payeeName: `${checked.rows[0].payeeName}等${checked.rows.length}笔`,
  };
}

async function prepareAdjust(c: SqlConn, k: KindContext, raw: unknown): Promise<Prepared> {
  const v = parse(adjustPayload, raw);
  const a = await account(c, k, v.acctNo, true);
  const amountFen = parseYuan(v.amount)!;
  const p = { ...base({ ...v }), amountFen, remark: v.reason, direction: v.direction };
  // A platform correction: allowed on a disabled customer (see service.ts rules).
  if (v.direction === 'credit') return { ...p, payeeAcctNo: v.acctNo, toCusCode: a.cus_code, payeeName: '平台调账（贷记）' };
  if (a.status === 'frozen') bad(LEDGER_MSG.accountFrozen, 409);
  return { ...p, fromAcctNo: v.acctNo, fromCusCode: a.cus_code, holdFen: amountFen, payeeName: '平台调账（借记）' };
}

/** Bound: succeeded + in-flight refunds of the original (this one excepted) + this ≤ original paid amount. Locks the original. */
async function prepareRefund(c: SqlConn, k: KindContext, raw: unknown, editingId: string | null): Promise<Prepared> {
  const v = parse(refundPayload, raw);
  const origScope = scopeSql(k.scope, 2);
  const [orig] = await c.query<{
    id: string;
    kind: string;
    status: string;
    from_acct_no: string;
    payee_acct_no: string | null;
    payee_name: string | null;
    from_cus_code: string | null;
    to_cus_code: string | null;
    paid: string;
  }>(
    `SELECT o.id, o.kind, o.status, o.from_acct_no, o.payee_acct_no, o.payee_name, o.from_cus_code, o.to_cus_code, o.paid_amount::text AS paid
       FROM pay_orders o WHERE o.id = $1 AND o.tenant_id = $2 AND ${origScope.text} FOR UPDATE OF o`,
    [v.origOrderId, k.tenantId, ...origScope.params],
  );
  if (!orig || orig.status !== 'succeeded' || (k.cusCode && orig.from_cus_code !== k.cusCode)) return bad(PAY_MSG.refundOriginal, 404);
  if (orig.kind !== 'single' || !orig.payee_acct_no) bad(PAY_MSG.refundKind);
  const [{ used }] = await c.query<{ used: string }>(
    `SELECT COALESCE(sum(amount), 0)::text AS used FROM pay_orders WHERE orig_order_id = $1 AND status IN ('pending', 'approved', 'executing', 'succeeded') AND id <> $2`,
    [orig.id, editingId ?? ''],
  );
  const amountFen = parseYuan(v.amount)!;
  const left = BigInt(orig.paid) - BigInt(used);
  if (amountFen > left) bad(PAY_MSG.refundExceeded(formatFen(left < 0n ? 0n : left)));
  const from = await account(c, k, orig.payee_acct_no!);
  payable(from);
  return {
    ...base({ ...v }),
    fromAcctNo: orig.payee_acct_no,
    fromCusCode: orig.to_cus_code,
    payeeAcctNo: orig.from_acct_no,
    toCusCode: orig.from_cus_code,
    payeeName: '原付款账户',
    amountFen,
    holdFen: amountFen,
    remark: v.reason,
    origOrderId: orig.id,
  };
}

/** The contract's split (contract/api/merchant.ts, also the client's preview) with the server's 400 on a broken rule. */
export function computeSplits(
  amountFen: bigint,
  mode: 'ratio' | 'fixed',
  receivers: { acctNo: string; ratio?: string; amount?: string }[],
  remainderAcctNo?: string,
): SplitRow[] {
  const r = splitDistribution(amountFen, mode, receivers, remainderAcctNo);
  if (!r.ok) return bad(r.message);
  return r.splits.map((s) => ({ acctNo: s.acctNo, amountFen: s.amountFen.toString(), ratioBp: s.ratioBp, remainder: s.remainder }));
}

async function prepareDistribution(c: SqlConn, k: KindContext, raw: unknown): Promise<Prepared> {
  const v = parse(distributionPayload, raw);
  const from = await account(c, k, v.fromAcctNo, true);
  payable(from);
  const amountFen = parseYuan(v.amount)!;
  const splits = computeSplits(amountFen, v.mode, v.receivers, v.remainderAcctNo || undefined);
  const nos = [...new Set([...splits.map((s) => s.acctNo), ...(v.remainderAcctNo ? [v.remainderAcctNo] : [])])];
  if (nos.includes(v.fromAcctNo)) bad(PAY_MSG.payeeSelf);
  const found = await accounts(c, k.tenantId, nos);
  for (const no of nos) {
    const a = found.get(no);
    if (!a) bad(`${LEDGER_MSG.accountNotFound}：${no}`, 404);
    if (a!.status === 'closed') bad(LEDGER_MSG.accountClosed, 409);
  }
  return {
    ...base({ ...v }),
    fromAcctNo: v.fromAcctNo,
    fromCusCode: from.cus_code,
    amountFen,
    holdFen: amountFen,
    remark: v.remark,
    splits,
    payeeName: `分账${splits.length}方`,
  };
}
