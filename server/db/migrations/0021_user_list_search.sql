-- The user list under a day's mix of filters and sorts (issue 15 §2). Every filter and sort the page
-- offers is served by an index, and deep pages of every sort are skipped in the index alone:
-- * 'contains' and 'starts with' on 用户姓名 and 用户账号 (ILIKE '%x%', ILIKE 'x%') read trigram indexes
--   (pg_trgm: contrib of every PostgreSQL server; PGlite loads it when it opens, server/db/client.ts).
--   Without pg_trgm (a server without contrib) they stay full scans, as before.
-- * the sorts by 用户姓名 and 用户账号 walk an index in their order; each list index carries what
--   the list's conditions read (status, sex, created_at, the names, the tenants), so a deep page's
--   skipped rows are never fetched from the table, whatever the sort.
-- * the id that breaks ties now follows the sort's direction (server/lib/listSql.ts orderOf), so one
--   ascending index serves a sort both ways (read backwards for a descending one).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS users_realname_trgm_idx ON users USING gin (realname gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (username gin_trgm_ops);
  END IF;
END
$$;

CREATE INDEX users_realname_sort_idx ON users (realname, id) INCLUDE (username, created_at, status, sex, tenant_ids);
CREATE INDEX users_username_sort_idx ON users (username, id) INCLUDE (realname, created_at, status, sex, tenant_ids);
DROP INDEX IF EXISTS users_created_idx;
CREATE INDEX users_created_idx ON users (created_at, id) INCLUDE (username, realname, status, sex, tenant_ids);
DROP INDEX IF EXISTS users_status_created_idx;
CREATE INDEX users_status_created_idx ON users (status, created_at, id) INCLUDE (username, realname, sex, tenant_ids);
