// Page modules of the online reports, keyed as contract/pages/report.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { REPORT_PAGES } from '@contract/pages/report';

export const reportPages: Record<(typeof REPORT_PAGES)[number], PageModule> = {
  'report/ReportList': lazyPage(() => import('./ReportList')),
  'report/ReportView': lazyPage(() => import('./ReportView')),
};
