// Page modules of 资金监管 (svBoss, svSupplier, svCus), keyed as contract/pages/settle.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { SUPERVISE_PAGES } from '@contract/pages/settle';

export const supervisePages: Record<(typeof SUPERVISE_PAGES)[number], PageModule> = {
  'supervise/SvBoss': lazyPage(() => import('./SvBoss')),
  'supervise/SvSupplier': lazyPage(() => import('./SvSupplier')),
  'supervise/SvCus': lazyPage(() => import('./SvCus')),
};
