// Page modules of 数据分析, keyed as contract/pages/dashboard.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { DASHBOARD_PAGES } from '@contract/pages/dashboard';

export const dashboardPages: Record<(typeof DASHBOARD_PAGES)[number], PageModule> = {
  'dashboard/Analysis': lazyPage(() => import('./Analysis')),
};
