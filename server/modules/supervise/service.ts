// Fund supervision (issue 18 §4): deposits into supervision, release and refund requests, the
// supervisor's decisions and freezes.
//
// RULES
// - A customer's supervised money sits in its 'supervised' ledger account; sv_funds splits it by
//   supplier and contract. Every movement is ONE ledger entry posted in the same transaction as the
//   fund's change: deposit (customer basic or settlement → supervised), release (supervised → supplier basic),
//   refund (supervised → customer basic). So the sum of a customer's funds is its supervised balance.
// - Lock order: (deposit: customer →) request → fund → accounts (ledger_post), so nothing deadlocks.
// - A request reserves its amount on the fund while pending (reserved ≤ balance, CHECK and the
//   locked read), so raised requests never add up to more than the fund: concurrent raises and
//   approvals can never pay out more than the balance.
// - Releases are raised on the supplier's side with evidence files; refunds on the customer's side.
//   A customer-group user acts only for its own customer code; platform users for any.
// - Four eyes: a request is approved or rejected only by someone other than its raiser (also a
//   CHECK on the table). A supplier whose releases are frozen gets no release raised or approved.
import { randomUUID } from 'node:crypto';
import { SV_ALERT_REFUNDS, SV_ALERT_SHARE, SV_MSG, type SvAlert, type SvRequestKind } from '../../../contract/api/supervise';
import { formatFen } from '../../../contract/money';
import { AppError } from '../../http/envelope';
import * as A from '../ledger/accounts';
import { requestHash } from '../ledger/hash';
import type { LedgerService } from '../ledger/service';
import type { SqlConn } from '../ledger/store';

export interface SvCtx {
  tenantId: string;
  actor: string;
  actorName: string;
  /** A customer-group user's own customer code (acts only for it); null for platform users. */
  cusCode: string | null;
  requestId?: string;
}

interface FundRow {
  id: string;
  cus_code: string;
  supplier_code: string;
  contract_no: string;
  account_no: string;
  balance: string;
  reserved: string;
}

const FUND_COLS = 'id, cus_code, supplier_code, contract_no, account_no, balance::text, reserved::text';

export class SupervisionService {
  constructor(readonly ledger: LedgerService) {}

  private get store() {
    return this.ledger.store;
  }

  /** Customer money into supervision for a supplier and contract (the fund and account open on first use). */
  async deposit(ctx: SvCtx, v: { cusCode: string; supplierCode: string; contractNo: string; amountFen: bigint; fromAcctNo?: string; idempotencyKey: string }) {
    if (ctx.cusCode && ctx.cusCode !== v.cusCode) throw new AppError(404, SV_MSG.customerNotFound);
    if (v.cusCode === v.supplierCode) throw new AppError(400, SV_MSG.sameParty);
    return this.store.tx(async (c) => {
      const cus = await this.party(c, ctx.tenantId, v.cusCode, SV_MSG.customerNotFound);
      const sup = await this.party(c, ctx.tenantId, v.supplierCode, SV_MSG.supplierNotFound);
      if (sup.cus_type !== 'supplier') throw new AppError(400, SV_MSG.notSupplier);
      const from = v.fromAcctNo ?? (await this.basicAccount(c, ctx.tenantId, v.cusCode));
      // The customer's row serialises the first deposits, which open its supervised account.
      await c.query('SELECT id FROM customers WHERE id = $1::bigint FOR UPDATE', [cus.id]);
      let [sv] = await c.query<{ account_no: string }>(
        `SELECT a.account_no FROM accounts a WHERE a.customer_id = $1::bigint AND a.account_type = 'supervised' AND a.status <> 'closed'`,
        [cus.id],
      );
      if (!sv) {
        const opened = await A.openAccount(c, {
          tenantId: ctx.tenantId,
          cusCode: v.cusCode,
          type: 'supervised',
          key: `sv:${v.cusCode}:supervised`,
          actor: ctx.actor,
        });
        sv = { account_no: opened.acctNo };
      }
      await c.query(
        `INSERT INTO sv_funds (id, tenant_id, cus_code, supplier_code, contract_no, account_no) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (tenant_id, cus_code, supplier_code, contract_no) DO NOTHING`,
        [randomUUID(), ctx.tenantId, v.cusCode, v.supplierCode, v.contractNo, sv.account_no],
      );
      const [fund] = await c.query<FundRow>(
        `SELECT ${FUND_COLS} FROM sv_funds WHERE tenant_id = $1 AND cus_code = $2 AND supplier_code = $3 AND contract_no = $4 FOR UPDATE`,
        [ctx.tenantId, v.cusCode, v.supplierCode, v.contractNo],
      );
      if (from === fund.account_no) throw new AppError(400, SV_MSG.fromSupervised);
      const entry = await this.ledger.postIn(c, {
        tenantId: ctx.tenantId,
        kind: 'sv_deposit',
        actor: ctx.actor,
        requestId: ctx.requestId,
        reason: `资金监管存入（${v.supplierCode}，合同${v.contractNo}）`,
        idempotencyKey: `sv:deposit:${v.idempotencyKey}`,
        requestHash: requestHash('sv_deposit', { cus: v.cusCode, sup: v.supplierCode, contract: v.contractNo, amount: v.amountFen, from }),
        // Only the customer's own account (another's is absent: 404).
        lines: [
          { accountNo: from, amountFen: -v.amountFen, customerOnly: true, ownerCusCode: v.cusCode },
          { accountNo: fund.account_no, amountFen: v.amountFen, customerOnly: true },
        ],
      });
      if (!entry.replayed)
        await c.query(`UPDATE sv_funds SET balance = balance + $2, deposited = deposited + $2, updated_at = now() WHERE id = $1`, [
          fund.id,
          v.amountFen.toString(),
        ]);
      return { fundId: fund.id, entryId: entry.id, replayed: entry.replayed };
    });
  }

