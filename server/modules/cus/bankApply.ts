// Bank-account-apply (issue 17 §2): an opened customer requests a further account (a virtual bank
// account) through the provider it is opened with. Like innet, the provider answers through
// callbacks that may come late, twice or out of order: each is recorded once by its event id and
// applied only forward (submitted → under_review → opened | rejected; cancelled before the provider
// decides). The 'opened' callback opens the customer's ledger account of that type in the same
// transaction, with a generated account number.
import {
  BANK_APPLY_ACCT_TEXT,
  BANK_APPLY_STATUS_TEXT,
  CUS_MSG,
  providerByCode,
  type BankApplyAcctType,
  type BankApplyStatus,
  type BankApplyView,
} from '../../../contract/api/cus';
import type { InnetCallback, InnetChannel } from '../../adapters/channel/innet';
import { AppError } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import * as A from '../ledger/accounts';
import type { LedgerStore, SqlConn } from '../ledger/store';
import { addHistory, customerOf, iso, type Actor, type CusCtx } from './store';

interface ApplyRow {
  id: string;
  tenant_id: string;
  cus_code: string;
  cus_name: string;
  innet_id: string;
  provider: string;
  acct_type: BankApplyAcctType;
  status: BankApplyStatus;
  version: number;
  remark: string;
  reject_reason: string;
  provider_ref: string | null;
  provider_account_no: string | null;
  acct_no: string | null;
  created_at: Date;
  updated_at: Date;
}
const COLS = `b.id, b.tenant_id, b.cus_code, cu.cus_name, b.innet_id, b.provider, b.acct_type, b.status, b.version, b.remark, b.reject_reason,
  b.provider_ref, b.provider_account_no, b.acct_no, b.created_at, b.updated_at`;
const FROM = `cus_bank_applies b JOIN customers cu ON cu.tenant_id = b.tenant_id AND cu.cus_code = b.cus_code`;
const LIVE: readonly BankApplyStatus[] = ['submitted', 'under_review'];

