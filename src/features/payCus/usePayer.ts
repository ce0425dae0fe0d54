// The payer side of a payment form (the shared useCustomerAccounts), for the single and batch pay
// views: a customer's user pays from their own customer's accounts, operators name the customer;
// only accounts in normal status can pay.
import { useCustomerAccounts } from '@/hooks/useCustomerAccounts';

export const usePayer = () => useCustomerAccounts({ payableOnly: true, failMessage: '账户查询失败' });
