// Money core (issue 4): customers, accounts, the double-entry ledger and the account operations.
//
// RULES (what must always hold, and where it is enforced)
// - Money is integer fen in bigint; the API speaks yuan strings parsed by contract/money.ts
//   (positive, ≤ 2 decimals, ≤ MAX_AMOUNT_FEN per operation, else 400 '请输入正确的金额').
// - Every balance change is ONE journal entry whose postings sum to zero (checked in postEntry
//   before writing, and again by the deferred constraint trigger postings_balanced at COMMIT, so
//   no writer can leave an unbalanced entry). Sign: + raises an account's balance. Platform
//   accounts mirror money held elsewhere and may go negative (bank settlement is −(money at bank)).
// - available = balance − frozen ≥ 0 and frozen ≥ 0 on customer accounts: checked in postEntry on
//   the locked rows, and by CHECK constraints (accounts_available_not_negative, frozen >= 0).
// - Entries and postings are append-only (triggers refuse UPDATE/DELETE/TRUNCATE); corrections
//   are new entries (withdraw_reverse carries `reverses`).
// - Idempotency: every money call carries a key, unique per tenant (UNIQUE index). Same key + same
//   request hash → the original result, nothing new posted; same key + other body → 409
//   '幂等键已被其他请求使用'. Charges and withdrawals key their channel order the same way.
// - Locks are taken in one order: channel order → accounts (by id, SELECT … FOR UPDATE) → hold →
//   chain lane. So concurrent postings serialise per account and never deadlock.
// - Holds (freezes) are rows that resolve once: remaining only goes down, status open while > 0
//   (CHECK). Unfreeze releases at most the remaining; withdraw from frozen captures the hold.
// - A disabled customer cannot withdraw, transfer out, freeze or pay ('客户已停用，不能进行该操作');
//   a frozen account cannot be debited; a closed one takes nothing.
// - Audit chain: each entry stores prev_hash and hash = sha256(prev_hash, lane, lane_seq, entry_no,
//   canonical entry with its postings) — see hash.ts. The chain of a tenant has CHAIN_LANES lanes
//   (ledger_heads rows, LEDGER_CHAIN_LANES, default 8; 1 = one strictly serial chain, created by
//   the tenant's first posting); a posting appends to a free lane under its row lock in the same
//   transaction. The posting itself is the plpgsql function ledger_post() (migration 0010): one
//   statement, one round trip, every check above made on the locked rows inside it. `npm run ledger:verify`
//   (verify.ts) recomputes every lane and checks every invariant above against the stored rows.
//
// SERVICE API (for the pay-order, adjust, distribution and refund modules built on top; reads and
// administration in reads.ts)
//   const ledger = ledgerServiceFor(deps.db)         // one per database, shared by all modules
//   ctx: OpContext = { tenantId, actor: userId, requestId, cusCode? }  (cusCode: a customer user's own scope)
//   ledger.post(input: PostInput)                    // generic balanced entry, committed on its own (concurrent ones
//                                                    // travel as one batch, each posted as if alone: batcher.ts)
//   ledger.postIn(c, input)                          // the same inside your transaction (ledger.store.tx)
//   ledger.transfer(ctx, { fromAccountNo, toAccountNo, amountFen, reason, idempotencyKey })
//   ledger.freeze(ctx, { accountNo, amountFen, reason, idempotencyKey })          → PostedEntry (holdId)
//   ledger.unfreeze(ctx, { holdId, amountFen?, reason, idempotencyKey })          → PostedEntry
//   ledger.charge(ctx, { accountNo, amountFen, reason, idempotencyKey })          → OrderView (pending)
//   ledger.withdraw(ctx, { accountNo, amountFen, cardNo, holdId?, reason, idempotencyKey }) → OrderView
//   ledger.platform(tenantId) → { clearing, suspense, fee_income, bank_settlement } account numbers
//   reads: customer, customerDetail, accounts, account, entries, holds, order, cards; admin:
//   createCustomer, setCustomerStatus, openAccount, bindCard. Errors are AppError (4xx + message).
//   Funds of a payment order: freeze at submit (hold), then withdraw/transfer capturing the hold
//   (post with hold: { op: 'capture', holdId, amountFen }) on execution, or unfreeze on reject.
import type { OrderView } from '../../../contract/api/ledger';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { randomUUID } from 'node:crypto';
import type { ChannelResult, PaymentChannel } from '../../adapters/channel/channel';
import { AppError } from '../../http/envelope';
import * as A from './accounts';
import { requestHash } from './hash';
import { completeOrders, insertOrder, orderById, orderByKey, orderView, replayOrder, type OrderRow } from './orders';
import { OutcomeQueue } from './outcomes';
import { LedgerReads } from './reads';
import { PostingBatcher, batcherOptionsFromEnv } from './batcher';
import { CHAIN_LANES, isIdempotencyClash, postEntries, postEntry, replayAfterRace, validateShape, type PostInput, type PostedEntry } from './posting';
import type { LedgerStore, SqlConn } from './store';
import type { DataScope } from '../rbac/dataScope';
import { priceAccount, priceIn, transferExtras } from '../fee/engine';
import { recordOnTopFee, withFeeOnTop } from '../fee/onTop';
import { applySplitIn } from '../fee/splits';
import { RuleFlagsCache } from '../fee/ruleFlags';

