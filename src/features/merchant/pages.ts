// Page modules of the merchantPlatform area, keyed as contract/pages/merchant.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { MERCHANT_PAGES } from '@contract/pages/merchant';

export const merchantPages: Record<(typeof MERCHANT_PAGES)[number], PageModule> = {
  'merchant/CustomerList': lazyPage(() => import('./CustomerList')),
  'merchant/CustomerDetail': lazyPage(() => import('./CustomerDetail')),
  'merchant/Distribution': lazyPage(() => import('./Distribution')),
  'merchant/DistributionAudit': lazyPage(() => import('./DistributionAudit')),
};
