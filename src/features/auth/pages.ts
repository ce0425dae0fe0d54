// Page modules of the authorisation area, keyed as contract/pages/auth.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { AUTH_PAGES } from '@contract/pages/auth';

export const authPages: Record<(typeof AUTH_PAGES)[number], PageModule> = {
  'auth/RoleList': lazyPage(() => import('./RoleList')),
  'auth/DepartList': lazyPage(() => import('./DepartList')),
  'auth/PermissionList': lazyPage(() => import('./PermissionList')),
  'auth/LogList': lazyPage(() => import('./LogList')),
  'auth/OnlineUserList': lazyPage(() => import('./OnlineUserList')),
};
