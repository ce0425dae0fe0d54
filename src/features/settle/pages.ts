// Page modules of 结算对账, keyed as contract/pages/settle.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { SETTLE_PAGES } from '@contract/pages/settle';

export const settlePages: Record<(typeof SETTLE_PAGES)[number], PageModule> = {
  'settle/SettleBatchList': lazyPage(() => import('./SettleBatchList')),
  'settle/ReconList': lazyPage(() => import('./ReconList')),
};
