CREATE TABLE "gift_day_totals" (
	"day" date NOT NULL,
	"fund_id" uuid NOT NULL,
	"method" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"gift_count" integer NOT NULL,
	CONSTRAINT "gift_day_totals_day_fund_id_method_pk" PRIMARY KEY("day","fund_id","method")
);
--> statement-breakpoint
ALTER TABLE "gift_day_totals" ADD CONSTRAINT "gift_day_totals_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 0123). The ledger's totals read gift_day_totals: completed gifts summed
-- per church-calendar day, fund and method, kept in the transaction of every change to gifts by
-- the triggers below (one function for every writer: use cases, jobs, seeds, raw SQL, cascades).
-- A gift's day on the church's clock: the one place the table's day is worked out.
CREATE OR REPLACE FUNCTION koinonia_church_day(at timestamptz, tz text) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE tz)::date
$$;
--> statement-breakpoint
-- The church's time zone, its row locked FOR KEY SHARE until the end of the transaction: a change
-- of the zone (which takes the row FOR UPDATE, below) waits for every transaction that bucketed
-- gifts with the old zone, and every later one waits for it and reads the new zone.
CREATE OR REPLACE FUNCTION koinonia_church_zone() RETURNS text LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT profile->>'timeZone' INTO tz FROM church WHERE id = 1 FOR KEY SHARE;
  RETURN coalesce(tz, 'UTC');
END;
$$;
--> statement-breakpoint
-- Every row of gift_day_totals from the gifts as they are (the migration's fill, a change of zone).
CREATE OR REPLACE FUNCTION koinonia_rebuild_gift_day_totals() RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text := koinonia_church_zone();
BEGIN
  DELETE FROM gift_day_totals;
  INSERT INTO gift_day_totals (day, fund_id, method, total_cents, fee_cents, gift_count)
  SELECT koinonia_church_day(created_at, tz), fund_id, method,
         sum(greatest(amount_cents - refunded_cents, 0)),
         sum(fee_cents - greatest(refunded_cents - amount_cents, 0)),
         count(*)
  FROM gifts WHERE status = 'COMPLETED'
  GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
-- The one function every change to gifts goes through: the statement's old rows (update, delete)
-- taken out and its new rows (insert, update) put in, per day, fund and method; only completed
-- gifts count, net of refunds (NET_GIFT_CENTS, NET_FEE_CENTS in gift-rows.ts). Keys in order, so
-- two transactions touching the same rows lock them in the same order. A row left with no gift
-- is deleted: the table always equals a fresh aggregate of gifts.
CREATE OR REPLACE FUNCTION koinonia_gift_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text;
  d_day date[]; d_fund uuid[]; d_method text[]; d_total bigint[]; d_fee bigint[]; d_count integer[];
  z_day date[]; z_fund uuid[]; z_method text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM gift_day_totals;
    RETURN NULL;
  END IF;
  tz := koinonia_church_zone();
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(koinonia_church_day(created_at, tz)), array_agg(fund_id), array_agg(method),
           array_agg(greatest(amount_cents - refunded_cents, 0)::bigint), array_agg((fee_cents - greatest(refunded_cents - amount_cents, 0))::bigint), array_agg(1)
      INTO d_day, d_fund, d_method, d_total, d_fee, d_count
      FROM gift_rows_new WHERE status = 'COMPLETED';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(koinonia_church_day(created_at, tz)), array_agg(fund_id), array_agg(method),
           array_agg(-greatest(amount_cents - refunded_cents, 0)::bigint), array_agg(-(fee_cents - greatest(refunded_cents - amount_cents, 0))::bigint), array_agg(-1)
      INTO d_day, d_fund, d_method, d_total, d_fee, d_count
      FROM gift_rows_old WHERE status = 'COMPLETED';
  ELSE
    -- Only the rows whose counted columns changed (a receipt marked sent moves nothing): the old
    -- row taken out, the new one put in.
    SELECT array_agg(day), array_agg(fund_id), array_agg(method), array_agg(total), array_agg(fee), array_agg(n)
      INTO d_day, d_fund, d_method, d_total, d_fee, d_count
      FROM (
        SELECT koinonia_church_day(o.created_at, tz) AS day, o.fund_id, o.method,
               -greatest(o.amount_cents - o.refunded_cents, 0)::bigint AS total, -(o.fee_cents - greatest(o.refunded_cents - o.amount_cents, 0))::bigint AS fee, -1 AS n
        FROM gift_rows_old o JOIN gift_rows_new c ON c.id = o.id
        WHERE o.status = 'COMPLETED'
          AND (o.status, o.created_at, o.fund_id, o.method, o.amount_cents, o.fee_cents, o.refunded_cents) IS DISTINCT FROM (c.status, c.created_at, c.fund_id, c.method, c.amount_cents, c.fee_cents, c.refunded_cents)
        UNION ALL
        SELECT koinonia_church_day(c.created_at, tz), c.fund_id, c.method,
               greatest(c.amount_cents - c.refunded_cents, 0)::bigint, (c.fee_cents - greatest(c.refunded_cents - c.amount_cents, 0))::bigint, 1
        FROM gift_rows_old o JOIN gift_rows_new c ON c.id = o.id
        WHERE c.status = 'COMPLETED'
          AND (o.status, o.created_at, o.fund_id, o.method, o.amount_cents, o.fee_cents, o.refunded_cents) IS DISTINCT FROM (c.status, c.created_at, c.fund_id, c.method, c.amount_cents, c.fee_cents, c.refunded_cents)
      ) x;
  END IF;
  IF d_day IS NULL THEN
    RETURN NULL;
  END IF;
  WITH up AS (
    INSERT INTO gift_day_totals AS t (day, fund_id, method, total_cents, fee_cents, gift_count)
    SELECT day, fund_id, method, sum(total_cents), sum(fee_cents), sum(gift_count)
    FROM unnest(d_day, d_fund, d_method, d_total, d_fee, d_count) AS u(day, fund_id, method, total_cents, fee_cents, gift_count)
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, fund_id, method) DO UPDATE SET
      total_cents = t.total_cents + excluded.total_cents,
      fee_cents = t.fee_cents + excluded.fee_cents,
      gift_count = t.gift_count + excluded.gift_count
    RETURNING t.day, t.fund_id, t.method, t.gift_count
  )
  SELECT array_agg(day), array_agg(fund_id), array_agg(method) INTO z_day, z_fund, z_method FROM up WHERE gift_count = 0;
  IF z_day IS NOT NULL THEN
    DELETE FROM gift_day_totals
    WHERE gift_count = 0 AND (day, fund_id, method) IN (SELECT * FROM unnest(z_day, z_fund, z_method));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gifts_day_totals_insert AFTER INSERT ON gifts
  REFERENCING NEW TABLE AS gift_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_day_totals();
