// Page modules of fees and standing splits, keyed as contract/pages/fee.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { FEE_PAGES } from '@contract/pages/fee';

export const feePages: Record<(typeof FEE_PAGES)[number], PageModule> = {
  'fee/ServiceCharge': lazyPage(() => import('./ServiceCharge')),
  'fee/SplitConfig': lazyPage(() => import('./SplitConfig')),
  'fee/FeeIncome': lazyPage(() => import('./FeeIncome')),
};
