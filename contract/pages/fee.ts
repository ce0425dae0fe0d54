// Pages of fees and standing splits (issue 18 §1-§2): 服务费配置 (the fee rules and their modal),
// 分账配置 (standing split rules) and 手续费收入 (fee income per customer and month).
export const FEE_PAGES = ['fee/ServiceCharge', 'fee/SplitConfig', 'fee/FeeIncome'] as const;

export const FEE_SERVICE_CHARGE_PATH = '/cus/serviceCharge';
export const FEE_SPLIT_CONFIG_PATH = '/cus/splitConfig';
export const FEE_INCOME_PATH = '/cus/feeIncome';
