// Page modules of the approve area, keyed as contract/pages/approve.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { APPROVE_PAGES } from '@contract/pages/approve';

export const approvePages: Record<(typeof APPROVE_PAGES)[number], PageModule> = {
  'approve/ApproveList': lazyPage(() => import('./ApproveList')),
  'approve/ApproveDetail': lazyPage(() => import('./ApproveDetail')),
};
