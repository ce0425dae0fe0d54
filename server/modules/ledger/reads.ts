// The ledger's reads and administration (customers, accounts, entries, holds, cards, channel
// orders; opening accounts and binding cards), each narrowed to the caller's customer and data
// rules. The money operations build on it (service.ts LedgerService).
import type { AccountView, BankCardView, CustomerAccountType, CustomerView, EntryView, HoldView, OrderView } from '../../../contract/api/ledger';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { AppError } from '../../http/envelope';
import * as A from './accounts';
import { orderById, orderView } from './orders';
import type { OpContext } from './service';
import type { LedgerStore } from './store';

export class LedgerReads {
  constructor(readonly store: LedgerStore) {}

  customer = (tenantId: string, cusCode: string): Promise<CustomerView> => A.customerByCode(this.store, tenantId, cusCode).then(A.customerView);
  accounts = (ctx: OpContext, cusCode: string): Promise<AccountView[]> =>
    this.scoped(ctx, cusCode, () => A.accountsOf(this.store, ctx.tenantId, cusCode, ctx.scope));
  account = (ctx: OpContext, accountNo: string): Promise<AccountView> => A.accountByNo(this.store, ctx.tenantId, accountNo, ctx.cusCode, ctx.scope);
  entries = (ctx: OpContext, accountNo: string, pageNum = 1, pageSize = 10) =>
    A.entriesOf(this.store, ctx.tenantId, accountNo, ctx.cusCode ?? null, pageNum, pageSize, ctx.scope);
  holds = (ctx: OpContext, accountNo: string): Promise<HoldView[]> => A.holdsOf(this.store, ctx.tenantId, accountNo, ctx.cusCode ?? null, ctx.scope);
  cards = (ctx: OpContext, cusCode: string): Promise<BankCardView[]> => this.scoped(ctx, cusCode, () => A.cardsOf(this.store, ctx.tenantId, cusCode));

  async order(ctx: OpContext, orderId: string): Promise<OrderView> {
    const o = await orderById(this.store, ctx.tenantId, orderId);
    if (!o) throw new AppError(404, LEDGER_MSG.orderNotFound);
    if (ctx.cusCode || ctx.scope)
      await A.accountByNo(this.store, ctx.tenantId, o.account_no, ctx.cusCode, ctx.scope).catch(() =>
        Promise.reject(new AppError(404, LEDGER_MSG.orderNotFound)),
      );
    return orderView(o);
  }

  async customerDetail(
    ctx: OpContext,
    cusCode: string,
  ): Promise<{ customer: CustomerView; accounts: AccountView[]; bankCards: BankCardView[]; recentEntries: EntryView[] }> {
    return this.scoped(ctx, cusCode, async () => {
      const customer = await this.customer(ctx.tenantId, cusCode);
      const accounts = await A.accountsOf(this.store, ctx.tenantId, cusCode, ctx.scope);
      const recent = (await Promise.all(accounts.map((a) => A.entriesOf(this.store, ctx.tenantId, a.acctNo, null, 1, 10)))).flatMap((p) => p.listData);
      recent.sort((x, y) => (BigInt(y.entryNo) > BigInt(x.entryNo) ? 1 : -1));
      return { customer, accounts, bankCards: await A.cardsOf(this.store, ctx.tenantId, cusCode), recentEntries: recent.slice(0, 10) };
    });
  }

  createCustomer = (v: Parameters<typeof A.createCustomer>[1]) => A.createCustomer(this.store, v).then(A.customerView);
  setCustomerStatus = (ctx: OpContext, cusCode: string, status: 'enabled' | 'disabled', reason: string) =>
    this.store.tx((c) => A.setCustomerStatus(c, { tenantId: ctx.tenantId, cusCode, status, reason, actor: ctx.actor })).then(A.customerView);
  /** Opens an account; one the actor's data rules (rules.ts) would not show them is refused (403) before commit. */
  openAccount = (ctx: OpContext, v: { cusCode: string; type: CustomerAccountType; idempotencyKey: string }) =>
    this.scoped(ctx, v.cusCode, () =>
      this.store.tx(async (c) => {
        const opened = await A.openAccount(c, { tenantId: ctx.tenantId, cusCode: v.cusCode, type: v.type, key: v.idempotencyKey, actor: ctx.actor });
        await A.assertAccountInScope(c, ctx.tenantId, opened.acctNo, ctx.scope).catch(() => Promise.reject(new AppError(403, LEDGER_MSG.outsideScope)));
        return opened;
      }),
    );
  /** Binds a card to a customer; an actor held to data rules must see an account of that customer (404 otherwise). */
  bindCard = (ctx: OpContext, v: { cusCode: string; cardNo: string; holderName: string; bankName: string }) =>
    this.scoped(ctx, v.cusCode, async () => {
      await A.assertCustomerInScope(this.store, ctx.tenantId, v.cusCode, ctx.scope);
      return A.bindCard(this.store, { tenantId: ctx.tenantId, actor: ctx.actor, ...v });
    });

  /** A customer user only ever sees their own customer: anything else is absent. */
  private scoped<T>(ctx: OpContext, cusCode: string, fn: () => Promise<T>): Promise<T> {
    if (ctx.cusCode && ctx.cusCode !== cusCode) return Promise.reject(new AppError(404, LEDGER_MSG.customerNotFound));
    return fn();
  }
}
