-- Department roles change what a user can do (issue 13 §3, Jeecg's sys_depart_role_user): a user is
-- linked to department roles of the departments they belong to, and a department role's
-- permissions count for them in the role's tenant, capped by the department's own permissions
-- (server/modules/resources/service.ts departRoleGrantIds). The link counts only while the user
-- still belongs to the role's department.
CREATE TABLE depart_role_users (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES depart_roles(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);
CREATE INDEX depart_role_users_role_idx ON depart_role_users(role_id);

-- The grants of every process's auth cache (0009) now read these tables: announce their changes.
CREATE TRIGGER depart_role_users_auth_insert AFTER INSERT ON depart_role_users
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER depart_role_users_auth_update AFTER UPDATE ON depart_role_users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER depart_role_users_auth_delete AFTER DELETE ON depart_role_users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER depart_role_users_auth_truncate AFTER TRUNCATE ON depart_role_users FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER user_departs_auth_insert AFTER INSERT ON user_departs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_departs_auth_update AFTER UPDATE ON user_departs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_departs_auth_delete AFTER DELETE ON user_departs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('user_id');
CREATE TRIGGER user_departs_auth_truncate AFTER TRUNCATE ON user_departs FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER depart_permissions_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON depart_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER depart_role_permissions_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON depart_role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER depart_roles_auth AFTER UPDATE OR DELETE OR TRUNCATE ON depart_roles
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
