// 工作台 (the home page, issue 19 §1) and 数据分析 (issue 19 §2): what each figure counts, the calls
// and their answers. Every figure is computed on the server from the caller's own permissions,
// tenant and data rules; a figure the caller may not see is absent (null), never zero.
//
// Payment figures count orders that were submitted (status other than 草稿 and 已撤销) on a business
// day in China time (the day of submission, else of creation). 付款 are the single and batch pays;
// the analysis counts every kind and splits by it. 成功率 = 成功 / (成功 + 失败 + 部分成功), null
// when nothing finished.
import { z } from 'zod';
import { fenText } from '../money';
import type { PayOrderKind, PayOrderStatus } from './payWire';

export const WORKBENCH_P = {
  overview: '/sys/workbench/overview',
  charts: '/sys/workbench/charts',
} as const;
export const DASHBOARD_P = {
  analysis: '/sys/dashboard/analysis',
  exportXls: '/sys/dashboard/exportXls',
} as const;
export const DASHBOARD_PERMS = { view: 'dashboard:analysis:view', export: 'dashboard:analysis:export' } as const;
export const DASHBOARD_PATH = '/dashboard/analysis';

/** Kinds that are payments (今日付款, the volume charts, top customers). */
export const PAYMENT_KINDS: readonly PayOrderKind[] = ['single', 'batch'];
/** Statuses of orders that were never submitted or were withdrawn: left out of every figure but 订单状态分布. */
export const UNSUBMITTED_STATUSES: readonly PayOrderStatus[] = ['draft', 'cancelled'];

export const PAY_ROUTES = ['channel', 'internal', 'batch'] as const;
export type PayRoute = (typeof PAY_ROUTES)[number];
/** How an order pays out (the analysis' 通道): to a bank card through the payment channel, between accounts, or a batch. */
export const PAY_ROUTE_TEXT: Record<PayRoute, string> = { channel: '渠道代付（银行卡）', internal: '账户转账', batch: '批量代付' };
/** 按支付机构: orders whose customer was opened with no provider when they were made. */
export const NO_PROVIDER_TEXT = '未开通支付机构';

export interface WorkbenchTodo {
  key: string;
  title: string;
  count: number;
  /** The filtered list it opens: path and query. */
  path: string;
  query: Record<string, string>;
}

export interface DayFigures {
  count: number;
  amountFen: string;
  succeeded: number;
  /** 成功 + 失败 + 部分成功. */
  finished: number;
  /** 0..1, null when nothing finished. */
  successRate: number | null;
}

export interface BalanceByType {
  acctType: string;
  acctTypeText: string;
  accounts: number;
  balanceFen: string;
  frozenFen: string;
}

export interface CustomerAccount {
  acctNo: string;
  acctType: string;
  acctTypeText: string;
  status: string;
  balanceFen: string;
  frozenFen: string;
  availableFen: string;
}

export interface StatusCount {
  status: PayOrderStatus;
  text: string;
  count: number;
  amountFen: string;
}

export interface ActivityItem {
  at: string;
  kind: 'decision' | 'posting';
  /** What happened, in words (审批通过 付款订单 P… ¥1,000.00). */
  title: string;
  actor: string;
  amountFen: string | null;
  orderId: string | null;
}

export interface WorkbenchOverview {
  at: string;
  todos: WorkbenchTodo[];
  /** Platform/tenant staff holding 付款订单查询. */
  payments: { today: DayFigures; yesterday: DayFigures; pendingCount: number; pendingAmountFen: string } | null;
  /** Staff holding 账户查询: the tenant's balances by account type. */
  balances: BalanceByType[] | null;
  /** Staff holding 手续费收入 (fee:income:view): the tenant's fee income of this month (Asia/Shanghai), in fen. */
  feeIncomeMonthFen: string | null;
  /** A customer-side user: their own accounts and orders instead. */
  customer: { cusCode: string; accounts: CustomerAccount[] | null; orders: StatusCount[] | null } | null;
  activity: ActivityItem[];
  /** The charts call answers something for this user. */
  charts: boolean;
}

export interface DayPoint {
  day: string;
  count: number;
  amountFen: string;
}

export interface WorkbenchCharts {
  /** The last 30 business days, oldest first, today last (days without orders at zero). */
  days: DayPoint[];
  /** All orders by status (every kind), the last 30 days. */
  byStatus: StatusCount[];
  /** The payers with the largest payment amount in the last 30 days. */
  topCustomers: { cusCode: string; cusName: string; count: number; amountFen: string }[];
}

// ---- 数据分析 ----

export const ANALYSIS_MAX_DAYS = 366;
export const DASHBOARD_MSG = {
  dateRange: '请选择正确的日期范围（开始日期不晚于结束日期，最长366天）',
  tenantDenied: '无权查看该租户的数据',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DASHBOARD_MSG.dateRange);
export const analysisQuery = z
  .object({
    from: day,
    to: day,
    /** Platform staff: one tenant, or '' / absent for every tenant they may see; others: their own only. */
    tenantId: z.string().max(64).optional(),
  })
  .superRefine((q, ctx) => {
    const a = Date.parse(`${q.from}T00:00:00Z`);
    const b = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(a) || Number.isNaN(b) || a > b || (b - a) / 86_400_000 >= ANALYSIS_MAX_DAYS)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: DASHBOARD_MSG.dateRange, path: ['from'] });
    else if (new Date(a).toISOString().slice(0, 10) !== q.from || new Date(b).toISOString().slice(0, 10) !== q.to)
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: DASHBOARD_MSG.dateRange, path: ['from'] });
  });
export type AnalysisQuery = z.infer<typeof analysisQuery>;

export interface VolumeRow {
  key: string;
  label: string;
  count: number;
  amountFen: string;
  succeeded: number;
  /** What reached the payees. */
  paidFen: string;
}

export interface Analysis {
  from: string;
  to: string;
  /** The tenant shown, null: every tenant the caller may see. */
  tenantId: string | null;
  /** The tenants the caller may choose. */
  tenants: { id: string; name: string }[];
  total: VolumeRow;
  byDay: VolumeRow[];
  byRoute: VolumeRow[];
  /** By the payment provider (支付机构) that carried the order: its customer's opened provider when it was made. */
  byProvider: VolumeRow[];
  byKind: VolumeRow[];
  /** The 20 customers with the largest amount. */
  byCustomer: VolumeRow[];
  /**
   * Submitted → decided (approved or rejected) of orders decided in the range, in seconds; over many
   * decisions from a histogram of 5%-wide buckets (approximate: within 2.5%).
   */
  leadTime: { count: number; medianSec: number | null; p90Sec: number | null; approximate: boolean };
  failures: { reason: string; count: number; amountFen: string }[];
}

/** Seconds as 秒 / 分钟 / 小时 (lead times on the page and in the export). */
export const durationText = (s: number | null): string =>
  s === null ? '—' : s < 120 ? `${s} 秒` : s < 7200 ? `${(s / 60).toFixed(1)} 分钟` : `${(s / 3600).toFixed(1)} 小时`;

/** An amount of the answers (fen as text) as ¥1,234.56; '—' for none. */
export const amountText = (fen: string | null | undefined): string => (fen == null ? '—' : fenText(BigInt(fen)));
