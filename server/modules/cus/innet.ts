// The innet state machine (issue 17 §2) over the provider adapter: apply and resubmit, cancel, the
// provider's callbacks (each event applied once, only forward, only for the current submission:
// a late, repeated or out-of-order callback changes nothing), the verification amount (three wrong
// tries fail it), the signing SMS, and opening, which opens the customer's ledger accounts in the
// same transaction as the provider account is recorded. Signing and fees: ./signing.ts.
import { CUS_MSG, VERIFY_MAX_TRIES, providerByCode, type InnetView, type ProviderInfo } from '../../../contract/api/cus';
import { parseYuan } from '../../../contract/money';
import type { InnetCallback, InnetChannel } from '../../adapters/channel/innet';
import { AppError } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import * as A from '../ledger/accounts';
import type { LedgerStore, SqlConn } from '../ledger/store';
import { BankApplyService } from './bankApply';
import { missingMaterials } from './customers';
import { expectStatus, innetOf, innetView, moveInnet, setStatus, type InnetRow } from './innetStore';
import { addHistory, customerOf, type Actor, type CusCtx } from './store';

const CANCELLABLE = ['draft', 'submitted', 'under_review', 'rejected', 'awaiting_verification', 'awaiting_signature'] as const;

/** The first refusal of the provider's own fields, or null. */
function fieldProblem(provider: ProviderInfo, fields: Record<string, string>): string | null {
  for (const f of provider.fields) {
    const v = fields[f.key] ?? '';
    if (!v) return `请填写${f.label}`;
    if (f.options && !f.options.some((o) => o.value === v)) return f.message ?? `请选择${f.label}`;
    if (f.pattern && !new RegExp(f.pattern).test(v)) return f.message ?? `${f.label}格式不正确`;
  }
  return null;
}

export type CallbackOutcome = 'applied' | 'duplicate' | 'ignored';

export class InnetService {
  /** Further accounts through the same provider adapter (its callbacks come through receive()). */
  readonly bank: BankApplyService;

  constructor(
    readonly store: LedgerStore,
    readonly channel: InnetChannel,
    private readonly log: (msg: string) => void = () => {},
  ) {
    this.bank = new BankApplyService(store, channel, log);
    channel.onCallback((cb) => this.receive(cb).then(() => undefined));
  }

  private async view(c: SqlConn, ctx: Pick<CusCtx, 'tenantId' | 'cusCode'>, id: string): Promise<InnetView> {
    return innetView(await innetOf(c, ctx, id));
  }

  /** CusChannelInnet: a new application, or a draft / rejected one again; `draft` only saves it. */
  async apply(
    ctx: CusCtx,
    b: { innetId?: string; cusCode?: string; provider?: string; product?: string; fields: Record<string, string>; draft: boolean },
  ): Promise<InnetView> {
    const { view, submitted } = await this.store.tx(async (c) => {
      let row: InnetRow;
      if (b.innetId) {
        row = await innetOf(c, ctx, b.innetId, true);
        expectStatus(row, ['draft', 'rejected'], b.draft ? '保存' : '提交');
      } else {
        if (!b.cusCode) throw new AppError(400, CUS_MSG.notFound);
        const provider = providerByCode(b.provider ?? '');
        if (!provider) throw new AppError(400, CUS_MSG.providerUnknown);
        const product = b.product || provider.products[0].code;
        if (!provider.products.some((p) => p.code === product)) throw new AppError(400, CUS_MSG.productUnknown);
        await customerOf(c, ctx, b.cusCode, true);
        const [live] = await c.query(
          `SELECT 1 FROM cus_innets WHERE tenant_id = $1 AND cus_code = $2 AND provider = $3 AND status NOT IN ('cancelled', 'failed')`,
          [ctx.tenantId, b.cusCode, provider.code],
        );
        if (live) throw new AppError(409, CUS_MSG.innetExists);
        const id = newId();
        await c.query(`INSERT INTO cus_innets (id, tenant_id, cus_code, provider, product, status, maker_id) VALUES ($1, $2, $3, $4, $5, 'draft', $6)`, [
          id,
          ctx.tenantId,
          b.cusCode,
          provider.code,
          product,
          ctx.actor.id,
        ]);
        row = await innetOf(c, ctx, id, true);
      }
      const provider = providerByCode(row.provider)!;
      const known = new Set(provider.fields.map((f) => f.key));
      const fields = { ...row.fields, ...Object.fromEntries(Object.entries(b.fields).filter(([k]) => known.has(k))) };
      const h = { cusCode: row.cus_code, innetId: row.id, version: row.version, detail: { provider: row.provider, fields } };
      if (b.draft) {
        await c.query('UPDATE cus_innets SET fields = $2::jsonb, version = version + 1, updated_at = now() WHERE id = $1', [row.id, JSON.stringify(fields)]);
        await addHistory(c, ctx.tenantId, ctx.actor, { ...h, action: 'innetDraft', from: row.status, to: row.status });
        return { view: await this.view(c, ctx, row.id), submitted: null };
      }
      const problem = fieldProblem(provider, fields);
      if (problem) throw new AppError(400, problem);
      const cus = await customerOf(c, ctx, row.cus_code);
      if (cus.review_status !== 'approved') throw new AppError(409, CUS_MSG.notApproved);
      const missing = await missingMaterials(c, ctx.tenantId, row.cus_code, provider.requiredMaterials);
      if (missing.length) throw new AppError(400, CUS_MSG.materialsMissing(missing));
      await moveInnet(c, ctx.tenantId, ctx.actor, row, 'submitted', 'innetSubmit', {
        set: { fields: JSON.stringify(fields), submit_no: row.submit_no + 1, reject_reasons: '[]' },
        detail: h.detail,
      });
      return { view: await this.view(c, ctx, row.id), submitted: { row, cus, fields } };
    });
    if (submitted) await this.handOver(submitted.row.id, ctx.tenantId);
    return view;
  }

