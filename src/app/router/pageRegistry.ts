// The only pages a menu can route to: each key of contract/pages.ts maps to a lazy import().
// Core pages are listed here; each area lists its own in src/features/<area>/pages.ts.
import type { CORE_PAGES, PageKey } from '@contract/pages';
import { lazyPage, type PageModule } from '@/lib/page';
import { adminPages } from '@/features/system/pages';
import { configPages } from '@/features/config/pages';
import { messagePages } from '@/features/message/pages';
import { jobPages } from '@/features/jobs/pages';
import { authPages } from '@/features/auth/pages';
import { payCusPages } from '@/features/payCus/pages';
import { acctPages } from '@/features/acct/pages';
import { merchantPages } from '@/features/merchant/pages';
import { approvePages } from '@/features/approve/pages';
import { cusPages } from '@/features/cus/pages';
import { reportPages } from '@/features/report/pages';
import { filePages } from '@/features/files/pages';
import { monitorPages } from '@/features/monitor/pages';
import { settlePages } from '@/features/settle/pages';
import { supervisePages } from '@/features/supervise/pages';
import { dashboardPages } from '@/features/dashboard/pages';
import { feePages } from '@/features/fee/pages';

export type { PageProps } from '@/lib/page';

const corePages: Record<(typeof CORE_PAGES)[number], PageModule> = {
  'layouts/RouteView': lazyPage(() => import('@/features/exception/NotFound')),
  'layouts/IframePageView': lazyPage(() => import('./IframePageView')),
  'home/Home': lazyPage(() => import('@/features/home/Home')),
  'account/Center': lazyPage(() => import('@/features/account/Center')),
  'account/Settings': lazyPage(() => import('@/features/account/Settings')),
  'result/Success': lazyPage(() => import('@/features/result/Success')),
  'result/Fail': lazyPage(() => import('@/features/result/Fail')),
  'exception/403': lazyPage(() => import('@/features/exception/Forbidden')),
  'exception/404': lazyPage(() => import('@/features/exception/NotFound')),
  'exception/500': lazyPage(() => import('@/features/exception/ServerError')),
  'help/HelpCenter': lazyPage(() => import('@/features/help/HelpCenter')),
};

export const pageRegistry: Record<PageKey, PageModule> = {
  ...corePages,
  ...adminPages,
  ...configPages,
  ...messagePages,
  ...jobPages,
  ...authPages,
  ...payCusPages,
  ...acctPages,
  ...approvePages,
  ...merchantPages,
  ...cusPages,
  ...reportPages,
  ...filePages,
  ...monitorPages,
  ...settlePages,
  ...supervisePages,
  ...dashboardPages,
  ...feePages,
};
