-- Every server process keeps the sessions it has looked up for a moment (auth/session-cache.ts). Any change
-- to what app_session_context reads — a session renewed or revoked, a user changed, a profile moved to
-- another organization or role — tells all of them to drop what they hold. Statement-level and without a
-- payload: such writes are rare, and PostgreSQL folds a transaction's identical notifications into one.
-- A new session needs no notice (nothing can hold it yet); a new profile does (the LEFT JOIN gave null).
CREATE FUNCTION app_notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wholesail_sessions', '');
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_sessions_changed();
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_sessions_changed();
CREATE TRIGGER user_profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION app_notify_sessions_changed();
