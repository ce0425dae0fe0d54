// Page modules of fees and standing splits, keyed as contract/pages/fee.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { FEE_PAGES } from '@contract/pages/fee';

export const feePages: Record<(typeof FEE_PAGES)[number], PageModule> = {
  'fee/ServiceCharge': lazy(() => import('./ServiceCharge')),
  'fee/SplitConfig': lazy(() => import('./SplitConfig')),
  'fee/FeeIncome': lazy(() => import('./FeeIncome')),
};
