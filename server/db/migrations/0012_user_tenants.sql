-- Issue 3 §6 (list benchmark, deep pages): the tenants each user belongs to, on the user's own row.
--
-- A user belongs to a tenant through a group of that tenant (user_groups → groups.tenant_id). Lists
-- of a tenant's users used to check that per row with a probe of user_groups, so a page 5,000 deep
-- cost 50,000 probes. users.tenant_ids holds the same fact (the distinct tenant ids, sorted), kept
-- by these triggers on every change of user_groups or of a group's tenant, in the same transaction;
-- the list index carries it, so a deep page is a scan of index entries alone.

ALTER TABLE users ADD COLUMN tenant_ids text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION boss_user_tenants(uid text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT g.tenant_id ORDER BY g.tenant_id), '{}')
    FROM user_groups ug JOIN groups g ON g.id = ug.group_id
   WHERE ug.user_id = uid
$$;

UPDATE users SET tenant_ids = boss_user_tenants(id);

-- Recomputes the users named by column TG_ARGV[0] of the statement's transition table 'changed_rows'.
CREATE FUNCTION boss_user_tenants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'UPDATE users u SET tenant_ids = boss_user_tenants(u.id) WHERE u.id IN (SELECT DISTINCT %I FROM changed_rows) AND u.tenant_ids IS DISTINCT FROM boss_user_tenants(u.id)',
    TG_ARGV[0]);
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_groups_tenants_insert AFTER INSERT ON user_groups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_tenants_changed('user_id');
CREATE TRIGGER user_groups_tenants_delete AFTER DELETE ON user_groups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_tenants_changed('user_id');
-- An update can move a row to another user or group: both the old and the new users are recomputed.
CREATE TRIGGER user_groups_tenants_update_old AFTER UPDATE ON user_groups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_tenants_changed('user_id');
CREATE TRIGGER user_groups_tenants_update_new AFTER UPDATE ON user_groups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_user_tenants_changed('user_id');

CREATE FUNCTION boss_user_tenants_cleared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET tenant_ids = '{}' WHERE tenant_ids <> '{}';
  RETURN NULL;
END;
$$;
CREATE TRIGGER user_groups_tenants_truncate AFTER TRUNCATE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION boss_user_tenants_cleared();

-- A group moved to another tenant: its members are recomputed (deleting a group deletes its
-- user_groups rows, which the triggers above handle).
CREATE FUNCTION boss_group_tenant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET tenant_ids = boss_user_tenants(u.id)
   WHERE u.id IN (SELECT ug.user_id FROM user_groups ug JOIN changed_rows c ON c.id = ug.group_id)
     AND u.tenant_ids IS DISTINCT FROM boss_user_tenants(u.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER groups_tenants_update AFTER UPDATE ON groups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_group_tenant_changed();

-- The list index: filter and sort columns, and what the list's conditions read besides (sex for
-- the super query, the tenants for the scope), so deep pages skip their rows in the index alone.
DROP INDEX users_status_created_idx;
CREATE INDEX users_status_created_idx ON users (status, created_at DESC, id) INCLUDE (sex, tenant_ids);
