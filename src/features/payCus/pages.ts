// Page modules of the payCus area, keyed as contract/pages/pay.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { PAY_PAGES } from '@contract/pages/pay';

export const payCusPages: Record<(typeof PAY_PAGES)[number], PageModule> = {
  'payCus/PayOrderList': lazy(() => import('./PayOrderList')),
  'payCus/SinglePay': lazy(() => import('./SinglePay')),
  'payCus/BatchPay': lazy(() => import('./BatchPay')),
  'payCus/AccountList': lazy(() => import('./AccountList')),
  'payCus/BankCardList': lazy(() => import('./BankCardList')),
};
