// Page modules of the configuration area, keyed as contract/pages/config.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { CONFIG_PAGES } from '@contract/pages/config';

export const configPages: Record<(typeof CONFIG_PAGES)[number], PageModule> = {
  'config/DictList': lazyPage(() => import('./DictList')),
  'config/TenantList': lazyPage(() => import('./TenantList')),
  'config/GroupList': lazyPage(() => import('./GroupList')),
  'config/SystemList': lazyPage(() => import('./SystemList')),
  'config/EntityList': lazyPage(() => import('./EntityList')),
  'config/GatewayList': lazyPage(() => import('./GatewayList')),
  'config/DataSourceList': lazyPage(() => import('./DataSourceList')),
  'config/FillRuleList': lazyPage(() => import('./FillRuleList')),
  'config/CheckRuleList': lazyPage(() => import('./CheckRuleList')),
};