  /** A release (supplier's side, with evidence) or refund (customer's side) request: reserves its amount on the fund. */
  async raise(ctx: SvCtx, v: { fundId: string; kind: SvRequestKind; amountFen: bigint; reason: string; filePaths?: string[]; idempotencyKey: string }) {
    return this.store.tx(async (c) => {
      const [again] = await c.query<{ id: string }>('SELECT id FROM sv_requests WHERE tenant_id = $1 AND idempotency_key = $2', [
        ctx.tenantId,
        v.idempotencyKey,
      ]);
      if (again) return { requestId: again.id, replayed: true };
      const fund = await this.lockFund(c, ctx, v.fundId);
      if (v.kind === 'release') {
        if (ctx.cusCode && ctx.cusCode !== fund.supplier_code) throw new AppError(403, SV_MSG.onlySupplier);
        await this.assertNotFrozen(c, ctx.tenantId, fund.supplier_code);
        if (!v.filePaths?.length) throw new AppError(400, SV_MSG.evidenceRequired);
      } else if (ctx.cusCode && ctx.cusCode !== fund.cus_code) throw new AppError(403, SV_MSG.onlyCustomer);
      const paths = [...new Set(v.filePaths ?? [])];
      const files = paths.length
        ? (await c.query<{ id: string }>('SELECT id FROM uploaded_files WHERE tenant_id = $1 AND path = ANY ($2::text[])', [ctx.tenantId, paths])).map(
            (f) => f.id,
          )
        : [];
      if (files.length !== paths.length) throw new AppError(400, SV_MSG.evidenceNotFound);
      if (v.amountFen > BigInt(fund.balance) - BigInt(fund.reserved)) throw new AppError(409, SV_MSG.overBalance);
      const id = randomUUID();
      await c.query(
        `INSERT INTO sv_requests (id, tenant_id, request_no, fund_id, kind, amount, reason, raised_by, raised_name, idempotency_key)
         VALUES ($1, $2, 'JG' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('sv_request_no_seq')::text, 6, '0'), $3, $4, $5, $6, $7, $8, $9)`,
        [id, ctx.tenantId, fund.id, v.kind, v.amountFen.toString(), v.reason, ctx.actor, ctx.actorName, v.idempotencyKey],
      );
      if (files.length) await c.query('INSERT INTO sv_request_files (request_id, file_id) SELECT $1, unnest($2::text[])', [id, files]);
      await c.query('UPDATE sv_funds SET reserved = reserved + $2, updated_at = now() WHERE id = $1', [fund.id, v.amountFen.toString()]);
      return { requestId: id, replayed: false };
    });
  }

