CREATE TABLE "gift_donor_years" (
	"year" integer NOT NULL,
	"donor_key" text NOT NULL,
	"gift_count" integer NOT NULL,
	CONSTRAINT "gift_donor_years_year_donor_key_pk" PRIMARY KEY("year","donor_key")
);
--> statement-breakpoint
CREATE INDEX "statement_deliveries_email_idx" ON "statement_deliveries" USING btree ("email_id");--> statement-breakpoint
-- Hand-written (decision 0132). A year's statement page counts its donors from gift_donor_years:
-- the members who gave that year (church calendar), one row each with their completed gifts'
-- count, kept in the transaction of every change to gifts by the triggers below, as
-- gift_day_totals is (decision 0123: the same zone, read FOR KEY SHARE; the same rebuild on a
-- change of zone). The year of a gift on the church's clock:
CREATE OR REPLACE FUNCTION koinonia_church_year(at timestamptz, tz text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT extract(year FROM koinonia_church_day(at, tz))::integer
$$;
--> statement-breakpoint
-- Every row from the gifts as they are (the migration's fill, a change of zone).
CREATE OR REPLACE FUNCTION koinonia_rebuild_gift_donor_years() RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text := koinonia_church_zone();
BEGIN
  DELETE FROM gift_donor_years;
  INSERT INTO gift_donor_years (year, donor_key, gift_count)
  SELECT koinonia_church_year(created_at, tz), 'u:' || user_id::text, count(*)
  FROM gifts WHERE status = 'COMPLETED' AND user_id IS NOT NULL
  GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- The statement's old rows (update, delete) taken out and its new rows (insert, update) put in,
-- per year and member; only completed gifts of a member count (a batch gift without one is a
-- donor by its line's email, read from the gifts). Keys in order, so two transactions touching
-- the same rows lock them in the same order. A row left with no gift is deleted.
CREATE OR REPLACE FUNCTION koinonia_gift_donor_years() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  d_year integer[]; d_key text[]; d_count integer[];
  z_year integer[]; z_key text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM gift_donor_years;
    RETURN NULL;
  END IF;
  tz := koinonia_church_zone();
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(koinonia_church_year(created_at, tz)), array_agg('u:' || user_id::text), array_agg(1)
      INTO d_year, d_key, d_count
      FROM gift_rows_new WHERE status = 'COMPLETED' AND user_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(koinonia_church_year(created_at, tz)), array_agg('u:' || user_id::text), array_agg(-1)
      INTO d_year, d_key, d_count
      FROM gift_rows_old WHERE status = 'COMPLETED' AND user_id IS NOT NULL;
  ELSE
    -- Only the rows whose counted columns changed (a refund or a receipt moves nothing).
    SELECT array_agg(y), array_agg(k), array_agg(n)
      INTO d_year, d_key, d_count
      FROM (
        SELECT koinonia_church_year(o.created_at, tz) AS y, 'u:' || o.user_id::text AS k, -1 AS n
        FROM gift_rows_old o JOIN gift_rows_new c ON c.id = o.id
        WHERE o.status = 'COMPLETED' AND o.user_id IS NOT NULL
          AND (o.status, o.user_id, o.created_at) IS DISTINCT FROM (c.status, c.user_id, c.created_at)
        UNION ALL
        SELECT koinonia_church_year(c.created_at, tz), 'u:' || c.user_id::text, 1
        FROM gift_rows_old o JOIN gift_rows_new c ON c.id = o.id
        WHERE c.status = 'COMPLETED' AND c.user_id IS NOT NULL
          AND (o.status, o.user_id, o.created_at) IS DISTINCT FROM (c.status, c.user_id, c.created_at)
      ) x;
  END IF;
  IF d_year IS NULL THEN
    RETURN NULL;
  END IF;
  WITH up AS (
    INSERT INTO gift_donor_years AS t (year, donor_key, gift_count)
    SELECT year, donor_key, sum(gift_count)
    FROM unnest(d_year, d_key, d_count) AS u(year, donor_key, gift_count)
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (year, donor_key) DO UPDATE SET gift_count = t.gift_count + excluded.gift_count
    RETURNING t.year, t.donor_key, t.gift_count
  )
  SELECT array_agg(year), array_agg(donor_key) INTO z_year, z_key FROM up WHERE gift_count = 0;
  IF z_year IS NOT NULL THEN
    DELETE FROM gift_donor_years
    WHERE gift_count = 0 AND (year, donor_key) IN (SELECT * FROM unnest(z_year, z_key));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gifts_donor_years_insert AFTER INSERT ON gifts
  REFERENCING NEW TABLE AS gift_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_years();
--> statement-breakpoint
CREATE TRIGGER gifts_donor_years_update AFTER UPDATE ON gifts
  REFERENCING OLD TABLE AS gift_rows_old NEW TABLE AS gift_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_years();
--> statement-breakpoint
CREATE TRIGGER gifts_donor_years_delete AFTER DELETE ON gifts
  REFERENCING OLD TABLE AS gift_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_years();
--> statement-breakpoint
CREATE TRIGGER gifts_donor_years_truncate AFTER TRUNCATE ON gifts
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_years();
--> statement-breakpoint
-- A change of the church's time zone moves gifts between years: rebuilt in that transaction,
-- under the church row's FOR UPDATE lock (as gift_day_totals, decision 0123).
CREATE OR REPLACE FUNCTION koinonia_church_zone_changed_donor_years() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (OLD.profile->>'timeZone') IS DISTINCT FROM (NEW.profile->>'timeZone') THEN
    PERFORM 1 FROM church WHERE id = NEW.id FOR UPDATE;
    PERFORM koinonia_rebuild_gift_donor_years();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER church_zone_rebuilds_gift_donor_years AFTER INSERT OR UPDATE OF profile ON church
  FOR EACH ROW EXECUTE FUNCTION koinonia_church_zone_changed_donor_years();
--> statement-breakpoint
-- The fill: every existing gift.
SELECT koinonia_rebuild_gift_donor_years();
