CREATE TABLE "calendar_occurrence_counts" (
	"event_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"going" integer NOT NULL,
	"waiting" integer NOT NULL,
	CONSTRAINT "calendar_occurrence_counts_event_id_occurrence_start_pk" PRIMARY KEY("event_id","occurrence_start")
);
--> statement-breakpoint
ALTER TABLE "calendar_occurrence_counts" ADD CONSTRAINT "calendar_occurrence_counts_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0139). calendar_occurrence_counts: each occurrence's going and waiting
-- registrations, kept in the transaction of every change to calendar_rsvps by the triggers below,
-- as church_day_counts is (decision 0131): one function for every writer (use cases, jobs, seeds,
-- raw SQL, a deleted account's cascade).
-- Adds each delta to its occurrence's row, rows in key order (two transactions touching the same
-- rows lock them in the same order); a row left at 0 and 0 is deleted, so the table always
-- equals fresh counts. An event that is gone is skipped: deleting an event deletes its
-- registrations and its rows by cascade, and the registrations' trigger runs after both.
CREATE OR REPLACE FUNCTION koinonia_add_occurrence_counts(p_events uuid[], p_ats timestamptz[], p_going integer[], p_waiting integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE ze uuid[]; za timestamptz[];
BEGIN
  IF p_events IS NULL THEN
    RETURN;
  END IF;
  WITH up AS (
    INSERT INTO calendar_occurrence_counts AS t (event_id, occurrence_start, going, waiting)
    SELECT u.event_id, u.at, sum(u.going), sum(u.waiting)
    FROM unnest(p_events, p_ats, p_going, p_waiting) AS u(event_id, at, going, waiting)
    WHERE EXISTS (SELECT 1 FROM calendar_events e WHERE e.id = u.event_id)
    GROUP BY u.event_id, u.at HAVING sum(u.going) <> 0 OR sum(u.waiting) <> 0
    ORDER BY u.event_id, u.at
    ON CONFLICT (event_id, occurrence_start) DO UPDATE SET going = t.going + excluded.going, waiting = t.waiting + excluded.waiting
    RETURNING t.event_id, t.occurrence_start, t.going, t.waiting
  )
  SELECT array_agg(event_id), array_agg(occurrence_start) INTO ze, za FROM up WHERE going = 0 AND waiting = 0;
  IF ze IS NOT NULL THEN
    DELETE FROM calendar_occurrence_counts c
    USING unnest(ze, za) AS z(event_id, at)
    WHERE c.event_id = z.event_id AND c.occurrence_start = z.at AND c.going = 0 AND c.waiting = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- A statement's new registrations (insert) count +1 for their status, its old ones (delete: a
-- cancellation, a dropped occurrence, a deleted account's cascade) -1; a row whose status,
-- occurrence or event changed (a waitlisted member moved up, a one-off event moved) both.
CREATE OR REPLACE FUNCTION koinonia_calendar_occurrence_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE e uuid[]; a timestamptz[]; g integer[]; w integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM calendar_occurrence_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(event_id), array_agg(occurrence_start), array_agg((status = 'going')::int), array_agg((status = 'waitlisted')::int)
      INTO e, a, g, w FROM occurrence_rows_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(event_id), array_agg(occurrence_start), array_agg(-(status = 'going')::int), array_agg(-(status = 'waitlisted')::int)
      INTO e, a, g, w FROM occurrence_rows_old;
  ELSE
    e := ARRAY[OLD.event_id, NEW.event_id];
    a := ARRAY[OLD.occurrence_start, NEW.occurrence_start];
    g := ARRAY[-(OLD.status = 'going')::int, (NEW.status = 'going')::int];
    w := ARRAY[-(OLD.status = 'waitlisted')::int, (NEW.status = 'waitlisted')::int];
  END IF;
  PERFORM koinonia_add_occurrence_counts(e, a, g, w);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER calendar_rsvps_occurrence_counts_insert AFTER INSERT ON calendar_rsvps
  REFERENCING NEW TABLE AS occurrence_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_calendar_occurrence_counts();
--> statement-breakpoint
CREATE TRIGGER calendar_rsvps_occurrence_counts_delete AFTER DELETE ON calendar_rsvps
  REFERENCING OLD TABLE AS occurrence_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_calendar_occurrence_counts();
--> statement-breakpoint
CREATE TRIGGER calendar_rsvps_occurrence_counts_truncate AFTER TRUNCATE ON calendar_rsvps
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_calendar_occurrence_counts();
--> statement-breakpoint
-- Per row, only when what is counted moved (the reminder job's reminded_at does not): PostgreSQL
-- allows no column list with transition tables, and a statement-level UPDATE trigger would run
-- on every reminder sent.
CREATE TRIGGER calendar_rsvps_occurrence_counts_update AFTER UPDATE OF status, occurrence_start, event_id ON calendar_rsvps
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.occurrence_start IS DISTINCT FROM NEW.occurrence_start OR OLD.event_id IS DISTINCT FROM NEW.event_id)
  EXECUTE FUNCTION koinonia_calendar_occurrence_counts();
--> statement-breakpoint
-- The fill: every existing registration.
INSERT INTO calendar_occurrence_counts (event_id, occurrence_start, going, waiting)
SELECT event_id, occurrence_start, count(*) FILTER (WHERE status = 'going'), count(*) FILTER (WHERE status = 'waitlisted')
FROM calendar_rsvps GROUP BY event_id, occurrence_start;
