// Page modules of announcements and notifications, keyed as contract/pages/message.ts names them.
import { lazyPage, type PageModule } from '@/lib/page';
import type { MESSAGE_PAGES } from '@contract/pages/message';

export const messagePages: Record<(typeof MESSAGE_PAGES)[number], PageModule> = {
  'message/AnnouncementList': lazyPage(() => import('./AnnouncementList')),
  'message/UserAnnouncement': lazyPage(() => import('./UserAnnouncement')),
};
