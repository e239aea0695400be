-- Rate-limit counters skip the write-ahead log (decision 0103): each limited write counted one
-- more WAL-flushed commit, which cost a note's POST 40% of its rate. A crash empties these
-- tables (every caller's allowance starts again), which is harmless for counters.
ALTER TABLE "rate_limits" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_delays" SET UNLOGGED;
--> statement-breakpoint
-- One sliding-window hit as a function (rate-limit.ts, hitRateLimit): PL/pgSQL keeps its plans,
-- so a limited write costs one short call instead of parsing and planning a four-part statement.
-- Counts the attempt in the current window only while the estimate (the previous window's count
-- weighted by how much of it the sliding window still covers, plus this window's) stays within
-- the limit; the conditional upsert makes that exact under concurrency.
CREATE OR REPLACE FUNCTION rate_limit_hit(p_key text, p_current timestamptz, p_previous timestamptz, p_weight double precision, p_limit double precision,
  OUT o_counted integer, OUT o_previous integer, OUT o_current integer)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.count INTO o_previous FROM rate_limits r WHERE r.key = p_key AND r.window_start = p_previous;
  o_previous := coalesce(o_previous, 0);
  IF o_previous * p_weight + 1 <= p_limit THEN
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (p_key, p_current, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = r.count + 1
      WHERE r.count + 1 + o_previous * p_weight <= p_limit
    RETURNING r.count INTO o_counted;
  END IF;
  IF o_counted IS NULL THEN
    SELECT r.count INTO o_current FROM rate_limits r WHERE r.key = p_key AND r.window_start = p_current;
    o_current := coalesce(o_current, 0);
  ELSE
    o_current := o_counted;
  END IF;
END
$$;