--> statement-breakpoint
CREATE TRIGGER gifts_day_totals_update AFTER UPDATE ON gifts
  REFERENCING OLD TABLE AS gift_rows_old NEW TABLE AS gift_rows_new FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_day_totals();
--> statement-breakpoint
CREATE TRIGGER gifts_day_totals_delete AFTER DELETE ON gifts
  REFERENCING OLD TABLE AS gift_rows_old FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_day_totals();
--> statement-breakpoint
CREATE TRIGGER gifts_day_totals_truncate AFTER TRUNCATE ON gifts
  FOR EACH STATEMENT EXECUTE FUNCTION koinonia_gift_day_totals();
--> statement-breakpoint
-- A change of the church's time zone moves gifts between days: the table is rebuilt in the
-- transaction that changes it, under the church row's FOR UPDATE lock (every transaction that
-- bucketed gifts with the old zone has committed; every later one waits, then reads the new zone).
CREATE OR REPLACE FUNCTION koinonia_church_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (OLD.profile->>'timeZone') IS DISTINCT FROM (NEW.profile->>'timeZone') THEN
    PERFORM 1 FROM church WHERE id = NEW.id FOR UPDATE;
    PERFORM koinonia_rebuild_gift_day_totals();
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER church_zone_rebuilds_gift_day_totals AFTER INSERT OR UPDATE OF profile ON church
  FOR EACH ROW EXECUTE FUNCTION koinonia_church_zone_changed();
--> statement-breakpoint
-- The fill: every existing gift.
SELECT koinonia_rebuild_gift_day_totals();
