// Page modules of scheduled jobs, keyed as contract/pages/jobs.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { JOB_PAGES } from '@contract/pages/jobs';

export const jobPages: Record<(typeof JOB_PAGES)[number], PageModule> = {
  'jobs/JobList': lazyPage(() => import('./JobList')),
};
