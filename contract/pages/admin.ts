// Pages of the system-administration area: users (the list kit's first page).
export const ADMIN_PAGES = ['system/UserList', 'system/PositionList'] as const;
