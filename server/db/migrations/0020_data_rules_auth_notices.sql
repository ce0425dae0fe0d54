-- The data rules a user is held to are cached with their grants (AuthCache.memo, read by
-- dataScopeOf on every list, detail and export call). Every process must hear when they change,
-- as it hears of role grants (0009): a change of a rule or of a role's rules drops every cached
-- grant, in every process, on commit.
CREATE TRIGGER permission_data_rules_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_data_rules
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
CREATE TRIGGER role_data_rules_auth AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_data_rules
  FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_all_changed();