function view(r: ApplyRow): BankApplyView {
  return {
    applyId: r.id,
    cusCode: r.cus_code,
    cusName: r.cus_name,
    innetId: r.innet_id,
    provider: r.provider,
    providerName: providerByCode(r.provider)?.name ?? r.provider,
    acctType: r.acct_type,
    acctTypeText: BANK_APPLY_ACCT_TEXT[r.acct_type] ?? r.acct_type,
    status: r.status,
    statusText: BANK_APPLY_STATUS_TEXT[r.status],
    version: r.version,
    remark: r.remark,
    rejectReason: r.reject_reason,
    providerAccountNo: r.provider_account_no,
    acctNo: r.acct_no,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The application within the caller's reach (404 otherwise). */
async function applyOf(c: SqlConn, ctx: Pick<CusCtx, 'tenantId' | 'cusCode'>, id: string, lock = false): Promise<ApplyRow> {
  const [r] = await c.query<ApplyRow>(`SELECT ${COLS} FROM ${FROM} WHERE b.id = $1 AND b.tenant_id = $2${lock ? ' FOR UPDATE OF b' : ''}`, [id, ctx.tenantId]);
  if (!r || (ctx.cusCode !== null && ctx.cusCode !== r.cus_code)) throw new AppError(404, CUS_MSG.bankApplyNotFound);
  return r;
}

async function move(c: SqlConn, actor: Actor, r: ApplyRow, to: BankApplyStatus, action: string, set: Record<string, unknown> = {}, reason = '') {
  const keys = Object.keys(set);
  await c.query(
    `UPDATE cus_bank_applies SET status = $2, version = version + 1, updated_at = now()${keys.map((k, i) => `, ${k} = $${i + 3}`).join('')} WHERE id = $1`,
    [r.id, to, ...keys.map((k) => set[k])],
  );
  await addHistory(c, r.tenant_id, actor, {
    cusCode: r.cus_code,
    innetId: r.innet_id,
    action,
    from: r.status,
    to,
    version: r.version,
    reason,
    detail: { applyId: r.id, acctType: r.acct_type, ...set },
  });
}

export class BankApplyService {
  constructor(
    readonly store: LedgerStore,
    readonly channel: InnetChannel,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  /** CusBankAcctApply: a new application through the customer's opened provider. */
  async apply(ctx: CusCtx, b: { cusCode: string; innetId: string; acctType: BankApplyAcctType; remark?: string }): Promise<BankApplyView> {
    const row = await this.store.tx(async (c) => {
      const cus = await customerOf(c, ctx, b.cusCode, true);
      const [innet] = await c.query<{ provider: string; status: string }>(
        'SELECT provider, status FROM cus_innets WHERE id = $1 AND tenant_id = $2 AND cus_code = $3',
        [b.innetId, ctx.tenantId, b.cusCode],
      );
      if (!innet || innet.status !== 'opened') throw new AppError(400, CUS_MSG.bankApplyNoInnet);
      const [live] = await c.query(`SELECT 1 FROM cus_bank_applies WHERE tenant_id = $1 AND cus_code = $2 AND acct_type = $3 AND status = ANY($4::text[])`, [
        ctx.tenantId,
        b.cusCode,
        b.acctType,
        LIVE,
      ]);
      if (live) throw new AppError(409, CUS_MSG.bankApplyExists);
      const [has] = await c.query(`SELECT 1 FROM accounts WHERE customer_id = $1::bigint AND account_type = $2 AND status <> 'closed'`, [cus.id, b.acctType]);
      if (has) throw new AppError(409, CUS_MSG.bankAccountExists);
      const id = newId();
      await c.query(
        `INSERT INTO cus_bank_applies (id, tenant_id, cus_code, innet_id, provider, acct_type, status, remark, maker_id) VALUES ($1, $2, $3, $4, $5, $6, 'submitted', $7, $8)`,
        [id, ctx.tenantId, b.cusCode, b.innetId, innet.provider, b.acctType, b.remark ?? '', ctx.actor.id],
      );
      await addHistory(c, ctx.tenantId, ctx.actor, {
        cusCode: b.cusCode,
        innetId: b.innetId,
        action: 'bankApplySubmit',
        to: 'submitted',
        version: 1,
        detail: { applyId: id, acctType: b.acctType, provider: innet.provider },
      });
      return applyOf(c, ctx, id);
    });
    await this.handOver(row);
    return view(row);
  }

  private async handOver(r: Pick<ApplyRow, 'id' | 'tenant_id' | 'provider' | 'innet_id' | 'acct_type' | 'remark'>): Promise<void> {
    await this.channel.applyAccount({
      applyId: r.id,
      tenantId: r.tenant_id,
      provider: r.provider,
      innetId: r.innet_id,
      acctType: r.acct_type,
      remark: r.remark,
    });
  }

  async cancel(ctx: CusCtx, applyId: string, reason: string): Promise<BankApplyView> {
    return this.store.tx(async (c) => {
      const r = await applyOf(c, ctx, applyId, true);
      if (!LIVE.includes(r.status)) throw new AppError(409, CUS_MSG.bankApplyState(BANK_APPLY_STATUS_TEXT[r.status], '撤销'));
      await move(c, ctx.actor, r, 'cancelled', 'bankApplyCancel', {}, reason);
      return view(await applyOf(c, ctx, applyId));
    });
  }

  async list(
    c: SqlConn,
    ctx: CusCtx,
    q: { cusCode?: string; status?: string; applyId?: string; pageNum: number; pageSize: number },
  ): Promise<{ listData: BankApplyView[]; count: number }> {
    if (ctx.cusCode && q.cusCode && q.cusCode !== ctx.cusCode) return { listData: [], count: 0 };
    const params = [ctx.tenantId, ctx.cusCode ?? q.cusCode ?? null, q.status ?? null, q.applyId ?? null];
    const where = `b.tenant_id = $1 AND ($2::text IS NULL OR b.cus_code = $2) AND ($3::text IS NULL OR b.status = $3) AND ($4::text IS NULL OR b.id = $4)`;
    const [{ n }] = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`, params);
    const rows = await c.query<ApplyRow>(`SELECT ${COLS} FROM ${FROM} WHERE ${where} ORDER BY b.updated_at DESC, b.id LIMIT $5 OFFSET $6`, [
      ...params,
      q.pageSize,
      (q.pageNum - 1) * q.pageSize,
    ]);
    return { listData: rows.map(view), count: Number(n) };
  }

  /** A provider callback of a further account, inside the receiver's transaction: recorded once, applied only forward. */
  async receive(c: SqlConn, cb: InnetCallback & { applyId: string }): Promise<'applied' | 'duplicate' | 'ignored'> {
    const [exists] = await c.query<{ id: string }>('SELECT id FROM cus_bank_applies WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [cb.applyId, cb.tenantId]);
    if (!exists) {
      this.log(`bank account callback ${cb.eventId} for an unknown application`);
      return 'ignored';
    }
    const [seen] = await c.query('SELECT 1 FROM cus_bank_apply_callbacks WHERE apply_id = $1 AND event_id = $2', [cb.applyId, cb.eventId]);
    if (seen) return 'duplicate';
    const r = await applyOf(c, { tenantId: cb.tenantId, cusCode: null }, cb.applyId);
    const applied = await this.applyEvent(c, r, cb);
    await c.query(`INSERT INTO cus_bank_apply_callbacks (apply_id, event_id, kind, payload, applied) VALUES ($1, $2, $3, $4::jsonb, $5)`, [
      cb.applyId,
      cb.eventId,
      cb.event.kind,
      JSON.stringify(cb.event),
      applied,
    ]);
    return applied ? 'applied' : 'ignored';
  }

  private async applyEvent(c: SqlConn, r: ApplyRow, cb: InnetCallback): Promise<boolean> {
    const provider: Actor = { id: `provider:${r.provider}`, name: providerByCode(r.provider)?.name ?? r.provider };
    const e = cb.event;
    if (e.kind === 'accountAccepted') {
      if (r.status !== 'submitted') return false;
      await move(c, provider, r, 'under_review', 'bankApplyAccepted', { provider_ref: e.providerRef });
      return true;
    }
    // A decision may overtake its own 'accepted'; after a cancellation or a decision it changes nothing.
    if (!LIVE.includes(r.status)) return false;
    if (e.kind === 'accountRejected') {
      await move(c, provider, r, 'rejected', 'bankApplyRejected', { reject_reason: e.reason }, e.reason);
      return true;
    }
    if (e.kind !== 'accountOpened') return false;
    const acct = await A.openAccount(c, { tenantId: r.tenant_id, cusCode: r.cus_code, type: r.acct_type, key: `bankApply:${r.id}`, actor: provider.id });
    await move(c, provider, r, 'opened', 'bankApplyOpened', { provider_account_no: e.providerAccountNo, acct_no: acct.acctNo });
    return true;
  }

  /** Start-up: applications the provider has not decided go out again (the simulator forgets on restart). */
  async resume(): Promise<number> {
    const rows = await this.store.query<ApplyRow>(`SELECT ${COLS} FROM ${FROM} WHERE b.status = ANY($1::text[])`, [LIVE]);
    for (const r of rows) await this.handOver(r);
    return rows.length;
  }
}
