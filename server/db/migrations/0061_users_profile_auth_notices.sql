-- Issue 15 §2: a change of a users row announces 'm:<user id>' instead of 'u:<user id>'. What the
-- guard caches from that row is the user with their groups (AuthCache.member): their sessions are
-- rows of their own (their triggers announce 'u:'), and their grants are read from roles, role
-- grants and department roles (theirs too). So an edit of a user's name or status drops that
-- entry only, and the answers kept with their grants that may read the row (data rules naming the
-- user's own columns), not their sessions and grants as well. On a busy day of edits, each edited
-- user who was signed in re-read their session, user and grants at once, behind the writes in the
-- pool (up to 1.3 s for the list). A deletion still announces 'u:' (migration 0009).
--
-- The function of migration 0009, replaced (not copied): its second argument, when given, is the
-- message's prefix ('u' when not).
CREATE OR REPLACE FUNCTION boss_auth_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  id text;
  prefix text := coalesce(TG_ARGV[1], 'u');
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM (SELECT %I FROM changed_rows LIMIT 501) s', TG_ARGV[0], TG_ARGV[0]) INTO ids;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('boss_auth', 'all');
  ELSE
    FOREACH id IN ARRAY ids LOOP
      PERFORM pg_notify('boss_auth', prefix || ':' || id);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER users_auth_update ON users;
CREATE TRIGGER users_auth_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION boss_auth_users_changed('id', 'm');
