ALTER TABLE "small_groups" ADD COLUMN "roster_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0148). A group's roster version: raised in the same transaction as every
-- change to a column its roster reads of the group's memberships and join requests
-- (server/features/groups/membership.ts `rosterPage`), by whichever writer (the routes, an
-- account's deletion, a group's removal, seeds, plain SQL). What the roster shows of each person
-- (names, email, the shared phone) is the directory's version's (migration 0052): a kept roster
-- page is served again only while both are the ones it was read with. A column added to the
-- roster is a new migration that adds it here (a test reads these triggers and fails on a column
-- they miss).
--
-- Deferred constraint triggers, as the directory's: they run at commit, when the app's
-- transactions already hold the group's row (lockGroup, syncGroupCounts), so they take no lock
-- the transaction did not take already. One update of the group's row per changed membership or
-- request (a group's rows are few; its json_head trigger writes the same text again).
CREATE FUNCTION koinonia_roster_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE small_groups SET roster_version = roster_version + 1;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE small_groups SET roster_version = roster_version + 1 WHERE id = OLD.group_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.group_id IS DISTINCT FROM OLD.group_id) THEN
    UPDATE small_groups SET roster_version = roster_version + 1 WHERE id = NEW.group_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER group_members_roster_changed AFTER UPDATE ON group_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.is_leader IS DISTINCT FROM NEW.is_leader
    OR OLD.joined_at IS DISTINCT FROM NEW.joined_at)
  EXECUTE FUNCTION koinonia_roster_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER group_members_roster_added_or_removed AFTER INSERT OR DELETE ON group_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION koinonia_roster_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER group_join_requests_roster_changed AFTER UPDATE ON group_join_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.group_id IS DISTINCT FROM NEW.group_id OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION koinonia_roster_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER group_join_requests_roster_added_or_removed AFTER INSERT OR DELETE ON group_join_requests DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION koinonia_roster_changed();--> statement-breakpoint
CREATE TRIGGER group_members_roster_truncated AFTER TRUNCATE ON group_members FOR EACH STATEMENT EXECUTE FUNCTION koinonia_roster_changed();--> statement-breakpoint
CREATE TRIGGER group_join_requests_roster_truncated AFTER TRUNCATE ON group_join_requests FOR EACH STATEMENT EXECUTE FUNCTION koinonia_roster_changed();
