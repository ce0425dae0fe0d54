// Customers, accounts and bank cards: opening, looking up and the read side (views in yuan).
// Nothing here changes a balance; posting.ts does.
import {
  ACCOUNT_TYPE_TEXT,
  LEDGER_MSG,
  PLATFORM_ACCOUNT_TYPES,
  type AccountType,
  type AccountView,
  type BankCardView,
  type CustomerAccountType,
  type CustomerType,
  type CustomerView,
  type EntryView,
  type HoldView,
  type PlatformAccountType,
  ENTRY_KIND_TEXT,
} from '../../../contract/api/ledger';
import { makeAccountNo, randomAccountBody } from '../../../contract/accountNo';
import { formatFen } from '../../../contract/money';
import { AppError } from '../../http/envelope';
import { scopeSql, type DataScope } from '../rbac/dataScope';
import type { SqlConn } from './store';

export interface CustomerRow {
  id: string;
  tenant_id: string;
  cus_code: string;
  cus_name: string;
  cus_type: CustomerType;
  status: 'enabled' | 'disabled';
  mobile: string | null;
  created_at: Date;
  /** The latest status change (customer_status_log): its reason, time and who made it; null when the status never changed. */
  status_reason: string | null;
  status_changed_at: Date | null;
  status_changed_by: string | null;
}
interface AccountRow {
  id: string;
  account_no: string;
  account_type: AccountType;
  account_name: string;
  status: AccountView['status'];
  balance: string;
  frozen: string;
  cus_code: string | null;
  created_at: Date;
  idempotency_key: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const ACCOUNT_COLS = `a.id::text, a.account_no, a.account_type, a.account_name, a.status, a.balance::text, a.frozen::text, cu.cus_code, a.created_at, a.idempotency_key`;

export function accountView(r: AccountRow): AccountView {
  const balance = BigInt(r.balance);
  const frozen = BigInt(r.frozen);
  return {
    acctNo: r.account_no,
    acctType: r.account_type,
    acctTypeText: ACCOUNT_TYPE_TEXT[r.account_type],
    acctName: r.account_name,
    currency: 'CNY',
    status: r.status,
    cusCode: r.cus_code,
    balance: formatFen(balance),
    frozen: formatFen(frozen),
    available: formatFen(balance - frozen),
    createdAt: iso(r.created_at),
  };
}

export const customerView = (r: CustomerRow): CustomerView => ({
  cusCode: r.cus_code,
  cusName: r.cus_name,
  cusType: r.cus_type,
  status: r.status,
  mobile: r.mobile,
  createdAt: iso(r.created_at),
  statusReason: r.status_reason || null,
  statusChangedAt: r.status_changed_at ? iso(r.status_changed_at) : null,
  statusChangedBy: r.status_changed_by,
});

export async function customerByCode(c: SqlConn, tenantId: string, cusCode: string): Promise<CustomerRow> {
  const [r] = await c.query<CustomerRow>(
    `SELECT cu.id::text, cu.tenant_id, cu.cus_code, cu.cus_name, cu.cus_type, cu.status, cu.mobile, cu.created_at,
            l.reason AS status_reason, l.created_at AS status_changed_at, COALESCE(u.realname, l.actor_id) AS status_changed_by
       FROM customers cu
       LEFT JOIN LATERAL (SELECT reason, created_at, actor_id FROM customer_status_log
                           WHERE tenant_id = cu.tenant_id AND cus_code = cu.cus_code ORDER BY id DESC LIMIT 1) l ON true
       LEFT JOIN users u ON u.id = l.actor_id
      WHERE cu.tenant_id = $1 AND cu.cus_code = $2`,
    [tenantId, cusCode],
  );
  if (!r) throw new AppError(404, LEDGER_MSG.customerNotFound);
  return r;
}

export async function createCustomer(
  c: SqlConn,
  v: { tenantId: string; cusCode: string; cusName: string; cusType?: CustomerType; mobile?: string | null },
): Promise<CustomerRow> {
  await c.query(
    'INSERT INTO customers (tenant_id, cus_code, cus_name, cus_type, mobile) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id, cus_code) DO NOTHING',
    [v.tenantId, v.cusCode, v.cusName, v.cusType ?? 'customer', v.mobile ?? null],
  );
  return customerByCode(c, v.tenantId, v.cusCode);
}

/** Enables or disables a customer and logs who did it and why; run it inside a transaction (the status and its log row go together). */
export async function setCustomerStatus(
  c: SqlConn,
  v: { tenantId: string; cusCode: string; status: 'enabled' | 'disabled'; reason: string; actor: string },
): Promise<CustomerRow> {
  const rows = await c.query('UPDATE customers SET status = $3, updated_at = now() WHERE tenant_id = $1 AND cus_code = $2 RETURNING id', [
    v.tenantId,
    v.cusCode,
    v.status,
  ]);
  if (!rows.length) throw new AppError(404, LEDGER_MSG.customerNotFound);
  await c.query('INSERT INTO customer_status_log (tenant_id, cus_code, status, reason, actor_id) VALUES ($1, $2, $3, $4, $5)', [
    v.tenantId,
    v.cusCode,
    v.status,
    v.reason,
    v.actor,
  ]);
  return customerByCode(c, v.tenantId, v.cusCode);
}

/** Inserts an account under a fresh number, retrying on the (unlikely) clash of two random numbers. */
async function insertAccount(
  c: SqlConn,
  v: { tenantId: string; customerId: string | null; type: AccountType; name: string; key: string | null; actor: string | null },
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const no = makeAccountNo(randomAccountBody());
    const rows = await c.query<{ account_no: string }>(
      `INSERT INTO accounts (tenant_id, account_no, customer_id, owner_kind, account_type, account_name, idempotency_key, created_by)
       VALUES ($1, $2, $3::bigint, $4, $5, $6, $7, $8) ON CONFLICT (account_no) DO NOTHING RETURNING account_no`,
      [v.tenantId, no, v.customerId, v.customerId ? 'customer' : 'platform', v.type, v.name, v.key, v.actor],
    );
    if (rows.length) return rows[0].account_no;
  }
  throw new Error('ledger: could not draw a free account number');
}

