// Page modules of the authorisation area, keyed as contract/pages/auth.ts names them.
import type { PageModule } from '@/lib/page';
import type { AUTH_PAGES } from '@contract/pages/auth';

export const authPages: Record<(typeof AUTH_PAGES)[number], PageModule> = {};
