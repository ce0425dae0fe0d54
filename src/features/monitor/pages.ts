// Page modules of 系统监控, keyed as contract/pages/monitor.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { MONITOR_PAGES } from '@contract/pages/monitor';

export const monitorPages: Record<(typeof MONITOR_PAGES)[number], PageModule> = {
  'monitor/MonitorPage': lazyPage(() => import('./MonitorPage')),
};
