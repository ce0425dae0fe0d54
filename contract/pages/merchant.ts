// Pages of the merchantPlatform area (issue 4): 客户管理 (list, enable / disable) and one customer's
// detail, 分账申请 and 分账审核. 批量付款 under this menu is the payCus page 'payCus/BatchPay'.
export const MERCHANT_PAGES = ['merchant/CustomerList', 'merchant/CustomerDetail', 'merchant/Distribution', 'merchant/DistributionAudit'] as const;

/** Where the pages live (menu rows in server/menus/merchant.ts use the same paths). */
export const MERCHANT_CUSTOMER_PATH = '/merchantPlatform/customer';
export const MERCHANT_DETAIL_PATH = '/merchantPlatform/customerDetail';
export const MERCHANT_DISTRIBUTION_PATH = '/merchantPlatform/distribution';
export const MERCHANT_AUDIT_PATH = '/merchantPlatform/distributionAudit';
/** One customer's detail page. */
export const customerDetailUrl = (cusCode: string) => `${MERCHANT_DETAIL_PATH}?cusCode=${encodeURIComponent(cusCode)}`;
