// Pages of the 客户进件 area (issue 17 §3): customer list and detail, the onboarding form, the review
// queue, the innet board per provider, the kxbCus list, contracts, and the customer-side 商户入驻.
export const CUS_PAGES = [
  'cus/CustomerList',
  'cus/CustomerDetail',
  'cus/Onboarding',
  'cus/Review',
  'cus/InnetBoard',
  'cus/KxbCusList',
  'cus/ContractList',
  'cus/MerchantEntry',
  'cus/BankAcctApply',
] as const;

/** Where the pages live (menu rows in server/modules/cus/menu.ts use the same paths). */
export const CUS_LIST_PATH = '/cus/customer';
export const CUS_DETAIL_PATH = '/cus/customerDetail';
export const CUS_ONBOARDING_PATH = '/cus/onboarding';
export const CUS_REVIEW_PATH = '/cus/review';
export const CUS_INNET_PATH = '/cus/innet';
export const CUS_KXB_PATH = '/cus/kxbCus';
export const CUS_CONTRACT_PATH = '/cus/contract';
export const CUS_ENTRY_PATH = '/cus/merchantEntry';
export const CUS_BANK_APPLY_PATH = '/cus/bankAcctApply';

const q = (path: string, params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
  return s ? `${path}?${s}` : path;
};
export const cusDetailUrl = (cusCode: string, tab?: string) => q(CUS_DETAIL_PATH, { cusCode, tab });
export const cusOnboardingUrl = (cusCode?: string) => q(CUS_ONBOARDING_PATH, { cusCode });
export const cusInnetUrl = (provider?: string, cusCode?: string) => q(CUS_INNET_PATH, { provider, cusCode });
/** 银行账户申请 narrowed to one customer, with 新增 opened for it (客户详情's 申请银行账户). */
export const cusBankApplyUrl = (cusCode: string) => q(CUS_BANK_APPLY_PATH, { cusCode });