  /** The supervisor's decision; approving posts the movement out of the supervised account. */
  async decide(ctx: SvCtx, requestId: string, d: { approve: true } | { approve: false; reason: string }): Promise<void> {
    await this.store.tx(async (c) => {
      const r = await this.lockPending(c, ctx, requestId);
      if (r.raised_by === ctx.actor) throw new AppError(403, SV_MSG.ownRequest);
      const fund = await this.lockFund(c, ctx, r.fund_id);
      const amount = BigInt(r.amount);
      if (!d.approve) {
        await this.settle(c, r.id, fund.id, amount, 'rejected', ctx, d.reason, null, null);
        return;
      }
      if (r.kind === 'release') await this.assertNotFrozen(c, ctx.tenantId, fund.supplier_code);
      const to = await this.basicAccount(c, ctx.tenantId, r.kind === 'release' ? fund.supplier_code : fund.cus_code);
      const entry = await this.ledger.postIn(c, {
        tenantId: ctx.tenantId,
        kind: r.kind === 'release' ? 'sv_release' : 'sv_refund',
        actor: ctx.actor,
        requestId: ctx.requestId,
        reason: `资金监管${r.kind === 'release' ? '放款' : '退款'}（${r.request_no}，合同${fund.contract_no}）`,
        idempotencyKey: `sv:${r.id}:${r.kind}`,
        requestHash: requestHash('sv_decide', { id: r.id, amount }),
        lines: [
          { accountNo: fund.account_no, amountFen: -amount, customerOnly: true },
          { accountNo: to, amountFen: amount, customerOnly: true },
        ],
      });
      await this.settle(c, r.id, fund.id, amount, 'approved', ctx, null, entry.id, r.kind);
    });
  }

  /** The raiser withdraws a pending request; its reservation is released. */
  async cancel(ctx: SvCtx, requestId: string): Promise<void> {
    await this.store.tx(async (c) => {
      const r = await this.lockPending(c, ctx, requestId);
      if (r.raised_by !== ctx.actor) throw new AppError(403, SV_MSG.notYours);
      const fund = await this.lockFund(c, ctx, r.fund_id);
      await this.settle(c, r.id, fund.id, BigInt(r.amount), 'cancelled', ctx, null, null, null);
    });
  }

  async freeze(ctx: SvCtx, supplierCode: string, reason: string): Promise<void> {
    const sup = await this.party(this.store, ctx.tenantId, supplierCode, SV_MSG.supplierNotFound);
    if (sup.cus_type !== 'supplier') throw new AppError(400, SV_MSG.notSupplier);
    const rows = await this.store.query(
      `INSERT INTO sv_supplier_freezes (tenant_id, supplier_code, reason, frozen_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING supplier_code`,
      [ctx.tenantId, supplierCode, reason, ctx.actor],
    );
    if (!rows.length) throw new AppError(409, SV_MSG.alreadyFrozen);
  }

  async unfreeze(ctx: SvCtx, supplierCode: string): Promise<void> {
    const rows = await this.store.query(`DELETE FROM sv_supplier_freezes WHERE tenant_id = $1 AND supplier_code = $2 RETURNING supplier_code`, [
      ctx.tenantId,
      supplierCode,
    ]);
    if (!rows.length) throw new AppError(409, SV_MSG.notFrozen);
  }

  /** Release requests above SV_ALERT_SHARE of their fund's balance; suppliers with SV_ALERT_REFUNDS or more refund requests in 30 days. */
  async alerts(tenantId: string): Promise<SvAlert[]> {
    const large = await this.store.query<{ id: string; request_no: string; supplier_code: string; amount: string; balance: string }>(
      `SELECT r.id, r.request_no, f.supplier_code, r.amount::text, f.balance::text FROM sv_requests r JOIN sv_funds f ON f.id = r.fund_id
        WHERE r.tenant_id = $1 AND r.status = 'pending' AND r.kind = 'release' AND r.amount::numeric > f.balance::numeric * $2 ORDER BY r.created_at`,
      [tenantId, SV_ALERT_SHARE],
    );
    const refunds = await this.store.query<{ supplier_code: string; n: number }>(
      `SELECT f.supplier_code, count(*)::int AS n FROM sv_requests r JOIN sv_funds f ON f.id = r.fund_id
        WHERE r.tenant_id = $1 AND r.kind = 'refund' AND r.status <> 'cancelled' AND r.created_at > now() - interval '30 days'
        GROUP BY f.supplier_code HAVING count(*) >= $2 ORDER BY f.supplier_code`,
      [tenantId, SV_ALERT_REFUNDS],
    );
    const pct = Math.round(SV_ALERT_SHARE * 100);
    return [
      ...large.map((r) => ({
        kind: 'large_release' as const,
        text: `放款申请${r.request_no}金额${formatFen(BigInt(r.amount))}元，超过监管余额${formatFen(BigInt(r.balance))}元的${pct}%`,
        supplierCode: r.supplier_code,
        requestId: r.id,
      })),
      ...refunds.map((r) => ({
        kind: 'many_refunds' as const,
        text: `供应商${r.supplier_code}近30天退款申请${r.n}笔`,
        supplierCode: r.supplier_code,
        requestId: null,
      })),
    ];
  }