  /** Gives a submitted application to the provider (again after a restart; the provider ignores a repeat). */
  private async handOver(innetId: string, tenantId: string): Promise<void> {
    const row = await innetOf(this.store, { tenantId, cusCode: null }, innetId);
    const [cus] = await this.store.query<{ settle_card_no: string }>('SELECT settle_card_no FROM customers WHERE tenant_id = $1 AND cus_code = $2', [
      tenantId,
      row.cus_code,
    ]);
    await this.channel.apply({
      innetId,
      tenantId,
      provider: row.provider,
      product: row.product,
      submitNo: row.submit_no,
      cusName: row.cus_name,
      settleCardNo: cus?.settle_card_no ?? '',
      fields: row.fields,
    });
  }

  async cancel(ctx: CusCtx, innetId: string, reason: string): Promise<InnetView> {
    return this.store.tx(async (c) => {
      const row = await innetOf(c, ctx, innetId, true);
      expectStatus(row, CANCELLABLE, '撤销');
      await moveInnet(c, ctx.tenantId, ctx.actor, row, 'cancelled', 'innetCancel', { reason });
      return this.view(c, ctx, innetId);
    });
  }

  /** A provider callback: recorded once by its event id; applied only when it moves the application forward. */
  async receive(cb: InnetCallback): Promise<CallbackOutcome> {
    const applyId = cb.applyId;
    if (applyId) return this.store.tx((c) => this.bank.receive(c, { ...cb, applyId }));
    return this.store.tx(async (c) => {
      const [row] = await c.query<InnetRow>(`SELECT id FROM cus_innets WHERE id = $1 AND tenant_id = $2 FOR UPDATE`, [cb.innetId, cb.tenantId]);
      if (!row) {
        this.log(`innet callback ${cb.eventId} for an unknown application`);
        return 'ignored';
      }
      const r = await innetOf(c, { tenantId: cb.tenantId, cusCode: null }, cb.innetId);
      const [seen] = await c.query('SELECT 1 FROM cus_innet_callbacks WHERE innet_id = $1 AND event_id = $2', [cb.innetId, cb.eventId]);
      if (seen) return 'duplicate';
      const applied = cb.submitNo === r.submit_no && (await this.applyEvent(c, r, cb));
      await c.query(`INSERT INTO cus_innet_callbacks (innet_id, event_id, kind, submit_no, payload, applied) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`, [
        cb.innetId,
        cb.eventId,
        cb.event.kind,
        cb.submitNo,
        JSON.stringify(cb.event),
        applied,
      ]);
      return applied ? 'applied' : 'ignored';
    });
  }

  private async applyEvent(c: SqlConn, r: InnetRow, cb: InnetCallback): Promise<boolean> {
    const provider: Actor = { id: `provider:${r.provider}`, name: providerByCode(r.provider)?.name ?? r.provider };
    const h = { cusCode: r.cus_code, innetId: r.id, version: r.version, from: r.status, detail: { eventId: cb.eventId } };
    const e = cb.event;
    if (e.kind === 'accepted') {
      if (r.status !== 'submitted') return false;
      await moveInnet(c, r.tenant_id, provider, r, 'under_review', 'innetAccepted', { set: { provider_ref: e.providerRef }, detail: h.detail });
      return true;
    }
    if (e.kind === 'approved' || e.kind === 'rejected') {
      // An outcome may overtake its own 'accepted': it applies from either state.
      if (r.status !== 'submitted' && r.status !== 'under_review') return false;
      if (e.kind === 'approved') {
        await moveInnet(c, r.tenant_id, provider, r, 'awaiting_verification', 'innetApproved', {
          set: { verify_amount: e.verifyAmountFen, verify_tries: 0 },
          detail: h.detail,
        });
      } else {
        await moveInnet(c, r.tenant_id, provider, r, 'rejected', 'innetRejected', {
          set: { reject_reasons: JSON.stringify(e.reasons) },
          detail: { ...h.detail, reasons: e.reasons },
        });
      }
      return true;
    }
    if (e.kind !== 'opened' || r.status !== 'opening' || !r.open_requested_at) return false;
    await setStatus(c, r, 'opened', { provider_account_no: e.providerAccountNo, opened_at: new Date() });
    const accounts = await this.openLedgerAccounts(c, r);
    await c.query(`UPDATE cus_contracts SET status = 'effective' WHERE innet_id = $1 AND status = 'signed'`, [r.id]);
    await addHistory(c, r.tenant_id, provider, {
      ...h,
      action: 'opened',
      to: 'opened',
      detail: { ...h.detail, providerAccountNo: e.providerAccountNo, accounts },
    });
    return true;
  }

