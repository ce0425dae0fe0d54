// Page modules of the merchantPlatform area, keyed as contract/pages/merchant.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { MERCHANT_PAGES } from '@contract/pages/merchant';

export const merchantPages: Record<(typeof MERCHANT_PAGES)[number], PageModule> = {
  'merchant/CustomerList': lazy(() => import('./CustomerList')),
  'merchant/CustomerDetail': lazy(() => import('./CustomerDetail')),
  'merchant/Distribution': lazy(() => import('./Distribution')),
  'merchant/DistributionAudit': lazy(() => import('./DistributionAudit')),
};
