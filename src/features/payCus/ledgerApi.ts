// Calls of the account pages (contract/api/ledger.ts): a customer's accounts, entries, holds and
// bound cards, the money operations and the channel order of a charge or withdrawal, bank card
// binding. Every failure is an Error carrying the server's own Chinese words.
import {
  ACCOUNT_LIST_PATH,
  LEDGER_PATHS,
  type AccountListRow,
  type AccountView,
  type BankCardView,
  type EntryView,
  type HoldView,
  type OrderView,
} from '@contract/api/ledger';
import { maskCard } from '@contract/api/pay';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { yuanText } from '@contract/money';
import { capOrThrow, capPost, sysGet } from '@/api/request';
import { ApiError, serverMessage } from '@/api/errors';
import { currentCusCode, session } from '@/stores/session';
import { ss } from '@/lib/storage';
import type { ListRow } from '@/components/list/types';
import type { AccountOp } from './accountOps';
import { time } from './payApi';

const quiet = { silent: true };

/** The customer code of a customer-side user (they see only their own); '' for staff, who name one. */
export function ownCusCode(): string {
  return session.userInfo?.sys?.group?.groupType?.startsWith('cus') ? currentCusCode(session.userInfo) : '';
}

const LAST_CUS = 'boss.payCus.cusCode';
/** The customer code staff last looked up on the account or bank card page (this tab only). */
export const lastCusCode = (): string => ss.get<string>(LAST_CUS, '');
export const rememberCusCode = (code: string): void => ss.set(LAST_CUS, code);

/** The server's words for a failed call: also for 404 / 409 answers, which the shared interceptor words generically. */
export function callFailure(err: unknown, fallback = '操作失败'): string {
  if (err instanceof ApiError) return (err.status === 404 || err.status === 409 ? serverMessage(err.body) : undefined) ?? err.message ?? fallback;
  return err instanceof Error && err.message ? err.message : fallback;
}

/** HTTP status of a failed call (200 for a business failure); undefined when no answer came. */
export const failedStatus = (err: unknown): number | undefined => (err instanceof ApiError && err.status > 0 ? err.status : undefined);

async function call<B>(path: string, fields: Record<string, unknown>, page?: { pageNum: number; pageSize: number }): Promise<B> {
  return capOrThrow(await capPost<B>(path, fields, page as never, quiet), true) as B;
}

/** A whole short list (a customer's accounts or cards) paged for the list kit (pageNo, pageSize). */
function pageOf<T>(all: T[], params: Record<string, string>): SysResult<PageResult<T>> {
  const size = Number(params.pageSize) || 10;
  const current = Number(params.pageNo) || 1;
  const records = all.slice((current - 1) * size, current * size);
  return { success: true, code: 200, message: '', timestamp: Date.now(), result: { records, total: all.length, size, current } };
}

export type AccountRow = ListRow & AccountListRow & { balanceText: string; frozenText: string; availableText: string };

export async function accountsOf(cusCode: string): Promise<AccountView[]> {
  return (await call<{ listData: AccountView[] }>(LEDGER_PATHS.accountInquiry, { cusCode })).listData;
}

/**
 * A page of 账户管理 for the list kit: the tenant's customer accounts (GET ACCOUNT_LIST_PATH, paged and
 * filtered on the server), all customers' unless a customer is picked; amounts shown '¥1,234.50'.
 */
export async function accountPage(params: Record<string, string>): Promise<SysResult<PageResult<AccountRow>>> {
  const res = await sysGet<PageResult<AccountListRow>>(ACCOUNT_LIST_PATH, params, quiet);
  if (!res.success) return res as unknown as SysResult<PageResult<AccountRow>>;
  const records = res.result.records.map((a) => ({
    ...a,
    id: a.acctNo,
    balanceText: yuanText(a.balance),
    frozenText: yuanText(a.frozen),
    availableText: yuanText(a.available),
  }));
  return { ...res, result: { ...res.result, records } };
}

export async function entriesOf(acctNo: string, pageNum: number, pageSize: number): Promise<{ list: EntryView[]; count: number }> {
  const body = await call<{ listData: EntryView[]; page: { count: number } }>(LEDGER_PATHS.entryInquiry, { acctNo }, { pageNum, pageSize });
  return { list: body.listData, count: body.page.count };
}

export async function holdsOf(acctNo: string): Promise<HoldView[]> {
  return (await call<{ listData: HoldView[] }>(LEDGER_PATHS.holdInquiry, { acctNo })).listData;
}

export async function cardsOf(cusCode: string): Promise<BankCardView[]> {
  return (await call<{ listData: BankCardView[] }>(LEDGER_PATHS.bankCardInquiry, { cusCode })).listData;
}

/** What a money operation answered: the channel order of a charge / withdrawal, else the posted entry. */
export interface OpAnswer {
  message: string;
  order: OrderView | null;
}

export async function runOp(op: AccountOp, fields: Record<string, string>, idempotencyKey: string): Promise<OpAnswer> {
  const res = await capPost<{ order?: OrderView }>(LEDGER_PATHS[op], { ...fields, idempotencyKey }, undefined, quiet);
  const body = capOrThrow(res, true) as { order?: OrderView };
  return { message: res.status.replyText || '操作成功', order: body.order ?? null };
}

export async function orderOf(orderId: string): Promise<OrderView> {
  return (await call<{ order: OrderView }>(LEDGER_PATHS.orderInquiry, { orderId })).order;
}

export async function bindCard(fields: { cusCode: string; cardNo: string; holderName: string; bankName: string }): Promise<BankCardView> {
  return (await call<{ card: BankCardView }>(LEDGER_PATHS.bankCardBind, fields)).card;
}

/** A bank card as shown: masked ('6222***********3445') unless the user decrypted their data. */
export const shownCard = (cardNo: string) => (session.decrypted ? cardNo : (maskCard(cardNo) ?? ''));

export const ORDER_CSS: Record<OrderView['status'], string> = { pending: '#1677ff', succeeded: '#52c41a', failed: '#ff4d4f' };

/** '+100.00' / '-5.00' with grouping, for an entry's signed change. */
export function signedMoney(yuan: string | null): string {
  if (!yuan) return '—';
  const neg = yuan.startsWith('-');
  return `${neg ? '-' : '+'}${yuanText(neg ? yuan.slice(1) : yuan)}`;
}

/** What the amount may be, under the field. */
export function amountHint(op: AccountOp, account: Pick<AccountView, 'available'>, holdRemaining?: string): string | undefined {
  if (op === 'unfreeze') return holdRemaining ? `最多可解冻 ${yuanText(holdRemaining)}` : undefined;
  if (op === 'charge') return '充值经支付渠道处理，渠道确认后入账';
  return `可用余额 ${yuanText(account.available)}`;
}

export type CardRow = ListRow & BankCardView & { cusCode: string; cardText: string; statusText: string; timeText: string };
const CARD_STATUS_TEXT: Record<string, string> = { bound: '已绑定', unbound: '已解绑' };

/** As a page of the list kit: the bound cards of the customer, shown masked. */
export async function cardPage(params: Record<string, string>): Promise<SysResult<PageResult<CardRow>>> {
  const cusCode = (params.cusCode ?? '').trim();
  if (cusCode !== ownCusCode()) rememberCusCode(cusCode);
  const records = (cusCode ? await cardsOf(cusCode) : []).map((c) => ({
    ...c,
    id: c.cardNo,
    cusCode,
    cardText: shownCard(c.cardNo),
    statusText: CARD_STATUS_TEXT[c.status] ?? c.status,
    timeText: time(c.createdAt),
  }));
  return pageOf(records, params);
}