  /** The customer's basic and settlement accounts (those it lacks), and its settlement card bound. */
  private async openLedgerAccounts(c: SqlConn, r: InnetRow): Promise<string[]> {
    const [cus] = await c.query<{ id: string; settle_card_no: string | null; settle_bank_name: string | null; cus_name: string }>(
      'SELECT id::text, settle_card_no, settle_bank_name, cus_name FROM customers WHERE tenant_id = $1 AND cus_code = $2',
      [r.tenant_id, r.cus_code],
    );
    const have = await c.query<{ account_type: string }>(`SELECT account_type FROM accounts WHERE customer_id = $1::bigint AND status <> 'closed'`, [cus.id]);
    const opened: string[] = [];
    for (const type of ['basic', 'settlement'] as const) {
      if (have.some((a) => a.account_type === type)) continue;
      const acct = await A.openAccount(c, { tenantId: r.tenant_id, cusCode: r.cus_code, type, key: `innet:${r.id}:${type}`, actor: `provider:${r.provider}` });
      opened.push(acct.acctNo);
    }
    if (cus.settle_card_no) {
      await c.query(
        `INSERT INTO bank_cards (tenant_id, customer_id, card_no, holder_name, bank_name, created_by) VALUES ($1, $2::bigint, $3, $4, $5, $6)
         ON CONFLICT (customer_id, card_no) DO NOTHING`,
        [r.tenant_id, cus.id, cus.settle_card_no, cus.cus_name, cus.settle_bank_name ?? '', `provider:${r.provider}`],
      );
    }
    return opened;
  }

  /** CusChannelInnetPayConfirm: the amount the provider paid; the third wrong one fails the verification. */
  async payConfirm(ctx: CusCtx, innetId: string, amount: string): Promise<InnetView> {
    const outcome = await this.store.tx(async (c) => {
      const row = await innetOf(c, ctx, innetId, true);
      expectStatus(row, ['awaiting_verification'], '打款验证');
      if (parseYuan(amount) === BigInt(row.verify_amount ?? -1)) {
        await moveInnet(c, ctx.tenantId, ctx.actor, row, 'awaiting_signature', 'verifyPassed');
        return { ok: true as const, view: await this.view(c, ctx, innetId) };
      }
      const tries = row.verify_tries + 1;
      if (tries >= VERIFY_MAX_TRIES) {
        await moveInnet(c, ctx.tenantId, ctx.actor, row, 'failed', 'verifyFailed', { set: { verify_tries: tries } });
        return { ok: false as const, message: CUS_MSG.verifyFailed };
      }
      await c.query('UPDATE cus_innets SET verify_tries = $2, updated_at = now() WHERE id = $1', [innetId, tries]);
      return { ok: false as const, message: CUS_MSG.verifyWrong(VERIFY_MAX_TRIES - tries) };
    });
    // The wrong try is committed before the refusal goes out.
    if (!outcome.ok) throw new AppError(400, outcome.message);
    return outcome.view;
  }

  /** CusChannelInnetOpen: asks the provider to open the signed merchant (again, harmlessly, until it reports back). */
  async open(ctx: CusCtx, innetId: string): Promise<InnetView> {
    const { view, row } = await this.store.tx(async (c) => {
      const row = await innetOf(c, ctx, innetId, true);
      expectStatus(row, ['opening'], '申请开通');
      if (!row.open_requested_at) {
        await c.query('UPDATE cus_innets SET open_requested_at = now(), updated_at = now() WHERE id = $1', [innetId]);
        await addHistory(c, ctx.tenantId, ctx.actor, {
          cusCode: row.cus_code,
          innetId,
          action: 'openRequested',
          from: 'opening',
          to: 'opening',
          version: row.version,
        });
      }
      return { view: await this.view(c, ctx, innetId), row };
    });
    await this.channel.open({ innetId, tenantId: ctx.tenantId, provider: row.provider, submitNo: row.submit_no, providerRef: row.provider_ref ?? '' });
    return view;
  }

  /** Start-up: what the provider may not have received (the simulator forgets on restart) goes out again. */
  async resume(): Promise<number> {
    const rows = await this.store.query<{ id: string; tenant_id: string; status: string; provider: string; submit_no: number; provider_ref: string | null }>(
      `SELECT id, tenant_id, status, provider, submit_no, provider_ref FROM cus_innets
        WHERE status IN ('submitted', 'under_review') OR (status = 'opening' AND open_requested_at IS NOT NULL)`,
    );
    for (const r of rows) {
      if (r.status === 'opening')
        await this.channel.open({ innetId: r.id, tenantId: r.tenant_id, provider: r.provider, submitNo: r.submit_no, providerRef: r.provider_ref ?? '' });
      else await this.handOver(r.id, r.tenant_id);
    }
    return rows.length + (await this.bank.resume());
  }
}
