CREATE TABLE "church_day_counts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "church_day_counts_day_kind_pk" PRIMARY KEY("day","kind")
);
--> statement-breakpoint
ALTER TABLE "challenges" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "announcements_sent_idx" ON "announcements" USING btree ("send_at","id") WHERE "announcements"."status" <> 'scheduled';--> statement-breakpoint
CREATE INDEX "journey_enrolments_reach_idx" ON "journey_enrolments" USING btree ("sequence_key","start_date") WHERE "journey_enrolments"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "testimonies_created_idx" ON "testimonies" USING btree ("created_at");--> statement-breakpoint
-- Hand-written (decision 0131). The Dashboard's counts per church day (church_day_counts), kept
-- in the transaction of every change to member_activity, prayer_requests and personal_notes by
-- the triggers below, as gift_day_totals is (decision 0123): one function for every writer (use
-- cases, jobs, seeds, raw SQL, a deleted account's cascades).
-- Adds each delta to its day's row of `p_kind`, days in order (two transactions touching the same
-- rows lock them in the same order); a row left at 0 is deleted, so the table always equals
-- fresh counts.
CREATE OR REPLACE FUNCTION koinonia_add_day_counts(p_kind text, p_days date[], p_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE z date[];
BEGIN
  IF p_days IS NULL THEN
    RETURN;
  END IF;
  WITH up AS (
    INSERT INTO church_day_counts AS t (day, kind, n)
    SELECT day, p_kind, sum(delta) FROM unnest(p_days, p_deltas) AS u(day, delta)
    GROUP BY day HAVING sum(delta) <> 0 ORDER BY day
    ON CONFLICT (day, kind) DO UPDATE SET n = t.n + excluded.n
    RETURNING t.day, t.n
  )
  SELECT array_agg(day) INTO z FROM up WHERE n = 0;
  IF z IS NOT NULL THEN
    DELETE FROM church_day_counts WHERE kind = p_kind AND n = 0 AND day = ANY (z);
  END IF;
END;
$$;
--> statement-breakpoint
-- Every row of church_day_counts from the rows as they are (the migration's fill, a change of zone).
CREATE OR REPLACE FUNCTION koinonia_rebuild_church_day_counts() RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text := koinonia_church_zone();
BEGIN
  DELETE FROM church_day_counts;
  INSERT INTO church_day_counts (day, kind, n)
  SELECT day, 'active', count(*) FROM member_activity GROUP BY day
  UNION ALL
  SELECT koinonia_church_day(created_at, tz), 'prayers', count(*) FROM prayer_requests GROUP BY 1
  UNION ALL
  SELECT koinonia_church_day(created_at, tz), 'notes', count(*) FROM personal_notes GROUP BY 1;
END;
$$;
--> statement-breakpoint
-- member_activity: `day` is already the church's day (record-activity.ts); a statement's new rows
-- (insert) count +1, its old rows (delete, a deleted account's cascade) -1.
CREATE OR REPLACE FUNCTION koinonia_member_activity_day_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d date[]; c integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM church_day_counts WHERE kind = 'active';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(day), array_agg(1) INTO d, c FROM day_rows_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(day), array_agg(-1) INTO d, c FROM day_rows_old;
  ELSE
    d := ARRAY[OLD.day, NEW.day];
    c := ARRAY[-1, 1];
  END IF;
  PERFORM koinonia_add_day_counts('active', d, c);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- prayer_requests and personal_notes (the kind is the trigger's argument): the day a row was
-- created on the church's clock (koinonia_church_day, koinonia_church_zone: decision 0123).
CREATE OR REPLACE FUNCTION koinonia_created_day_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE tz text; d date[]; c integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM church_day_counts WHERE kind = TG_ARGV[0];
    RETURN NULL;
  END IF;
  tz := koinonia_church_zone();
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(koinonia_church_day(created_at, tz)), array_agg(1) INTO d, c FROM day_rows_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(koinonia_church_day(created_at, tz)), array_agg(-1) INTO d, c FROM day_rows_old;
  ELSE
    d := ARRAY[koinonia_church_day(OLD.created_at, tz), koinonia_church_day(NEW.created_at, tz)];
    c := ARRAY[-1, 1];
  END IF;
  PERFORM koinonia_add_day_counts(TG_ARGV[0], d, c);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_activity_day_counts_insert AFTER INSERT ON member_activity
  REFERENCING NEW TABLE AS day_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_member_activity_day_counts();
--> statement-breakpoint
CREATE TRIGGER member_activity_day_counts_delete AFTER DELETE ON member_activity
  REFERENCING OLD TABLE AS day_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_member_activity_day_counts();
--> statement-breakpoint
CREATE TRIGGER member_activity_day_counts_truncate AFTER TRUNCATE ON member_activity
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_member_activity_day_counts();
--> statement-breakpoint
-- A row's day moved (nothing does it today but raw SQL): per row, only when it moved. (A
-- statement-level UPDATE trigger would run on every edit of a note; PostgreSQL allows no column
-- list with transition tables.)
CREATE TRIGGER member_activity_day_counts_update AFTER UPDATE OF day ON member_activity
  FOR EACH ROW WHEN (OLD.day IS DISTINCT FROM NEW.day) EXECUTE FUNCTION koinonia_member_activity_day_counts();
--> statement-breakpoint
CREATE TRIGGER prayer_requests_day_counts_insert AFTER INSERT ON prayer_requests
  REFERENCING NEW TABLE AS day_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_created_day_counts('prayers');
--> statement-breakpoint
CREATE TRIGGER prayer_requests_day_counts_delete AFTER DELETE ON prayer_requests
  REFERENCING OLD TABLE AS day_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_created_day_counts('prayers');
--> statement-breakpoint
CREATE TRIGGER prayer_requests_day_counts_truncate AFTER TRUNCATE ON prayer_requests
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_created_day_counts('prayers');
--> statement-breakpoint
CREATE TRIGGER prayer_requests_day_counts_update AFTER UPDATE OF created_at ON prayer_requests
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION koinonia_created_day_counts('prayers');
--> statement-breakpoint
CREATE TRIGGER personal_notes_day_counts_insert AFTER INSERT ON personal_notes
  REFERENCING NEW TABLE AS day_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_created_day_counts('notes');
--> statement-breakpoint
CREATE TRIGGER personal_notes_day_counts_delete AFTER DELETE ON personal_notes
  REFERENCING OLD TABLE AS day_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_created_day_counts('notes');
--> statement-breakpoint
CREATE TRIGGER personal_notes_day_counts_truncate AFTER TRUNCATE ON personal_notes
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_created_day_counts('notes');
--> statement-breakpoint
CREATE TRIGGER personal_notes_day_counts_update AFTER UPDATE OF created_at ON personal_notes
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION koinonia_created_day_counts('notes');
--> statement-breakpoint
-- A change of the church's time zone moves prayers and notes between days: rebuilt in the
-- transaction that changes it, under the church row's FOR UPDATE lock (as gift_day_totals, 0123).
CREATE OR REPLACE FUNCTION koinonia_church_zone_rebuilds_day_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (OLD.profile->>'timeZone') IS DISTINCT FROM (NEW.profile->>'timeZone') THEN
    PERFORM 1 FROM church WHERE id = NEW.id FOR UPDATE;
    PERFORM koinonia_rebuild_church_day_counts();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER church_zone_rebuilds_day_counts AFTER INSERT OR UPDATE OF profile ON church
  FOR EACH ROW EXECUTE FUNCTION koinonia_church_zone_rebuilds_day_counts();
--> statement-breakpoint
-- The fill: every existing row.
SELECT koinonia_rebuild_church_day_counts();
--> statement-breakpoint
-- Hand-written (decision 0131). challenges.member_count: its user_challenges rows, kept by the
-- triggers below in the transaction of every join, removal, cascade and truncate. The challenges
-- a statement touches are locked in id order first, so two statements (two account deletions)
-- never wait for each other's rows in opposite orders.
CREATE OR REPLACE FUNCTION koinonia_challenge_member_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE challenges SET member_count = 0 WHERE member_count <> 0;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM challenges WHERE id IN (SELECT challenge_id FROM member_rows_new) ORDER BY id FOR NO KEY UPDATE;
    UPDATE challenges c SET member_count = c.member_count + d.n
      FROM (SELECT challenge_id, count(*)::integer AS n FROM member_rows_new GROUP BY challenge_id) d
      WHERE c.id = d.challenge_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM challenges WHERE id IN (SELECT challenge_id FROM member_rows_old) ORDER BY id FOR NO KEY UPDATE;
    UPDATE challenges c SET member_count = c.member_count - d.n
      FROM (SELECT challenge_id, count(*)::integer AS n FROM member_rows_old GROUP BY challenge_id) d
      WHERE c.id = d.challenge_id;
  ELSE
    UPDATE challenges SET member_count = member_count - 1 WHERE id = OLD.challenge_id;
    UPDATE challenges SET member_count = member_count + 1 WHERE id = NEW.challenge_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_challenges_member_counts_insert AFTER INSERT ON user_challenges
  REFERENCING NEW TABLE AS member_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_challenge_member_counts();
--> statement-breakpoint
CREATE TRIGGER user_challenges_member_counts_delete AFTER DELETE ON user_challenges
  REFERENCING OLD TABLE AS member_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_challenge_member_counts();
--> statement-breakpoint
CREATE TRIGGER user_challenges_member_counts_truncate AFTER TRUNCATE ON user_challenges
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_challenge_member_counts();
--> statement-breakpoint
CREATE TRIGGER user_challenges_member_counts_update AFTER UPDATE OF challenge_id ON user_challenges
  FOR EACH ROW WHEN (OLD.challenge_id IS DISTINCT FROM NEW.challenge_id) EXECUTE FUNCTION koinonia_challenge_member_counts();
--> statement-breakpoint
-- The fill: every existing membership.
UPDATE challenges c SET member_count = (SELECT count(*) FROM user_challenges u WHERE u.challenge_id = c.id);
