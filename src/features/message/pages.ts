// Page modules of announcements and notifications, keyed as contract/pages/message.ts names them.
import { lazy } from 'react';
import type { PageModule } from '@/lib/page';
import type { MESSAGE_PAGES } from '@contract/pages/message';

export const messagePages: Record<(typeof MESSAGE_PAGES)[number], PageModule> = {
  'message/AnnouncementList': lazy(() => import('./AnnouncementList')),
  'message/UserAnnouncement': lazy(() => import('./UserAnnouncement')),
};
