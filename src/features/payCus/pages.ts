// Page modules of the payCus area, keyed as contract/pages/pay.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { PAY_PAGES } from '@contract/pages/pay';

export const payCusPages: Record<(typeof PAY_PAGES)[number], PageModule> = {
  'payCus/PayOrderList': lazyPage(() => import('./PayOrderList')),
  'payCus/SinglePay': lazyPage(() => import('./SinglePay')),
  'payCus/BatchPay': lazyPage(() => import('./BatchPay')),
  'payCus/AccountList': lazyPage(() => import('./AccountList')),
  'payCus/BankCardList': lazyPage(() => import('./BankCardList')),
};
