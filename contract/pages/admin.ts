// Pages of the system-administration area (users, roles, departments, permissions, logs, online users).
export const ADMIN_PAGES = [] as const;
