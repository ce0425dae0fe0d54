// Pages of the payCus area (issue 4).
export const PAY_PAGES = ['payCus/PayOrderList', 'payCus/SinglePay', 'payCus/BatchPay', 'payCus/AccountList', 'payCus/BankCardList'] as const;
