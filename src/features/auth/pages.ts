// Page modules of the authorisation area, keyed as contract/pages/auth.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { AUTH_PAGES } from '@contract/pages/auth';

export const authPages: Record<(typeof AUTH_PAGES)[number], PageModule> = {
  'auth/RoleList': lazy(() => import('./RoleList')),
  'auth/DepartList': lazy(() => import('./DepartList')),
  'auth/PermissionList': lazy(() => import('./PermissionList')),
  'auth/LogList': lazy(() => import('./LogList')),
  'auth/OnlineUserList': lazy(() => import('./OnlineUserList')),
};