  // ---- helpers ----
  private async settle(
    c: SqlConn,
    requestId: string,
    fundId: string,
    amount: bigint,
    status: 'approved' | 'rejected' | 'cancelled',
    ctx: SvCtx,
    reason: string | null,
    entryId: string | null,
    kind: SvRequestKind | null,
  ) {
    const a = amount.toString();
    const moved =
      kind === 'release' ? ', balance = balance - $2, released = released + $2' : kind === 'refund' ? ', balance = balance - $2, refunded = refunded + $2' : '';
    await c.query(`UPDATE sv_funds SET reserved = reserved - $2${moved}, updated_at = now() WHERE id = $1`, [fundId, a]);
    const decider = status === 'cancelled' ? [null, null] : [ctx.actor, ctx.actorName];
    await c.query(
      `UPDATE sv_requests SET status = $2, decided_by = $3, decided_name = $4, decide_reason = $5, entry_id = $6, decided_at = now() WHERE id = $1`,
      [requestId, status, decider[0], decider[1], reason, entryId],
    );
  }

  private async lockPending(c: SqlConn, ctx: SvCtx, requestId: string) {
    const [r] = await c.query<{ id: string; fund_id: string; kind: SvRequestKind; amount: string; status: string; raised_by: string; request_no: string }>(
      'SELECT id, fund_id, kind, amount::text, status, raised_by, request_no FROM sv_requests WHERE id = $1 AND tenant_id = $2 FOR UPDATE',
      [requestId, ctx.tenantId],
    );
    if (!r) throw new AppError(404, SV_MSG.requestNotFound);
    if (r.status !== 'pending') throw new AppError(409, SV_MSG.notPending);
    return r;
  }

  private async lockFund(c: SqlConn, ctx: SvCtx, fundId: string): Promise<FundRow> {
    const [f] = await c.query<FundRow>(`SELECT ${FUND_COLS} FROM sv_funds WHERE id = $1 AND tenant_id = $2 FOR UPDATE`, [fundId, ctx.tenantId]);
    if (!f || (ctx.cusCode && ctx.cusCode !== f.cus_code && ctx.cusCode !== f.supplier_code)) throw new AppError(404, SV_MSG.fundNotFound);
    return f;
  }

  private async assertNotFrozen(c: SqlConn, tenantId: string, supplierCode: string) {
    const [f] = await c.query<{ reason: string }>('SELECT reason FROM sv_supplier_freezes WHERE tenant_id = $1 AND supplier_code = $2', [
      tenantId,
      supplierCode,
    ]);
    if (f) throw new AppError(409, SV_MSG.supplierFrozen(f.reason));
  }

  private async party(c: SqlConn, tenantId: string, cusCode: string, missing: string) {
    const [p] = await c.query<{ id: string; cus_type: string }>('SELECT id::text, cus_type FROM customers WHERE tenant_id = $1 AND cus_code = $2', [
      tenantId,
      cusCode,
    ]);
    if (!p) throw new AppError(404, missing);
    return p;
  }

  private async basicAccount(c: SqlConn, tenantId: string, cusCode: string): Promise<string> {
    const [a] = await c.query<{ account_no: string }>(
      `SELECT a.account_no FROM accounts a JOIN customers cu ON cu.id = a.customer_id
        WHERE cu.tenant_id = $1 AND cu.cus_code = $2 AND a.account_type = 'basic' AND a.status <> 'closed' ORDER BY a.id LIMIT 1`,
      [tenantId, cusCode],
    );
    if (!a) throw new AppError(409, SV_MSG.noBasicAccount);
    return a.account_no;
  }
}

/** Release and refund requests waiting for a supervisor other than the one who raised them ($1 tenant, $2 viewer). */
export const SV_PENDING_SQL = `SELECT count(*) AS n FROM sv_requests WHERE tenant_id = $1 AND status = 'pending' AND raised_by <> $2`;

/** Requests waiting for this supervisor (the workbench's to-do, workbench/todos.ts). */
export async function svPendingCount(store: { query: SqlConn['query'] }, tenantId: string, userId: string): Promise<number> {
  const [{ n }] = await store.query<{ n: string }>(SV_PENDING_SQL, [tenantId, userId]);
  return Number(n);
}
