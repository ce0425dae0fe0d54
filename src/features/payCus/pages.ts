// Page modules of the payCus area, keyed as contract/pages/pay.ts names them.
import type { PageModule } from '@/lib/page';
import type { PAY_PAGES } from '@contract/pages/pay';

export const payCusPages: Record<(typeof PAY_PAGES)[number], PageModule> = {};
