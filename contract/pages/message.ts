// Pages of announcements and notifications.
export const MESSAGE_PAGES = ['message/AnnouncementList', 'message/UserAnnouncement'] as const;
