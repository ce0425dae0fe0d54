// Money core calls (issue 4): accounts, account operations and customer detail, in the business
// envelope of §7. Amounts travel as yuan strings (contract/money.ts); every call that moves money
// carries a client-chosen idempotencyKey: the same key with the same body answers the original
// result again, the same key with another body is refused (409).
import { z } from 'zod';
import { amountField } from '../money';
import { RX, V } from '../validation';

export const LEDGER_PATHS = {
  accountGenerate: '/cap/acct/v1/AcctNoGenerate',
  accountInquiry: '/cap/acct/v1/AcctInquiry',
  entryInquiry: '/cap/acct/v1/AcctEntryInquiry',
  holdInquiry: '/cap/acct/v1/AcctHoldInquiry',
  freeze: '/cap/acct/v1/AcctFreeze',
  unfreeze: '/cap/acct/v1/AcctUnfreeze',
  charge: '/cap/pay/v1/AcctCharge',
  withdraw: '/cap/pay/v1/AcctWithdraw',
  transfer: '/cap/pay/v1/AcctTransfer',
  orderInquiry: '/cap/pay/v1/AcctOrderInquiry',
  customerInfo: '/cap/cus/v2/CusMastInfoInquiry',
  customerStatus: '/cap/cus/v1/CusStatusModify',
  bankCardBind: '/cap/cus/v1/CusBankCardBind',
  bankCardInquiry: '/cap/cus/v1/CusBankCardInquiry',
} as const;

/** 账户管理's list of the tenant's customer accounts (list kit query: paging, sorting, filters), no customer code needed. */
export const ACCOUNT_LIST_PATH = '/payCus/account/list';

/** What the account list may be filtered and sorted by. */
export const ACCOUNT_LIST_FIELDS = {
  fields: {
    acctNo: 'string',
    acctName: 'string',
    acctType: 'string',
    status: 'string',
    cusCode: 'string',
    cusName: 'string',
    createTime: 'datetime',
  },
  defaultSort: { field: 'cusCode', dir: 'asc' },
} as const satisfies import('../listQuery').ResourceFields;

/** An account number in groups of four ('6222 0202 0011 2233 445'), read aloud and compared digit by digit where money is decided. */
export const groupAcctNo = (acctNo: string | null | undefined): string => (acctNo ?? '').replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** One row of the account list: the account and its customer's name. */
export type AccountListRow = AccountView & { cusName: string };

export const LEDGER_PERMS = {
  accountGenerate: 'acct:account:generate',
  accountInquiry: 'acct:account:inquiry',
  freeze: 'payCus:acct:freeze',
  unfreeze: 'payCus:acct:unfreeze',
  charge: 'payCus:acct:charge',
  withdraw: 'payCus:acct:withdraw',
  transfer: 'payCus:acct:transfer',
  customerInfo: 'merchantPlatform:cus:info',
  customerStatus: 'merchantPlatform:cus:status',
  bankCardBind: 'payCus:bankCard:bind',
} as const;

export const LEDGER_MSG = {
  amount: V.amount,
  accountNotFound: '账户不存在',
  customerNotFound: '客户不存在',
  holdNotFound: '冻结记录不存在',
  orderNotFound: '交易不存在',
  customerDisabled: '客户已停用，不能进行该操作',
  accountFrozen: '账户已冻结，不能进行该操作',
  accountClosed: '账户已销户，不能进行该操作',
  insufficient: '可用余额不足',
  holdResolved: '该冻结已解除或已扣划，不能重复操作',
  holdExceeded: '金额不能超过冻结余额',
  holdOtherAccount: '冻结记录不属于该账户',
  sameAccount: '转出账户与转入账户不能相同',
  notCustomerAccount: '只能对客户账户进行该操作',
  idempotencyConflict: '幂等键已被其他请求使用',
  idempotencyRequired: '请提供幂等键',
  accountTypeExists: '该客户已有此类型的账户',
  /** Opening an account the actor's data rules on 账户管理 would not show them. */
  outsideScope: '开立的账户超出了您的数据权限范围',
  cardNotBound: '银行卡未绑定',
  cardExists: '该银行卡已绑定',
  reasonRequired: '请输入原因',
} as const;

