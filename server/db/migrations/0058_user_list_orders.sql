-- The user list filtered by 性别 or 状态, in the orders the page offers (issue 15 §2): an index that
-- reads the matches in list order, so a page is a walk from the first match (a deep one skips matches
-- only, in the index alone), never a read and sort of every match (a hundred thousand frozen users by
-- name) nor a walk past every non-match (half the users, for a 性别 by creation time).
-- * 性别 by creation time, as 状态's (users_status_created_idx). By name, half the users match, so
--   the name's own index finds a page's matches at once.
-- * 状态 by name, both names: a 状态 may match few users (the frozen ones), which the name's index
--   would walk far to find.
CREATE INDEX IF NOT EXISTS users_sex_created_idx ON users (sex, created_at, id) INCLUDE (username, realname, status, tenant_ids);
CREATE INDEX IF NOT EXISTS users_status_username_idx ON users (status, username, id) INCLUDE (sex, created_at, tenant_ids);
CREATE INDEX IF NOT EXISTS users_status_realname_idx ON users (status, realname, id) INCLUDE (sex, created_at, tenant_ids);
