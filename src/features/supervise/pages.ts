// Page modules of 资金监管 (svBoss, svSupplier, svCus), keyed as contract/pages/settle.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { SUPERVISE_PAGES } from '@contract/pages/settle';

export const supervisePages: Record<(typeof SUPERVISE_PAGES)[number], PageModule> = {
  'supervise/SvBoss': lazy(() => import('./SvBoss')),
  'supervise/SvSupplier': lazy(() => import('./SvSupplier')),
  'supervise/SvCus': lazy(() => import('./SvCus')),
};