export const CUSTOMER_ACCOUNT_TYPES = ['basic', 'settlement', 'fee', 'virtual', 'supervised'] as const;
/** What AcctNoGenerate opens directly; a virtual bank account comes only through the provider (客户进件 › 银行账户申请). */
export const GENERATED_ACCOUNT_TYPES = ['basic', 'settlement', 'fee'] as const;
export const PLATFORM_ACCOUNT_TYPES = ['clearing', 'suspense', 'fee_income', 'bank_settlement'] as const;
export type CustomerAccountType = (typeof CUSTOMER_ACCOUNT_TYPES)[number];
export type PlatformAccountType = (typeof PLATFORM_ACCOUNT_TYPES)[number];
export type AccountType = CustomerAccountType | PlatformAccountType;
export const ACCOUNT_TYPE_TEXT: Record<AccountType, string> = {
  basic: '基本账户',
  settlement: '结算账户',
  fee: '手续费账户',
  virtual: '虚拟银行账户',
  supervised: '资金监管账户',
  clearing: '清算账户',
  suspense: '挂账账户',
  fee_income: '手续费收入账户',
  bank_settlement: '银行结算账户',
};
export type AccountStatus = 'normal' | 'frozen' | 'closed';
export const ACCOUNT_STATUS_TEXT: Record<AccountStatus, string> = { normal: '正常', frozen: '冻结', closed: '销户' };
export type CustomerType = 'customer' | 'supplier' | 'agent';
export const CUSTOMER_TYPE_TEXT: Record<CustomerType, string> = { customer: '客户', supplier: '供应商', agent: '代理商' };
export type CustomerStatus = 'enabled' | 'disabled';
export type OrderStatus = 'pending' | 'succeeded' | 'failed';
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = { pending: '处理中', succeeded: '成功', failed: '失败' };
export const ENTRY_KIND_TEXT: Record<string, string> = {
  charge: '充值',
  transfer: '转账',
  freeze: '冻结',
  unfreeze: '解冻',
  withdraw: '提现',
  withdraw_settle: '提现出款',
  withdraw_reverse: '提现退回',
  charge_suspense: '充值挂账',
  seed: '初始入账',
  // Executions of approved payment orders (server/modules/pay/executor.ts posts `pay_${order.kind}`).
  pay_single: '单笔付款',
  pay_batch: '批量付款',
  pay_batch_row: '批量付款明细',
  pay_adjust: '调账',
  pay_distribution: '分账',
  pay_refund: '退款',
};

// Request bodies: the business envelope's context and page are accepted and ignored here.
const envelope = {
  context: z.record(z.string(), z.unknown()).optional(),
  page: z.object({ pageSize: z.number().int().min(1).max(200), pageNum: z.number().int().min(1).max(100_000) }).optional(),
};
const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
export const idempotencyKey = text(100, LEDGER_MSG.idempotencyRequired).describe(
  '幂等键（调用方生成，租户内唯一）：相同键与相同请求返回原结果，相同键不同请求返回409',
);
const accountNo = text(40, LEDGER_MSG.accountNotFound);
const cusCode = text(50, V.cusCodeEmpty);
const reason = z.string().trim().max(200, '原因不能超过200个字符').default('');

