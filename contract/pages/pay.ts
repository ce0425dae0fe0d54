// Pages of the payCus area (issue 4).
export const PAY_PAGES = ['payCus/PayOrderList', 'payCus/SinglePay', 'payCus/BatchPay', 'payCus/AccountList', 'payCus/BankCardList'] as const;

/** 付款订单's path (server/menus/payCus.ts); the workbench's to-dos open it with ?scope=&status=. */
export const PAY_ORDER_LIST_PATH = '/payCus/payOrder';
