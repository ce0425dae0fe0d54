// Page modules of the acct area, keyed as contract/pages/acct.ts names them.
import type { PageModule } from '@/lib/page';
import type { ACCT_PAGES } from '@contract/pages/acct';

export const acctPages: Record<(typeof ACCT_PAGES)[number], PageModule> = {};
