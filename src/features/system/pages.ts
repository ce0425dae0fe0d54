// Page modules of the system-administration area, keyed as contract/pages/admin.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { ADMIN_PAGES } from '@contract/pages/admin';

export const adminPages: Record<(typeof ADMIN_PAGES)[number], PageModule> = {
  'system/UserList': lazy(() => import('./UserList')),
  'system/PositionList': lazy(() => import('./PositionList')),
};
