// The fee and split-rule calls' wire constants (paths, permissions, live kinds, types and their
// texts, messages), re-exported by fee.ts. The rules themselves are stated at the head of fee.ts.
export const FEE_PATHS = {
  ruleInquiry: '/cap/fee/v1/FeeRuleInquiry',
  rulePropose: '/cap/fee/v1/FeeRulePropose',
  ruleApprove: '/cap/fee/v1/FeeRuleApprove',
  ruleReject: '/cap/fee/v1/FeeRuleReject',
  quote: '/cap/fee/v1/FeeQuote',
  income: '/cap/fee/v1/FeeIncomeInquiry',
  invoice: '/cap/fee/v1/FeeInvoiceApply',
  splitInquiry: '/cap/fee/v1/SplitRuleInquiry',
  splitPropose: '/cap/fee/v1/SplitRulePropose',
  splitApprove: '/cap/fee/v1/SplitRuleApprove',
  splitReject: '/cap/fee/v1/SplitRuleReject',
  splitEntries: '/cap/fee/v1/SplitEntryInquiry',
} as const;

export const FEE_PERMS = {
  view: 'fee:rule:view',
  edit: 'fee:rule:edit',
  approve: 'fee:rule:approve',
  income: 'fee:income:view',
  invoice: 'fee:income:invoice',
  splitView: 'fee:split:view',
  splitEdit: 'fee:split:edit',
  splitApprove: 'fee:split:approve',
} as const;

/** Live kinds (socket notices of migration 0050's triggers). */
export const FEE_RULE_LIVE = 'feeRule';
export const SPLIT_RULE_LIVE = 'splitRule';

export const FEE_TX_TYPES = ['payment', 'batchRow', 'withdraw', 'transfer', 'topup', 'refund'] as const;
export type FeeTxType = (typeof FEE_TX_TYPES)[number];
export const FEE_TX_TEXT: Record<FeeTxType, string> = {
  payment: '付款',
  batchRow: '批量付款（每笔）',
  withdraw: '提现',
  transfer: '转账',
  topup: '充值',
  refund: '退款',
};
export const FEE_SCOPES = ['platform', 'provider', 'customer'] as const;
export type FeeScope = (typeof FEE_SCOPES)[number];
export const FEE_SCOPE_TEXT: Record<FeeScope, string> = { platform: '平台默认', provider: '支付机构', customer: '客户' };
export const FEE_METHODS = ['fixed', 'percent', 'tiered'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];
export const FEE_METHOD_TEXT: Record<FeeMethod, string> = { fixed: '固定金额', percent: '按比例', tiered: '阶梯' };
export const RULE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export const RULE_STATUS_TEXT: Record<RuleStatus, string> = { pending: '待审批', approved: '已生效', rejected: '已驳回' };
/** Every product of a scope. */
export const ANY_PRODUCT = '*';
export const MAX_TIERS = 10;

export const FEE_MSG = {
  scope: '请选择适用范围',
  scopeRef: '请选择客户或支付机构',
  provider: '支付机构不存在',
  product: '产品不存在',
  txType: '请选择交易类型',
  method: '请选择计费方式',
  fixedFee: '请输入正确的固定手续费',
  rate: '费率为0到100之间的百分数，最多4位小数',
  minMax: '最低手续费不能大于最高手续费',
  tiers: `请填写1到${MAX_TIERS}档阶梯`,
  tierUpTo: '阶梯上限须逐档递增，最后一档不填上限',
  tierPrice: '每档须填写固定手续费或费率',
  effectiveFrom: '请输入正确的生效时间',
  ruleNotFound: '规则不存在',
  selfApprove: '不能审批自己提交的规则',
  notPending: '该规则已被处理',
  rejectReason: '请输入驳回原因',
  remark: '备注最多200个字符',
  month: '请输入正确的月份（YYYY-MM）',
  noIncome: '该客户当月没有手续费收入',
  invoiceExists: '该客户当月的手续费发票已申请',
  splitMode: '请选择分账方式',
  splitReceivers: '请填写1到20个分账接收方',
  splitRatioSum: '分账比例合计不能超过100%',
  splitSource: '来源账户须为该客户的账户',
  splitSelf: '接收方不能是来源账户',
  splitAccount: '分账账户不存在',
  cusNotFound: '客户不存在',
} as const;
