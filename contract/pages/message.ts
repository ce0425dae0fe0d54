// Pages of announcements and notifications.
export const MESSAGE_PAGES = [] as const;
