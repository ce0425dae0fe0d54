-- Which data rules of a menu a role is held to (jeecg's sys_role_permission.data_rule_ids, as rows):
-- a user's reads of that menu's resource are narrowed by the rules of the roles that grant it
-- (server/modules/rbac/dataScope.ts).
CREATE TABLE role_data_rules (
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  rule_id text NOT NULL REFERENCES permission_data_rules(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, rule_id)
);
CREATE INDEX role_data_rules_rule_idx ON role_data_rules(rule_id);
