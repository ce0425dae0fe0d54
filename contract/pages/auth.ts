// Pages of the authorisation area: roles, departments, permissions, logs, online users.
export const AUTH_PAGES = [] as const;
