ALTER TABLE "users" ADD COLUMN "directory_listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0142). users.directory_listed is a copy of the member's
-- directory_listings.listed (false without a row), kept in the transaction of every change to
-- directory_listings by the triggers below (one function for every writer: the settings route,
-- seeds, raw SQL, a deleted account's rows, a cascade), so the members' directory walks one
-- partial index of the listed members instead of joining every listing. The fill first, from the
-- listings as they are; the index after it (built once, over the filled column).
UPDATE users u SET directory_listed = true FROM directory_listings l WHERE l.user_id = u.id AND l.listed;--> statement-breakpoint
CREATE INDEX "users_directory_listed_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id") WHERE "users"."directory_listed" and "users"."deleted_at" is null;--> statement-breakpoint
-- Per row: a listing inserted or its `listed` changed sets the copy; a listing deleted (or moved to
-- another member, raw SQL only) clears the old member's. A users row is written only when its copy
-- changes. Lock order: this writes the users row after the listing row is locked, so a writer
-- that also locks the member's users row (an account's deletion does, FOR NO KEY UPDATE, then
-- deletes the listing) must take that lock first: updateDirectorySettings locks the users row
-- before its upsert (decision 0142).
CREATE OR REPLACE FUNCTION koinonia_directory_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE users SET directory_listed = false WHERE directory_listed;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    UPDATE users SET directory_listed = false WHERE id = OLD.user_id AND directory_listed;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.user_id <> NEW.user_id THEN
      UPDATE users SET directory_listed = false WHERE id = OLD.user_id AND directory_listed;
    END IF;
  END IF;
  UPDATE users SET directory_listed = NEW.listed WHERE id = NEW.user_id AND directory_listed IS DISTINCT FROM NEW.listed;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER directory_listings_listed_copy AFTER INSERT OR DELETE OR UPDATE OF listed, user_id ON directory_listings
  FOR EACH ROW EXECUTE FUNCTION koinonia_directory_listed();
--> statement-breakpoint
CREATE TRIGGER directory_listings_listed_copy_truncate AFTER TRUNCATE ON directory_listings
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_directory_listed();