/** Opens a customer account (AcctNoGenerate). The same key again answers the same account. */
export async function openAccount(
  c: SqlConn,
  v: { tenantId: string; cusCode: string; type: CustomerAccountType; key: string; actor: string },
): Promise<AccountView> {
  const [replay] = await c.query<AccountRow>(
    `SELECT ${ACCOUNT_COLS} FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND a.idempotency_key = $2`,
    [v.tenantId, v.key],
  );
  if (replay) {
    if (replay.cus_code !== v.cusCode || replay.account_type !== v.type) throw new AppError(409, LEDGER_MSG.idempotencyConflict);
    return accountView(replay);
  }
  const cus = await customerByCode(c, v.tenantId, v.cusCode);
  // Serialise openings of one customer so the one-account-per-type rule answers a clear message.
  await c.query('SELECT id FROM customers WHERE id = $1::bigint FOR UPDATE', [cus.id]);
  const [dup] = await c.query(`SELECT 1 FROM accounts WHERE customer_id = $1::bigint AND account_type = $2 AND status <> 'closed'`, [cus.id, v.type]);
  if (dup) throw new AppError(409, LEDGER_MSG.accountTypeExists);
  const no = await insertAccount(c, {
    tenantId: v.tenantId,
    customerId: cus.id,
    type: v.type,
    name: `${cus.cus_name}${ACCOUNT_TYPE_TEXT[v.type]}`,
    key: v.key,
    actor: v.actor,
  });
  return accountByNo(c, v.tenantId, no);
}

/** The account of the tenant, else 404; with `cusCode` only that customer's, with `scope` (data rules, rules.ts) only one they allow. */
export async function accountByNo(c: SqlConn, tenantId: string, accountNo: string, cusCode?: string | null, scope?: DataScope | null): Promise<AccountView> {
  const s = scopeSql(scope, 2);
  const [r] = await c.query<AccountRow>(
    `SELECT ${ACCOUNT_COLS} FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND a.account_no = $2${scope ? ` AND ${s.text}` : ''}`,
    [tenantId, accountNo, ...s.params],
  );
  if (!r || (cusCode && r.cus_code !== cusCode)) throw new AppError(404, LEDGER_MSG.accountNotFound);
  return accountView(r);
}

/**
 * Refuses (404, as a read would) an account write of an actor held to data rules (rules.ts) on an
 * account they cannot see: `accountNo` must be one the rules allow.
 */
export async function assertAccountInScope(c: SqlConn, tenantId: string, accountNo: string, scope: DataScope | null | undefined): Promise<void> {
  if (scope) await accountByNo(c, tenantId, accountNo, null, scope);
}

