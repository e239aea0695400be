ALTER TABLE "small_groups" ADD COLUMN "json_head" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0146): the group's own part of every group answer, ZGroup's fields from
-- "id" to "leaders" in its order (contract/groups.ts), the object left open for the asker's
-- fields (server/features/groups/group-view.ts `groupItem` closes it). Written from the row on
-- every insert and update, whoever writes it (the app, seeds, plain SQL), in the same statement,
-- so it is never older than the row. `leaders` is the kept JSON (decision 0141) written compact,
-- as server/db/json-sql.ts `jsonText` does: json_agg separates elements with ", \n ", and a
-- newline inside a value is always escaped. A change to ZGroup's fields is a new migration that
-- replaces this function and rewrites every row (`update small_groups set json_head = ''`).
CREATE FUNCTION "small_groups_json_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_head := '{"id":"' || NEW.id || '","name":' || to_json(NEW.name) || ',"description":' || to_json(NEW.description)
    || ',"meetingDay":' || coalesce(to_json(NEW.meeting_day)::text, 'null') || ',"meetingTime":' || coalesce(to_json(NEW.meeting_time)::text, 'null')
    || ',"meetingPlace":' || coalesce(to_json(NEW.meeting_place)::text, 'null') || ',"meetingUrl":' || coalesce(to_json(NEW.meeting_url)::text, 'null')
    || ',"capacity":' || coalesce(to_json(NEW.capacity)::text, 'null') || ',"joinPolicy":' || to_json(NEW.join_policy)
    || ',"memberCount":' || NEW.member_count || ',"isFull":' || coalesce(NEW.member_count >= NEW.capacity, false)
    || ',"leaders":' || replace(NEW.leaders::text, E', \n ', ',');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "small_groups_json_head" BEFORE INSERT OR UPDATE ON "small_groups" FOR EACH ROW EXECUTE FUNCTION "small_groups_json_head"();--> statement-breakpoint
UPDATE "small_groups" SET "json_head" = '';
