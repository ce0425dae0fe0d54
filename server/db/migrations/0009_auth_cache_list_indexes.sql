-- Issue 3 §6 (list benchmark): invalidation of the per-process auth cache, and the indexes of the
-- user list's filter + sort and super query.
--
-- Every server process caches, per request, the session of an access token, the user with their
-- groups and the user's permission lists (server/modules/session/authCache.ts). Any committed
-- change to what those are read from is announced on the channel 'boss_auth' by these triggers,
-- whichever process, module or tool made it: 'u:<user id>' drops that user's sessions and state,
-- 'all' drops everything (roles, permissions, groups, tenants, systems, or more than 500 users in
-- one statement). NOTIFY is transactional: it is delivered on commit, never for a rollback.

-- Announces the users named by column TG_ARGV[0] of the statement's transition table 'changed_rows'.
CREATE FUNCTION boss_auth_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  id text;
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM (SELECT %I FROM changed_rows LIMIT 501) s', TG_ARGV[0], TG_ARGV[0]) INTO ids;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('boss_auth', 'all');
  ELSE
    FOREACH id IN ARRAY ids LOOP
      PERFORM pg_notify('boss_auth', 'u:' || id);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION boss_auth_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('boss_auth', 'all');
  RETURN NULL;
END;
$$;

-- Sessions: revocation, rotation, the group switch, expiry and deletion. New sessions are not in
-- any cache yet, and the last-seen time is not cached state (the WHEN skips its updates; a trigger
-- with a transition table cannot name columns, so this one is per row).
CREATE FUNCTION boss_auth_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('boss_auth', 'u:' || OLD.user_id);
  IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('boss_auth', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_auth_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.group_id IS DISTINCT FROM NEW.group_id
        OR OLD.access_token_hash IS DISTINCT FROM NEW.access_token_hash OR OLD.access_expires_at IS DISTINCT FROM NEW.access_expires_at
        OR OLD.rotated_at IS DISTINCT FROM NEW.rotated_at OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION boss_auth_session_changed();
CREATE TRIGGER sessions_auth_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');

-- Users: status (freeze), profile and password (request handlers read the cached row), deletion.
CREATE TRIGGER users_auth_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('id');
CREATE TRIGGER users_auth_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('id');

-- Group membership (tenants a user may act in) and roles (permissions a user holds).
CREATE TRIGGER user_groups_auth_insert AFTER INSERT ON user_groups
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_groups_auth_update AFTER UPDATE ON user_groups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_groups_auth_delete AFTER DELETE ON user_groups
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_roles_auth_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_roles_auth_update AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_roles_auth_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');

-- What a role grants, the permission switches, and the groups, tenants and systems around them.
CREATE TRIGGER role_permissions_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER permissions_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER roles_auth AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER groups_auth AFTER UPDATE OR DELETE OR TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER tenants_auth AFTER UPDATE OR DELETE OR TRUNCATE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER systems_auth AFTER UPDATE OR DELETE OR TRUNCATE ON systems
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
-- TRUNCATE of the user tables skips row triggers and transition tables: announce it as 'all'.
CREATE TRIGGER sessions_auth_truncate AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER users_auth_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER user_groups_auth_truncate AFTER TRUNCATE ON user_groups FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER user_roles_auth_truncate AFTER TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();

-- The user list: filter on status sorted by create time (page 1 and deep pages read only this
-- index, sex included for the super query's sex + status + createTime range); the tenant check
-- probes user_groups by (user_id, group_id) for the tenant's few group ids.
CREATE INDEX users_status_created_idx ON users (status, created_at DESC, id) INCLUDE (sex);
