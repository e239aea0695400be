-- Every server instance caches signed-in sessions for a few seconds (server/http/session-cache.ts).
-- These triggers tell all of them, through NOTIFY on koinonia_auth with the user's id, when a
-- session is revoked or its user's role, name or email changes, whatever made the change.
-- NOTIFY is sent at commit (and not at all on rollback); repeats in one transaction are merged.
CREATE OR REPLACE FUNCTION koinonia_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('koinonia_auth', OLD.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION koinonia_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('koinonia_auth', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify
  AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION koinonia_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed_notify
  AFTER UPDATE OF role, email, first_name, last_name, created_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION koinonia_user_changed();
