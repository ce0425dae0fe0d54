-- User administration (issue 3): the profile fields the 用户管理 page edits, who created or last
-- changed a user, and the indexes of the user list (default sort created_at desc, tenant scoping
-- through user_groups). E-mail addresses are unique, case-insensitively, when present.
ALTER TABLE users ADD COLUMN email text;
ALTER TABLE users ADD COLUMN telephone text;
-- 'YYYY-MM-DD'
ALTER TABLE users ADD COLUMN birthday text;
-- Positions (职务), free text, comma separated.
ALTER TABLE users ADD COLUMN post text;
ALTER TABLE users ADD COLUMN work_no text;
ALTER TABLE users ADD COLUMN created_by text;
ALTER TABLE users ADD COLUMN updated_by text;

CREATE UNIQUE INDEX users_email_uidx ON users (lower(email)) WHERE email IS NOT NULL AND email <> '';
CREATE INDEX users_created_idx ON users (created_at DESC, id);
CREATE INDEX user_groups_group_idx ON user_groups (group_id, user_id);