export interface OpContext {
  tenantId: string;
  actor: string;
  requestId?: string;
  cusCode?: string | null;
  /** The actor's data rules on accounts (rules.ts): reads see, and writes act on, only the accounts they allow. */
  scope?: DataScope | null;
}

const RETRYABLE = new Set(['40P01', '40001']);

export class LedgerService extends LedgerReads {
  private readonly platformCache = new Map<string, Promise<Record<'clearing' | 'suspense' | 'fee_income' | 'bank_settlement', string>>>();
  private readonly batcher = new PostingBatcher(
    (inputs) => postEntries(this.store, inputs, this.lanes),
    (input) => this.postAlone(input),
    batcherOptionsFromEnv(),
  );

  /** Per-tenant fee and split rule flags (fee/ruleFlags.ts): kept once the app attaches its broker (ledger routes). */
  readonly ruleFlags = new RuleFlagsCache();

  private readonly outcomes = new OutcomeQueue((results) => this.applyOutcomes(results));

  constructor(
    store: LedgerStore,
    readonly channel: PaymentChannel,
    readonly lanes: number = CHAIN_LANES,
  ) {
    super(store);
    channel.onResult((r) => this.onChannelResult(r));
  }

  // ---- posting ----
  postIn(c: SqlConn, input: PostInput): Promise<PostedEntry> {
    return postEntry(c, input, this.lanes);
  }

