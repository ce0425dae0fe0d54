-- Issue 3 §6 (list benchmark): invalidation of the per-process list cache (server/lib/listCache.ts).
--
-- A server process keeps recent pages of some lists (the user list first) and drops those that read
-- a table when any statement changes that table, whichever process, module or tool made the change:
-- these triggers announce the table's name on the channel 'boss_tables'. NOTIFY is transactional
-- (delivered on commit, never for a rollback) and PostgreSQL folds repeats of one notice within a
-- transaction, so a statement costs one notice however many rows it touches.

CREATE FUNCTION boss_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('boss_tables', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

-- What the user list reads (USER_LIST_TABLES in server/modules/admin/userQuery.ts): the users (their
-- tenants included: migration 0012 keeps users.tenant_ids, so a change of groups or memberships is a
-- change of users) and their departments (names shown in the list).
CREATE TRIGGER users_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();
CREATE TRIGGER user_departs_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_departs
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();
CREATE TRIGGER departments_list_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION boss_table_changed();
