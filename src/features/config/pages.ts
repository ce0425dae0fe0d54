// Page modules of the configuration area, keyed as contract/pages/config.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { CONFIG_PAGES } from '@contract/pages/config';

export const configPages: Record<(typeof CONFIG_PAGES)[number], PageModule> = {
  'config/DictList': lazy(() => import('./DictList')),
  'config/TenantList': lazy(() => import('./TenantList')),
  'config/GroupList': lazy(() => import('./GroupList')),
  'config/SystemList': lazy(() => import('./SystemList')),
  'config/EntityList': lazy(() => import('./EntityList')),
  'config/GatewayList': lazy(() => import('./GatewayList')),
  'config/DataSourceList': lazy(() => import('./DataSourceList')),
  'config/FillRuleList': lazy(() => import('./FillRuleList')),
  'config/CheckRuleList': lazy(() => import('./CheckRuleList')),
};
