CREATE TABLE "gift_donor_year_counts" (
	"year" integer PRIMARY KEY NOT NULL,
	"donors" integer NOT NULL,
	"delivered" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 0140). A year's statement page reads its members' counts from here, not
-- by counting the year's rows of gift_donor_years and probing statement_deliveries for each: per
-- year, `donors` (rows of gift_donor_years) and `delivered` (those with a delivery of the year).
-- Kept by statement triggers on both tables, in the transaction of the change. Each trigger first
-- locks the rows of its years here (an upsert, years in order), and only then looks at the other
-- table, in a later statement (a new snapshot in READ COMMITTED): of a donor's first gift of a
-- year and their statement claimed at once by two transactions, the one that locks second sees
-- the other's row committed and counts the pair, the first one does not.
CREATE OR REPLACE FUNCTION koinonia_rebuild_gift_donor_year_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM gift_donor_year_counts;
  INSERT INTO gift_donor_year_counts (year, donors, delivered)
  SELECT y.year, count(*), count(sd.donor_key)
  FROM gift_donor_years y
  LEFT JOIN statement_deliveries sd ON sd.year = y.year AND sd.donor_key = y.donor_key
  GROUP BY y.year;
END;
$$;
--> statement-breakpoint
-- The changed rows of either table as (year, donor_key, +1 new / -1 old): an update counts only
-- when it moved a row to another year or key (gift_donor_years' counts, a delivery's outcome or
-- email move nothing here). Then the years locked and the donors counted (gift_donor_years), and
-- the pairs with a row in the other table counted in `delivered`.
CREATE OR REPLACE FUNCTION koinonia_gift_donor_year_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_year integer[]; d_key text[]; d_n integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM koinonia_rebuild_gift_donor_year_counts();
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(year), array_agg(donor_key), array_agg(1) INTO d_year, d_key, d_n FROM counted_rows_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(year), array_agg(donor_key), array_agg(-1) INTO d_year, d_key, d_n FROM counted_rows_old;
  ELSE
    SELECT array_agg(y), array_agg(k), array_agg(n) INTO d_year, d_key, d_n
    FROM (
      SELECT o.year AS y, o.donor_key AS k, -1 AS n FROM counted_rows_old o
      WHERE NOT EXISTS (SELECT 1 FROM counted_rows_new c WHERE c.year = o.year AND c.donor_key = o.donor_key)
      UNION ALL
      SELECT c.year, c.donor_key, 1 FROM counted_rows_new c
      WHERE NOT EXISTS (SELECT 1 FROM counted_rows_old o WHERE o.year = c.year AND o.donor_key = c.donor_key)
    ) x;
  END IF;
  IF d_year IS NULL THEN
    RETURN NULL;
  END IF;
  -- The years' rows locked (made if new), in order; their donors moved by the donor rows' change.
  INSERT INTO gift_donor_year_counts AS t (year, donors, delivered)
  SELECT year, CASE WHEN TG_TABLE_NAME = 'gift_donor_years' THEN sum(n) ELSE 0 END, 0
  FROM unnest(d_year, d_n) AS u(year, n)
  GROUP BY year
  ORDER BY year
  ON CONFLICT (year) DO UPDATE SET donors = t.donors + excluded.donors;
  -- The pairs whose other half is there (committed, or this transaction's).
  IF TG_TABLE_NAME = 'gift_donor_years' THEN
    UPDATE gift_donor_year_counts t SET delivered = t.delivered + x.n
    FROM (
      SELECT u.year, sum(u.n) AS n FROM unnest(d_year, d_key, d_n) AS u(year, donor_key, n)
      WHERE EXISTS (SELECT 1 FROM statement_deliveries sd WHERE sd.year = u.year AND sd.donor_key = u.donor_key)
      GROUP BY u.year
    ) x
    WHERE t.year = x.year AND x.n <> 0;
  ELSE
    UPDATE gift_donor_year_counts t SET delivered = t.delivered + x.n
    FROM (
      SELECT u.year, sum(u.n) AS n FROM unnest(d_year, d_key, d_n) AS u(year, donor_key, n)
      WHERE EXISTS (SELECT 1 FROM gift_donor_years y WHERE y.year = u.year AND y.donor_key = u.donor_key)
      GROUP BY u.year
    ) x
    WHERE t.year = x.year AND x.n <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gift_donor_years_counts_insert AFTER INSERT ON gift_donor_years
  REFERENCING NEW TABLE AS counted_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER gift_donor_years_counts_update AFTER UPDATE ON gift_donor_years
  REFERENCING OLD TABLE AS counted_rows_old NEW TABLE AS counted_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER gift_donor_years_counts_delete AFTER DELETE ON gift_donor_years
  REFERENCING OLD TABLE AS counted_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER gift_donor_years_counts_truncate AFTER TRUNCATE ON gift_donor_years
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER statement_deliveries_counts_insert AFTER INSERT ON statement_deliveries
  REFERENCING NEW TABLE AS counted_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER statement_deliveries_counts_update AFTER UPDATE ON statement_deliveries
  REFERENCING OLD TABLE AS counted_rows_old NEW TABLE AS counted_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER statement_deliveries_counts_delete AFTER DELETE ON statement_deliveries
  REFERENCING OLD TABLE AS counted_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
CREATE TRIGGER statement_deliveries_counts_truncate AFTER TRUNCATE ON statement_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_donor_year_counts();
--> statement-breakpoint
-- The fill: every year's members and deliveries as they are.
SELECT koinonia_rebuild_gift_donor_year_counts();
