CREATE TABLE "directory_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "directory_version_one_row" CHECK ("directory_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (decision 0147). The directory's version: raised in the same transaction as every
-- change to a column any directory answer shows (server/features/directory/search-directory.ts
-- `entry` and its conditions), by whichever writer (the routes, an account's deletion, seeds,
-- plain SQL, a cascade). A process serves a page it kept again only while the version is the one
-- the page was read with, so the triggers must cover every such column: a column added to the
-- answer is a new migration that adds it here (a test reads these triggers' definitions and
-- fails on a column of the answer they miss).
--
-- The triggers are deferred constraint triggers: they run at commit, after the transaction's
-- other writes, so the version row is locked only for the commit's last moment (a transaction
-- holding a member's row never waits for it while another holding the version row waits for
-- that member: no deadlock) and concurrent changes to different members queue only there. The
-- transaction-local setting makes it one write per transaction, however many rows changed (a
-- seed of 20,000 listings raises it once: updating one row 20,000 times in a transaction walks
-- a longer chain of its versions each time). Without the row (removed by hand) no request finds a
-- version, so no kept page is served or kept: the pages are read every time, never stale. (Were the
-- row written again from 1, a number could come back; so nothing writes it but this raise.)
INSERT INTO "directory_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION koinonia_directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('koinonia.directory_changed', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('koinonia.directory_changed', 'yes', true);
  UPDATE directory_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_directory_changed AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.directory_listed IS DISTINCT FROM NEW.directory_listed OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_directory_added_or_removed AFTER INSERT OR DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER directory_listings_changed AFTER UPDATE ON directory_listings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.listed IS DISTINCT FROM NEW.listed OR OLD.show_photo IS DISTINCT FROM NEW.show_photo
    OR OLD.show_email IS DISTINCT FROM NEW.show_email OR OLD.show_phone IS DISTINCT FROM NEW.show_phone)
  EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER directory_listings_added_or_removed AFTER INSERT OR DELETE ON directory_listings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_photos_changed AFTER INSERT OR UPDATE OR DELETE ON member_photos DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE TRIGGER users_directory_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE TRIGGER directory_listings_truncated AFTER TRUNCATE ON directory_listings FOR EACH STATEMENT EXECUTE FUNCTION koinonia_directory_changed();--> statement-breakpoint
CREATE TRIGGER member_photos_truncated AFTER TRUNCATE ON member_photos FOR EACH STATEMENT EXECUTE FUNCTION koinonia_directory_changed();