/** The account a hold is on, as the actor's data rules allow it; else 404 冻结记录不存在 (absent, another tenant's or outside the rules). */
export async function assertHoldInScope(c: SqlConn, tenantId: string, holdId: string, scope: DataScope | null | undefined): Promise<void> {
  if (!scope) return;
  const s = scopeSql(scope, 2);
  const [h] = await c.query<{ ok: boolean }>(
    `SELECT true AS ok FROM holds h JOIN accounts a ON a.id = h.account_id LEFT JOIN customers cu ON cu.id = a.customer_id
      WHERE h.id = $1 AND a.tenant_id = $2 AND ${s.text}`,
    [holdId, tenantId, ...s.params],
  );
  if (!h) throw new AppError(404, LEDGER_MSG.holdNotFound);
}

/** A customer the actor's data rules let them act on: one with an account the rules allow; else 404 客户不存在. */
export async function assertCustomerInScope(c: SqlConn, tenantId: string, cusCode: string, scope: DataScope | null | undefined): Promise<void> {
  if (!scope) return;
  const s = scopeSql(scope, 2);
  const [a] = await c.query<{ ok: boolean }>(
    `SELECT true AS ok FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND cu.cus_code = $2 AND ${s.text} LIMIT 1`,
    [tenantId, cusCode, ...s.params],
  );
  if (!a) throw new AppError(404, LEDGER_MSG.customerNotFound);
}

export async function accountsOf(c: SqlConn, tenantId: string, cusCode: string, scope?: DataScope | null): Promise<AccountView[]> {
  await customerByCode(c, tenantId, cusCode);
  const s = scopeSql(scope, 2);
  const rows = await c.query<AccountRow>(
    `SELECT ${ACCOUNT_COLS} FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND cu.cus_code = $2${scope ? ` AND ${s.text}` : ''} ORDER BY a.id`,
    [tenantId, cusCode, ...s.params],
  );
  return rows.map(accountView);
}

/** The tenant's platform accounts (clearing, suspense, fee income, bank settlement), created on first use. */
export async function platformAccounts(c: SqlConn, tenantId: string): Promise<Record<PlatformAccountType, string>> {
  const read = () =>
    c.query<{ account_type: PlatformAccountType; account_no: string }>(
      `SELECT account_type, account_no FROM accounts WHERE tenant_id = $1 AND owner_kind = 'platform'`,
      [tenantId],
    );
  let rows = await read();
  if (rows.length < PLATFORM_ACCOUNT_TYPES.length) {
    for (const type of PLATFORM_ACCOUNT_TYPES) {
      if (rows.some((r) => r.account_type === type)) continue;
      const no = makeAccountNo(randomAccountBody());
      await c.query(
        `INSERT INTO accounts (tenant_id, account_no, owner_kind, account_type, account_name) VALUES ($1, $2, 'platform', $3, $4) ON CONFLICT DO NOTHING`,
        [tenantId, no, type, ACCOUNT_TYPE_TEXT[type]],
      );
    }
    rows = await read();
  }
  return Object.fromEntries(rows.map((r) => [r.account_type, r.account_no])) as Record<PlatformAccountType, string>;
}

interface EntryRow {
  id: string;
  entry_no: string;
  kind: string;
  actor: string;
  reason: string;
  created_at: Date;
  hold_id: string | null;
  reverses: string | null;
  amount: string;
  balance_after: string | null;
  hold_delta: string | null;
}