  /**
   * postEntry on its own (no caller's transaction): concurrent ones travel together as one
   * ledger_post() call (batcher.ts); a twin request racing on the same key gets the original.
   */
  post(input: PostInput): Promise<PostedEntry> {
    try {
      validateShape(input);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.batcher.post(input);
  }

  private postAlone(input: PostInput): Promise<PostedEntry> {
    return this.retrying(
      input,
      () => postEntry(this.store, input, this.lanes),
      () => replayAfterRace(this.store, input),
    );
  }

  private inTx<T>(input: PostInput | null, fn: (c: SqlConn) => Promise<T>, onClash: (c: SqlConn) => Promise<T>): Promise<T> {
    return this.retrying(
      input,
      () => this.store.tx(fn),
      () => this.store.tx(onClash),
    );
  }

  private async retrying<T>(input: PostInput | null, run: () => Promise<T>, onClash: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (err) {
        if (input && isIdempotencyClash(err)) return onClash();
        if (attempt < 3 && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
        throw err;
      }
    }
  }

  platform(tenantId: string) {
    let p = this.platformCache.get(tenantId);
    if (!p) {
      p = this.store.tx((c) => A.platformAccounts(c, tenantId));
      p.catch(() => this.platformCache.delete(tenantId));
      this.platformCache.set(tenantId, p);
    }
    return p;
  }

  // ---- operations ----
  // An actor held to data rules on 账户管理 (rules.ts) acts only on accounts those rules show them:
  // the account debited, frozen, released, charged or withdrawn from (404 as on a read, nothing
  // written). A transfer's credited account may be any customer account, as payments allow.
  async transfer(
    ctx: OpContext,
    v: { fromAccountNo: string; toAccountNo: string; amountFen: bigint; reason: string; idempotencyKey: string },
  ): Promise<PostedEntry> {
    if (v.fromAccountNo === v.toAccountNo) throw new AppError(400, LEDGER_MSG.sameAccount);
    await A.assertAccountInScope(this.store, ctx.tenantId, v.fromAccountNo, ctx.scope);
    const input: PostInput = {
      tenantId: ctx.tenantId,
      kind: 'transfer',
      actor: ctx.actor,
      requestId: ctx.requestId,
      reason: v.reason || '账户转账',
      idempotencyKey: v.idempotencyKey,
      requestHash: requestHash('transfer', { from: v.fromAccountNo, to: v.toAccountNo, amount: v.amountFen, reason: v.reason }),
      lines: [
        { accountNo: v.fromAccountNo, amountFen: -v.amountFen, customerOnly: true, ownerCusCode: ctx.cusCode },
        { accountNo: v.toAccountNo, amountFen: v.amountFen, customerOnly: true },
      ],
    };
    // Issue 18: a transfer pays its fee on top (same entry) and may land on an account with a standing split rule.
    const extra = await transferExtras(
      this.store,
      ctx.tenantId,
      v.fromAccountNo,
      v.toAccountNo,
      v.amountFen,
      await this.ruleFlags.flags(this.store, ctx.tenantId),
    );
    if (!extra.fee && !extra.split) return this.post(input);
    const charged = withFeeOnTop(input, extra.fee?.feeFen ?? 0n, (await this.platform(ctx.tenantId)).fee_income);
    return this.inTx(
      charged,
      async (c) => {
        const entry = await this.postIn(c, charged);
        if (entry.replayed) return entry;
        if (extra.fee) await recordOnTopFee(c, ctx.tenantId, 'transfer', extra.fee, entry.id, v.amountFen);
        if (extra.split)
          await applySplitIn(c, (cc, i) => this.postIn(cc, i), {
            tenantId: ctx.tenantId,
            acctNo: v.toAccountNo,
            amountFen: v.amountFen,
            sourceEntryId: entry.id,
            sourceKind: 'transfer',
            actor: ctx.actor,
          });
        return entry;
      },
      (c) => replayAfterRace(c, charged),
    );
  }

  async freeze(ctx: OpContext, v: { accountNo: string; amountFen: bigint; reason: string; idempotencyKey: string }): Promise<PostedEntry> {
    await A.assertAccountInScope(this.store, ctx.tenantId, v.accountNo, ctx.scope);
    return this.post({
      tenantId: ctx.tenantId,
      kind: 'freeze',
      actor: ctx.actor,
      requestId: ctx.requestId,
      reason: v.reason,
      idempotencyKey: v.idempotencyKey,
      requestHash: requestHash('freeze', { account: v.accountNo, amount: v.amountFen, reason: v.reason }),
      lines: [],
      hold: { op: 'open', accountNo: v.accountNo, amountFen: v.amountFen, ownerCusCode: ctx.cusCode },
    });
  }

  /** Releases amountFen of the hold (default: all that remains). */
  async unfreeze(ctx: OpContext, v: { holdId: string; amountFen?: bigint; reason: string; idempotencyKey: string }): Promise<PostedEntry> {
    await A.assertHoldInScope(this.store, ctx.tenantId, v.holdId, ctx.scope);
    return this.post({
      tenantId: ctx.tenantId,
      kind: 'unfreeze',
      actor: ctx.actor,
      requestId: ctx.requestId,
      reason: v.reason,
      idempotencyKey: v.idempotencyKey,
      requestHash: requestHash('unfreeze', { hold: v.holdId, amount: v.amountFen ?? null, reason: v.reason }),
      lines: [],
      hold: { op: 'release', holdId: v.holdId, amountFen: v.amountFen, ownerCusCode: ctx.cusCode },
    });
  }

  /** Top-up: a pending order; the channel's callback credits the account (or nothing on failure). */
  async charge(ctx: OpContext, v: { accountNo: string; amountFen: bigint; reason: string; idempotencyKey: string }): Promise<OrderView> {
    await A.assertAccountInScope(this.store, ctx.tenantId, v.accountNo, ctx.scope);
    const hash = requestHash('charge', { account: v.accountNo, amount: v.amountFen, reason: v.reason });
    const existing = await orderByKey(this.store, ctx.tenantId, 'charge', v.idempotencyKey);
    if (existing) return orderView(replayOrder(existing, hash));
    const [acc] = await this.store.query<{ id: string; owner_kind: string; status: string; cus_code: string | null }>(
      'SELECT a.id::text, a.owner_kind, a.status, cu.cus_code FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND a.account_no = $2',
      [ctx.tenantId, v.accountNo],
    );
    if (!acc || acc.owner_kind !== 'customer' || (ctx.cusCode && acc.cus_code !== ctx.cusCode)) throw new AppError(404, LEDGER_MSG.accountNotFound);
    if (acc.status === 'closed') throw new AppError(409, LEDGER_MSG.accountClosed);
    const id = randomUUID();
    // Issue 18: the top-up's fee, priced now, is deducted from the credit when the channel confirms.
    const priced = await priceIn(this.store, ctx.tenantId, acc.cus_code, 'topup', [v.amountFen]);
    const topupFee = priced.total > v.amountFen ? v.amountFen : priced.total;
    const fresh = await insertOrder(this.store, {
      id,
      tenantId: ctx.tenantId,
      kind: 'charge',
      accountId: acc.id,
      amountFen: v.amountFen,
      cardNo: null,
      key: v.idempotencyKey,
      hash,
      actor: ctx.actor,
      reason: v.reason,
      reserveEntryId: null,
      createdAt: new Date(),
      fee: { feeFen: topupFee, ruleId: priced.ruleId, cusCode: acc.cus_code },
    });
    const order = fresh
      ? (await orderById(this.store, ctx.tenantId, id))!
      : replayOrder((await orderByKey(this.store, ctx.tenantId, 'charge', v.idempotencyKey))!, hash);
    if (fresh) await this.submit(order);
    return orderView(order);
  }

  /** Withdrawal to a bound card: funds move to suspense now; the channel settles or reverses them. */
  async withdraw(
    ctx: OpContext,
    v: { accountNo: string; amountFen: bigint; cardNo: string; holdId?: string; reason: string; idempotencyKey: string },
  ): Promise<OrderView> {
    await A.assertAccountInScope(this.store, ctx.tenantId, v.accountNo, ctx.scope);
    const platform = await this.platform(ctx.tenantId);
    const input: PostInput = {
      tenantId: ctx.tenantId,
      kind: 'withdraw',
      actor: ctx.actor,
      requestId: ctx.requestId,
      reason: v.reason || '账户提现',
      idempotencyKey: v.idempotencyKey,
      requestHash: requestHash('withdraw', { account: v.accountNo, amount: v.amountFen, card: v.cardNo, hold: v.holdId ?? null, reason: v.reason }),
      lines: [
        { accountNo: v.accountNo, amountFen: -v.amountFen, customerOnly: true, ownerCusCode: ctx.cusCode },
        { accountNo: platform.suspense, amountFen: v.amountFen },
      ],
      hold: v.holdId ? { op: 'capture', holdId: v.holdId, amountFen: v.amountFen, ownerCusCode: ctx.cusCode } : undefined,
    };
    const byEntry = async (c: SqlConn, entryId: string) => {
      const [o] = await c.query<{ id: string }>('SELECT id FROM channel_orders WHERE reserve_entry_id = $1', [entryId]);
      return (await orderById(c, ctx.tenantId, o.id))!;
    };
    const { order, fresh } = await this.inTx(
      input,
      async (c) => {
        const [card] = await c.query<{ ok: boolean }>(
          `SELECT true AS ok FROM bank_cards b JOIN accounts a ON a.customer_id = b.customer_id WHERE a.tenant_id = $1 AND a.account_no = $2 AND b.card_no = $3 AND b.status = 'bound'`,
          [ctx.tenantId, v.accountNo, v.cardNo],
        );
        // Issue 18: the withdrawal's fee on top of the amount, in the same entry (a hold captured covers both).
        const fee = await priceAccount(c, ctx.tenantId, v.accountNo, 'withdraw', v.amountFen);
        const charged = withFeeOnTop(input, fee.feeFen, platform.fee_income);
        const entry = await this.postIn(c, charged);
        if (entry.replayed) return { order: await byEntry(c, entry.id), fresh: false };
        if (!card) throw new AppError(400, LEDGER_MSG.cardNotBound);
        await recordOnTopFee(c, ctx.tenantId, 'withdraw', fee, entry.id, v.amountFen);
        const id = randomUUID();
        const accountId = entry.accountIds[v.accountNo];
        const now = new Date();
        await insertOrder(c, {
          id,
          tenantId: ctx.tenantId,
          kind: 'withdraw',
          accountId,
          amountFen: v.amountFen,
          cardNo: v.cardNo,
          key: v.idempotencyKey,
          hash: input.requestHash,
          actor: ctx.actor,
          reason: v.reason,
          reserveEntryId: entry.id,
          createdAt: now,
          fee: fee,
        });
        const order: OrderRow = {
          id,
          tenant_id: ctx.tenantId,
          kind: 'withdraw',
          account_id: accountId,
          account_no: v.accountNo,
          amount: v.amountFen.toString(),
          card_no: v.cardNo,
          status: 'pending',
          idempotency_key: v.idempotencyKey,
          request_hash: input.requestHash,
          actor: ctx.actor,
          reason: v.reason,
          reserve_entry_id: entry.id,
          settle_entry_id: null,
          fail_reason: null,
          created_at: now,
          updated_at: now,
        };
        return { order, fresh: true };
      },
      async (c) => ({ order: await byEntry(c, (await replayAfterRace(c, input)).id), fresh: false }),
    );
    if (fresh) await this.submit(order);
    return orderView(order);
  }

  private async submit(o: OrderRow): Promise<void> {
    await this.channel.submit({ orderId: o.id, tenantId: o.tenant_id, kind: o.kind, amountFen: BigInt(o.amount), cardNo: o.card_no });
  }

  /** The channel's callback: applies the outcome once (repeated callbacks are no-ops), with the others waiting (outcomes.ts). */
  onChannelResult(r: ChannelResult): Promise<void> {
    return this.outcomes.push(r);
  }

  private async applyOutcomes(results: ChannelResult[]): Promise<void> {
    for (const tenantId of new Set(results.map((r) => r.tenantId))) {
      const platform = await this.platform(tenantId);
      const mine = results.filter((r) => r.tenantId === tenantId);
      await this.inTx(
        null,
        (c) => completeOrders(c, mine, platform),
        async () => 0,
      );
    }
  }

  /** Hands orders still pending (e.g. after a restart) to the channel again; returns how many. */
  async resumePending(): Promise<number> {
    const rows = await this.store.query<OrderRow>(
      `SELECT o.id, o.tenant_id, o.kind, o.amount::text, o.card_no FROM channel_orders o WHERE o.status = 'pending' ORDER BY o.created_at LIMIT 10000`,
    );
    for (const o of rows) await this.submit(o);
    return rows.length;
  }
}
