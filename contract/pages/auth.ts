// Pages of the authorisation area: roles, departments, permissions, logs, online users.
export const AUTH_PAGES = ['auth/RoleList', 'auth/DepartList', 'auth/PermissionList', 'auth/LogList', 'auth/OnlineUserList'] as const;
