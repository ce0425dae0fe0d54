// Page modules of the online reports, keyed as contract/pages/report.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { REPORT_PAGES } from '@contract/pages/report';

export const reportPages: Record<(typeof REPORT_PAGES)[number], PageModule> = {
  'report/ReportList': lazy(() => import('./ReportList')),
  'report/ReportView': lazy(() => import('./ReportView')),
};
