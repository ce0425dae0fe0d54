-- Issue 15 §2 (user list index): which users a statement changed, for the in-process index of the
-- user list (server/modules/admin/userIndex.ts), which patches its arrays row by row.
--
-- Migration 0011 announces only the table's name ('boss_tables'), which tells a cache to drop its
-- pages but not which row to re-read. These triggers announce, on the channel 'boss_user_rows', the
-- ids of the users whose listed columns a statement changed (inserted, deleted, or updated with a
-- difference in one of them, tenant_ids included: migration 0012's triggers keep it from the user's
-- groups), as a JSON array of strings; '*' when the ids would not fit the 8,000-byte payload or the
-- table was truncated (the listener reloads). A sign-in that only resets failed_logins announces
-- nothing. NOTIFY is transactional: delivered on commit, in commit order, never for a rollback.

CREATE FUNCTION boss_user_rows_notify(ids jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF ids IS NULL OR jsonb_array_length(ids) = 0 THEN
    RETURN;
  END IF;
  payload := ids::text;
  IF octet_length(payload) > 7000 THEN
    payload := '*';
  END IF;
  PERFORM pg_notify('boss_user_rows', payload);
END;
$$;

CREATE FUNCTION boss_user_rows_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM boss_user_rows_notify((SELECT jsonb_agg(id) FROM new_rows));
  RETURN NULL;
END;
$$;

CREATE FUNCTION boss_user_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM boss_user_rows_notify((SELECT jsonb_agg(id) FROM old_rows));
  RETURN NULL;
END;
$$;

-- An update names the users (old and new ids) whose listed columns differ: what the list filters,
-- sorts and shows (userQuery.ts LIST_COLUMNS) and the tenants.
CREATE FUNCTION boss_user_rows_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM boss_user_rows_notify((
    SELECT jsonb_agg(DISTINCT coalesce(n.id, o.id))
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
     WHERE o.id IS NULL OR n.id IS NULL
        OR (o.username, o.realname, o.avatar, o.sex, o.mobile, o.email, o.telephone, o.birthday, o.post, o.work_no, o.status, o.org_code,
            o.created_at, o.created_by, o.tenant_ids)
           IS DISTINCT FROM
           (n.username, n.realname, n.avatar, n.sex, n.mobile, n.email, n.telephone, n.birthday, n.post, n.work_no, n.status, n.org_code,
            n.created_at, n.created_by, n.tenant_ids)));
  RETURN NULL;
END;
$$;

CREATE FUNCTION boss_user_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('boss_user_rows', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_rows_inserted AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_rows_inserted();
CREATE TRIGGER users_rows_deleted AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_rows_deleted();
CREATE TRIGGER users_rows_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_rows_updated();
CREATE TRIGGER users_rows_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION boss_user_rows_truncated();