export const accountGenerateBody = z.object({ ...envelope, cusCode, acctType: z.enum(GENERATED_ACCOUNT_TYPES, { error: '请选择账户类型' }), idempotencyKey });
export const accountInquiryBody = z.object({ ...envelope, cusCode });
export const entryInquiryBody = z.object({ ...envelope, acctNo: accountNo });
export const holdInquiryBody = z.object({ ...envelope, acctNo: accountNo });
export const freezeBody = z.object({ ...envelope, acctNo: accountNo, amount: amountField, reason: text(200, LEDGER_MSG.reasonRequired), idempotencyKey });
export const unfreezeBody = z.object({
  ...envelope,
  holdId: text(64, LEDGER_MSG.holdNotFound),
  amount: amountField.optional(),
  reason: text(200, LEDGER_MSG.reasonRequired),
  idempotencyKey,
});
export const chargeBody = z.object({ ...envelope, acctNo: accountNo, amount: amountField, reason, idempotencyKey });
export const withdrawBody = z.object({
  ...envelope,
  acctNo: accountNo,
  amount: amountField,
  cardNo: z.string({ error: V.bankCard }).trim().regex(RX.bankCard, V.bankCard),
  /** Withdraw frozen funds: capture this hold instead of spending available balance. */
  holdId: z.string().trim().min(1).max(64).optional(),
  reason,
  idempotencyKey,
});
export const transferBody = z.object({ ...envelope, fromAcctNo: accountNo, toAcctNo: accountNo, amount: amountField, reason, idempotencyKey });
export const orderInquiryBody = z.object({ ...envelope, orderId: text(64, LEDGER_MSG.orderNotFound) });
export const customerInfoBody = z.object({ ...envelope, cusCode });
export const customerStatusBody = z.object({
  ...envelope,
  cusCode,
  status: z.enum(['enabled', 'disabled'], { error: '请选择状态' }),
  reason: text(200, LEDGER_MSG.reasonRequired),
});
export const bankCardBindBody = z.object({
  ...envelope,
  cusCode,
  cardNo: z.string({ error: V.bankCard }).trim().regex(RX.bankCard, V.bankCard),
  holderName: text(50, '请输入持卡人姓名'),
  bankName: z.string().trim().max(50).default(''),
});
export const bankCardInquiryBody = z.object({ ...envelope, cusCode });

// Answers (amounts as yuan strings with two decimals).
export interface AccountView {
  acctNo: string;
  acctType: AccountType;
  acctTypeText: string;
  acctName: string;
  currency: 'CNY';
  status: AccountStatus;
  cusCode: string | null;
  balance: string;
  frozen: string;
  available: string;
  createdAt: string;
}
export interface PostingView {
  acctNo: string;
  amount: string;
  balanceAfter: string;
}
export interface EntryView {
  entryId: string;
  entryNo: string;
  kind: string;
  kindText: string;
  actor: string;
  reason: string;
  createdAt: string;
  /** Change of the inquired account (signed yuan) and its balance afterwards (null: no posting on it, e.g. a freeze). */
  amount: string;
  balanceAfter: string | null;
  /** Change of the frozen amount by this entry (freeze +, unfreeze / capture −), else null. */
  frozenChange: string | null;
  postings: PostingView[];
  holdId: string | null;
  reverses: string | null;
}
export interface HoldView {
  holdId: string;
  acctNo: string;
  amount: string;
  remaining: string;
  status: 'open' | 'released' | 'captured';
  reason: string;
  createdAt: string;
}
export interface OrderView {
  orderId: string;
  kind: 'charge' | 'withdraw';
  acctNo: string;
  amount: string;
  cardNo: string | null;
  status: OrderStatus;
  statusText: string;
  failReason: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface PostedView {
  entryId: string;
  entryNo: string;
  replayed: boolean;
}
export interface CustomerView {
  cusCode: string;
  cusName: string;
  cusType: CustomerType;
  status: CustomerStatus;
  mobile: string | null;
  createdAt: string;
  /** The latest status change: its reason ('' counts as none), time and who made it; null when never changed. */
  statusReason: string | null;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
}
export interface BankCardView {
  cardNo: string;
  holderName: string;
  bankName: string;
  status: string;
  createdAt: string;
}
