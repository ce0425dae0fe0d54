// Page modules of the approve area, keyed as contract/pages/approve.ts names them.
import type { PageModule } from '@/lib/page';
import type { APPROVE_PAGES } from '@contract/pages/approve';

export const approvePages: Record<(typeof APPROVE_PAGES)[number], PageModule> = {};
