// Page modules of 结算对账, keyed as contract/pages/settle.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { SETTLE_PAGES } from '@contract/pages/settle';

export const settlePages: Record<(typeof SETTLE_PAGES)[number], PageModule> = {
  'settle/SettleBatchList': lazy(() => import('./SettleBatchList')),
  'settle/ReconList': lazy(() => import('./ReconList')),
};
