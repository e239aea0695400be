ALTER TABLE "calendar_events" ADD COLUMN "json_head" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 0149, as 0146's small_groups.json_head). The event's own part of its
-- answers: ZCalendarEvent's fields in its order (contract/calendar.ts), the object left open for
-- Admin → Events' next occurrence and counts (server/features/calendar/manage-events.ts) or
-- closed by one event's read (get-event.ts). Written from the row on every insert and update,
-- whoever writes it, in the same statement, so it is never older than the row. Times as
-- server/db/iso-time.ts `isoSql` writes them (milliseconds, Z); the date as its text. A change to
-- ZCalendarEvent's fields is a new migration that replaces this function and rewrites every row
-- (`update calendar_events set json_head = ''`).
CREATE FUNCTION "calendar_events_json_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_head := '{"id":"' || NEW.id || '","title":' || to_json(NEW.title) || ',"description":' || to_json(NEW.description)
    || ',"location":' || to_json(NEW.location)
    || ',"startsAt":"' || to_char(NEW.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","endsAt":"' || to_char(NEW.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","repeat":' || to_json(NEW.repeat) || ',"repeatUntil":' || coalesce(to_json(NEW.repeat_until::text)::text, 'null')
    || ',"registration":' || NEW.registration || ',"capacity":' || coalesce(NEW.capacity::text, 'null');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "calendar_events_json_head" BEFORE INSERT OR UPDATE ON "calendar_events" FOR EACH ROW EXECUTE FUNCTION "calendar_events_json_head"();--> statement-breakpoint
UPDATE "calendar_events" SET "json_head" = '';
