// Page modules of the configuration area, keyed as contract/pages/config.ts names them.
import type { PageModule } from '@/lib/page';
import type { CONFIG_PAGES } from '@contract/pages/config';

export const configPages: Record<(typeof CONFIG_PAGES)[number], PageModule> = {};
