-- Issue 15 §2 (user list index): the users whose departments changed, on the channel of 0036.
--
-- The index now keeps each user's list row in memory, departments included
-- (server/modules/admin/userIndex.ts). A change of user_departs used to drop every row it kept (one
-- 'boss_tables' notice naming the table); now the users a statement changed are named on
-- 'boss_user_rows', as 0036 names those whose own columns changed, and only they are read again.
-- Deleting a department deletes its memberships (ON DELETE CASCADE), which these triggers announce
-- too; the department's own name and order come from 'boss_tables' ('departments').

CREATE FUNCTION boss_user_departs_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM boss_user_rows_notify((SELECT jsonb_agg(DISTINCT user_id) FROM new_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION boss_user_departs_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM boss_user_rows_notify((SELECT jsonb_agg(DISTINCT user_id) FROM old_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION boss_user_departs_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM boss_user_rows_notify((
    SELECT jsonb_agg(DISTINCT u) FROM (SELECT user_id AS u FROM old_rows UNION SELECT user_id FROM new_rows) s));
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_departs_rows_inserted AFTER INSERT ON user_departs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_departs_inserted();
CREATE TRIGGER user_departs_rows_deleted AFTER DELETE ON user_departs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_departs_deleted();
CREATE TRIGGER user_departs_rows_updated AFTER UPDATE ON user_departs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_departs_updated();
-- boss_user_rows_truncated (0036) announces '*': the listener reloads.
CREATE TRIGGER user_departs_rows_truncated AFTER TRUNCATE ON user_departs
  FOR EACH STATEMENT EXECUTE FUNCTION boss_user_rows_truncated();