/** Entries touching an account, newest first, each with all its postings. */
export async function entriesOf(
  c: SqlConn,
  tenantId: string,
  accountNo: string,
  cusCode: string | null,
  pageNum: number,
  pageSize: number,
  scope?: DataScope | null,
): Promise<{ listData: EntryView[]; count: number }> {
  const s = scopeSql(scope, 2);
  const [acc] = await c.query<{ id: string; cus_code: string | null }>(
    `SELECT a.id::text, cu.cus_code FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND a.account_no = $2${scope ? ` AND ${s.text}` : ''}`,
    [tenantId, accountNo, ...s.params],
  );
  if (!acc || (cusCode && acc.cus_code !== cusCode)) throw new AppError(404, LEDGER_MSG.accountNotFound);
  // Postings of the account, plus hold changes (freeze / unfreeze entries have no postings).
  const filter = `(e.id IN (SELECT entry_id FROM postings WHERE account_id = $1::bigint) OR e.hold_id IN (SELECT id FROM holds WHERE account_id = $1::bigint))`;
  const [{ n }] = await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM journal_entries e WHERE ${filter}`, [acc.id]);
  const rows = await c.query<EntryRow>(
    `SELECT e.id, e.entry_no::text, e.kind, e.actor, e.reason, e.created_at, e.hold_id, e.reverses,
            COALESCE(p.amount, 0)::text AS amount, p.balance_after::text, e.hold_delta::text
       FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id AND p.account_id = $1::bigint
      WHERE ${filter} ORDER BY e.entry_no DESC LIMIT $2 OFFSET $3`,
    [acc.id, pageSize, (pageNum - 1) * pageSize],
  );
  const lines = rows.length
    ? await c.query<{ entry_id: string; account_no: string; amount: string; balance_after: string }>(
        'SELECT p.entry_id, a.account_no, p.amount::text, p.balance_after::text FROM postings p JOIN accounts a ON a.id = p.account_id WHERE p.entry_id = ANY($1::text[]) ORDER BY p.entry_id, p.line_no',
        [rows.map((r) => r.id)],
      )
    : [];
  const listData = rows.map((r) => ({
    entryId: r.id,
    entryNo: r.entry_no,
    kind: r.kind,
    kindText: ENTRY_KIND_TEXT[r.kind] ?? r.kind,
    actor: r.actor,
    reason: r.reason,
    createdAt: iso(r.created_at),
    amount: formatFen(BigInt(r.amount)),
    balanceAfter: r.balance_after === null ? null : formatFen(BigInt(r.balance_after)),
    frozenChange: r.hold_delta === null ? null : formatFen(BigInt(r.hold_delta)),
    holdId: r.hold_id,
    reverses: r.reverses,
    postings: lines
      .filter((l) => l.entry_id === r.id)
      .map((l) => ({ acctNo: l.account_no, amount: formatFen(BigInt(l.amount)), balanceAfter: formatFen(BigInt(l.balance_after)) })),
  }));
  return { listData, count: Number(n) };
}

export async function holdsOf(c: SqlConn, tenantId: string, accountNo: string, cusCode: string | null, scope?: DataScope | null): Promise<HoldView[]> {
  await accountByNo(c, tenantId, accountNo, cusCode, scope);
  const rows = await c.query<{ id: string; amount: string; remaining: string; status: HoldView['status']; reason: string; created_at: Date }>(
    `SELECT h.id, h.amount::text, h.remaining::text, h.status, h.reason, h.created_at FROM holds h JOIN accounts a ON a.id = h.account_id
      WHERE a.tenant_id = $1 AND a.account_no = $2 ORDER BY h.created_at DESC LIMIT 200`,
    [tenantId, accountNo],
  );
  return rows.map((h) => ({
    holdId: h.id,
    acctNo: accountNo,
    amount: formatFen(BigInt(h.amount)),
    remaining: formatFen(BigInt(h.remaining)),
    status: h.status,
    reason: h.reason,
    createdAt: iso(h.created_at),
  }));
}

export async function bindCard(
  c: SqlConn,
  v: { tenantId: string; cusCode: string; cardNo: string; holderName: string; bankName: string; actor: string },
): Promise<BankCardView> {
  const cus = await customerByCode(c, v.tenantId, v.cusCode);
  const rows = await c.query(
    `INSERT INTO bank_cards (tenant_id, customer_id, card_no, holder_name, bank_name, created_by) VALUES ($1, $2::bigint, $3, $4, $5, $6)
     ON CONFLICT (customer_id, card_no) DO NOTHING RETURNING id`,
    [v.tenantId, cus.id, v.cardNo, v.holderName, v.bankName, v.actor],
  );
  if (!rows.length) throw new AppError(409, LEDGER_MSG.cardExists);
  return (await cardsOf(c, v.tenantId, v.cusCode)).find((x) => x.cardNo === v.cardNo)!;
}

export async function cardsOf(c: SqlConn, tenantId: string, cusCode: string): Promise<BankCardView[]> {
  const cus = await customerByCode(c, tenantId, cusCode);
  const rows = await c.query<{ card_no: string; holder_name: string; bank_name: string; status: string; created_at: Date }>(
    'SELECT card_no, holder_name, bank_name, status, created_at FROM bank_cards WHERE customer_id = $1::bigint ORDER BY id',
    [cus.id],
  );
  return rows.map((r) => ({ cardNo: r.card_no, holderName: r.holder_name, bankName: r.bank_name, status: r.status, createdAt: iso(r.created_at) }));
}
