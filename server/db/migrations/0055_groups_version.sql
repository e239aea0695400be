CREATE TABLE "groups_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "groups_version_one_row" CHECK ("groups_version"."id" = 1)
);
--> statement-breakpoint
-- Hand-written (decision 0151). The groups' version: raised in the same transaction as every
-- change to a column of small_groups that the members' list of groups reads
-- (server/features/groups/group-view.ts `sharedPageStatement`: the id, the kept head, the name,
-- whether it is archived, and the pending count a leader is told), by whichever writer (the
-- routes, the counts kept at each join, a leader's new name, seeds, plain SQL, a cascade). A
-- process serves its kept first page again only while the version is the one the page was read
-- with. The head (migration 0051) is written from the row's own columns, so a change to any field
-- of a group answer changes it. A column added to the page is a new migration that adds it here
-- (group-view-kept.test.ts reads this trigger's definition and fails on a column it misses).
--
-- Deferred constraint triggers that raise it once per transaction, at commit, as the directory's
-- (migration 0052): the version row is locked only for the commit's last moment. Without the row
-- (removed by hand) no request finds a version, so nothing is kept or served from memory.
INSERT INTO "groups_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION koinonia_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('koinonia.groups_changed', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('koinonia.groups_changed', 'yes', true);
  UPDATE groups_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER small_groups_list_changed AFTER UPDATE ON small_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.json_head IS DISTINCT FROM NEW.json_head OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at OR OLD.pending_count IS DISTINCT FROM NEW.pending_count)
  EXECUTE FUNCTION koinonia_groups_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER small_groups_list_added_or_removed AFTER INSERT OR DELETE ON small_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION koinonia_groups_changed();--> statement-breakpoint
CREATE TRIGGER small_groups_list_truncated AFTER TRUNCATE ON small_groups FOR EACH STATEMENT EXECUTE FUNCTION koinonia_groups_changed();
