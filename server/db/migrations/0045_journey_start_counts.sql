CREATE TABLE "journey_start_counts" (
	"sequence_key" text NOT NULL,
	"start_date" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "journey_start_counts_sequence_key_start_date_pk" PRIMARY KEY("sequence_key","start_date")
);
--> statement-breakpoint
-- Hand-written (decision 0143). journey_start_counts: the open enrolments per journey and start
-- date, kept by the triggers below in the transaction of every enrolment, unsubscribe, switch,
-- cascade and truncate. A statement's rows are added in (journey, date) order, so two statements
-- lock the rows they share in the same order. Across statements: a switch (enroll-journey.ts)
-- ends a finished enrolment (a row of a past date) and then starts one today, so a transaction
-- waiting on a today row holds only past ones, and one holding a today row waits on nothing:
-- no cycle. A row left at 0 is deleted, so the table always equals fresh counts.
CREATE OR REPLACE FUNCTION koinonia_add_journey_start_counts(p_keys text[], p_dates date[], p_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE zk text[]; zd date[];
BEGIN
  IF p_keys IS NULL THEN
    RETURN;
  END IF;
  WITH up AS (
    INSERT INTO journey_start_counts AS t (sequence_key, start_date, n)
    SELECT k, d, sum(delta) FROM unnest(p_keys, p_dates, p_deltas) AS u(k, d, delta)
    GROUP BY k, d HAVING sum(delta) <> 0 ORDER BY k, d
    ON CONFLICT (sequence_key, start_date) DO UPDATE SET n = t.n + excluded.n
    RETURNING t.sequence_key, t.start_date, t.n
  )
  SELECT array_agg(up.sequence_key), array_agg(up.start_date) INTO zk, zd FROM up WHERE up.n = 0;
  -- (a separate statement: the WITH's own statements all see the rows as they were before it)
  IF zk IS NOT NULL THEN
    DELETE FROM journey_start_counts z USING unnest(zk, zd) AS u(k, d)
      WHERE z.sequence_key = u.k AND z.start_date = u.d AND z.n = 0;
  END IF;
END;
$$;
--> statement-breakpoint
-- Every row of journey_start_counts from the enrolments as they are (the migration's fill).
CREATE OR REPLACE FUNCTION koinonia_rebuild_journey_start_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM journey_start_counts;
  INSERT INTO journey_start_counts (sequence_key, start_date, n)
  SELECT sequence_key, start_date, count(*) FROM journey_enrolments WHERE ended_at IS NULL GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- A statement's new open rows count +1 (insert), its old open rows -1 (delete, a deleted
-- account's cascade); an update (unsubscribe, a switch's end, raw SQL moving a start) takes the
-- old row out if it was open and puts the new one in if it is.
CREATE OR REPLACE FUNCTION koinonia_journey_enrolment_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text[]; d date[]; c integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM journey_start_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(sequence_key), array_agg(start_date), array_agg(1) INTO k, d, c FROM enrolment_rows_new WHERE ended_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(sequence_key), array_agg(start_date), array_agg(-1) INTO k, d, c FROM enrolment_rows_old WHERE ended_at IS NULL;
  ELSE
    SELECT array_agg(x.k), array_agg(x.d), array_agg(x.c) INTO k, d, c FROM (
      SELECT OLD.sequence_key AS k, OLD.start_date AS d, -1 AS c WHERE OLD.ended_at IS NULL
      UNION ALL
      SELECT NEW.sequence_key, NEW.start_date, 1 WHERE NEW.ended_at IS NULL) x;
  END IF;
  PERFORM koinonia_add_journey_start_counts(k, d, c);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER journey_enrolments_start_counts_insert AFTER INSERT ON journey_enrolments
  REFERENCING NEW TABLE AS enrolment_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_journey_enrolment_counts();
--> statement-breakpoint
CREATE TRIGGER journey_enrolments_start_counts_delete AFTER DELETE ON journey_enrolments
  REFERENCING OLD TABLE AS enrolment_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_journey_enrolment_counts();
--> statement-breakpoint
CREATE TRIGGER journey_enrolments_start_counts_truncate AFTER TRUNCATE ON journey_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_journey_enrolment_counts();
--> statement-breakpoint
-- Per row, only when a counted field changed (PostgreSQL allows no column list with transition
-- tables, and the daily sender's writes to other columns must not pay for it).
CREATE TRIGGER journey_enrolments_start_counts_update AFTER UPDATE OF ended_at, start_date, sequence_key ON journey_enrolments
  FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.sequence_key IS DISTINCT FROM NEW.sequence_key)
  EXECUTE FUNCTION koinonia_journey_enrolment_counts();
--> statement-breakpoint
-- The fill: every open enrolment.
SELECT koinonia_rebuild_journey_start_counts();
