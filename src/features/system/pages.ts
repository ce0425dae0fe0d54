// Page modules of the system-administration area, keyed as contract/pages/admin.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { ADMIN_PAGES } from '@contract/pages/admin';

export const adminPages: Record<(typeof ADMIN_PAGES)[number], PageModule> = {
  'system/UserList': lazyPage(() => import('./UserList')),
  'system/PositionList': lazyPage(() => import('./PositionList')),
};
