// The customer an acct form works on (the shared useCustomerAccounts): staff must name one
// ('请输入客户代码'); a customer's own user is fixed to their customer code.
import { useCustomerAccounts } from '@/hooks/useCustomerAccounts';

export const useCustomer = (onLoaded?: (cusCode: string) => void | Promise<void>) =>
  useCustomerAccounts({ emptyMessage: '请输入客户代码', failMessage: '客户查询失败', onLoaded });
