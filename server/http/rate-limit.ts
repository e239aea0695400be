import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/platform";
import { AppError } from "./app-error";
import { AUTH_TEXT } from "../../contract/auth";
import { rowsOf } from "../db/rows";

/**
 * Counts one attempt against `key` and throws 429 (with Retry-After) once more than `limit`
 * attempts fall in the last `windowSeconds`. A sliding-window counter: the estimate is this
 * window's count plus the previous window's, weighted by how much of it the sliding window still
 * overlaps. Fixed windows let twice the limit through around a boundary (20 attempts in 6 s with
 * a limit of 10); this does not.
 *
 * One call decides (the database function rate_limit_hit, migration 0028): the current window's
 * row is incremented only while the estimate stays within the limit (an atomic upsert whose
 * update is conditional), so the limit is exact under concurrency and holds across server
 * instances (decision 0002). The counters' tables are unlogged (decision 0103). Refused attempts are not
 * counted: the allowance comes back as time passes, however often a refused caller retries.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
  /** The 429's text, or a function of the seconds to wait that makes it. */
  message: string | ((retryAfterSeconds: number) => string) = AUTH_TEXT.tooManyAttempts,
) {
  const windowMs = windowSeconds * 1000;
  const currentStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const elapsed = now.getTime() - currentStart;
  /** The share of the previous window that the sliding window still covers. */
  const weight = (windowMs - elapsed) / windowMs;
  const current = new Date(currentStart).toISOString();
  const previous = new Date(currentStart - windowMs).toISOString();
  const [row] = rowsOf<{ counted: number | null; previous: number; current: number }>(
    await db.execute(sql`
      select o_counted as counted, o_previous as previous, o_current as current
      from rate_limit_hit(${key}, ${current}::timestamptz, ${previous}::timestamptz, ${weight}::double precision, ${limit}::double precision)
    `),
  );
  if (Math.random() < 0.01) {
    await housekeep(db, windowSeconds);
  }
  if (row.counted === null) {
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs(limit, windowMs, elapsed, Number(row.previous), Number(row.current)) / 1000));
    throw new AppError("RATE_LIMITED", typeof message === "string" ? message : message(retryAfterSeconds), { retryAfterSeconds });
  }
}

/**
 * Housekeeping: a window is of use until the sliding window has left the window after it, so
 * rows are kept for two window lengths past their start. Any caller may sweep every key, so
 * rows are kept two days more than the caller's two windows: a key with a window of up to a
 * day (the card fingerprints') is never wiped while live by a caller with a shorter window.
 */
async function housekeep(db: Db, windowSeconds: number) {
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - interval '2 days' - (${2 * windowSeconds}::double precision * interval '1 second')`);
}

/** The sliding window at `now`: the current and previous windows' starts, and the previous one's weight (what slidingCount reads with). */
export function windowsAt(now: Date, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const currentStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const elapsed = now.getTime() - currentStart;
  return {
    windowMs,
    elapsed,
    weight: (windowMs - elapsed) / windowMs,
    currentAt: new Date(currentStart).toISOString(),
    previousAt: new Date(currentStart - windowMs).toISOString(),
  };
}

/**
 * The sliding-window count of `key` (as hitRateLimit estimates it), without counting anything:
 * for limits on outcomes (a declined card) rather than on attempts, checked before the attempt
 * with peekRateLimit and counted after it with countEvent.
 */
export async function slidingCount(db: Db, key: string, windowSeconds: number, now = new Date()) {
  const w = windowsAt(now, windowSeconds);
  const [row] = rowsOf<{ previous: number; current: number }>(
    await db.execute(sql`
      select coalesce((select count from rate_limits where key = ${key} and window_start = ${w.previousAt}::timestamptz), 0) as previous,
        coalesce((select count from rate_limits where key = ${key} and window_start = ${w.currentAt}::timestamptz), 0) as current
    `),
  );
  const previous = Number(row.previous);
  const current = Number(row.current);
  return { estimate: previous * w.weight + current, previous, current, ...w };
}

/**
 * Whether one more event of `key` would pass `limit` in the sliding window: null if it fits,
 * else the seconds until it would. Counts nothing; countEvent does. The check and the count are
 * two statements, so requests at the same instant may each pass the check: a limit on outcomes
 * is exact to within the requests in flight (each of which is limited per member as well).
 */
export async function peekRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now = new Date()): Promise<number | null> {
  const c = await slidingCount(db, key, windowSeconds, now);
  if (c.estimate + 1 <= limit) return null;
  return Math.max(1, Math.ceil(waitMs(limit, c.windowMs, c.elapsed, c.previous, c.current) / 1000));
}

/** Counts one event of `key` in its current window (always: the limit is checked by peekRateLimit). */
export async function countEvent(db: Db, key: string, windowSeconds: number, now = new Date()) {
  const w = windowsAt(now, windowSeconds);
  await db.execute(sql`
    insert into rate_limits as r (key, window_start, count) values (${key}, ${w.currentAt}::timestamptz, 1)
    on conflict (key, window_start) do update set count = r.count + 1
  `);
  if (Math.random() < 0.01) await housekeep(db, windowSeconds);
}

/**
 * How long until one more attempt fits, if nobody else tries meanwhile: later in this window
 * (the previous window's weight falls as time passes), or else in the next one (where this
 * window's count is the one that fades).
 */
export function waitMs(limit: number, windowMs: number, elapsed: number, previous: number, current: number): number {
  const room = limit - 1 - current;
  if (room >= 0 && previous > 0) {
    const at = windowMs * (1 - room / previous);
    if (at < windowMs) return Math.max(0, at - elapsed);
  }
  // In the next window: current * (1 - s / windowMs) + 1 <= limit.
  const s = current === 0 ? 0 : Math.max(0, windowMs * (1 - (limit - 1) / current));
  return windowMs - elapsed + s;
}

export interface DelayRule {
  /** Attempts let through back to back before the waits begin. */
  free: number;
  /** The wait after the `free`-th attempt; each further attempt doubles it... */
  firstDelaySeconds: number;
  /** ...up to this. */
  maxDelaySeconds: number;
  /** A streak with no attempt let through for this long starts again from zero (at most a day). */
  forgetSeconds: number;
}

const DELAY_HOUSEKEEPING_SECONDS = 2 * 86_400;

/**
 * A progressive delay instead of a wall: `free` attempts pass at once, then each further one
 * must wait longer than the one before (doubling up to a ceiling); the answer says how long.
 * Only attempts let through count, so a caller who retries too early is not pushed back further.
 * One statement decides (an upsert whose update is conditional), exact under concurrency.
 * Returns null when the attempt may go ahead, else the seconds to wait.
 */
export async function hitDelay(db: Db, key: string, rule: DelayRule, now = new Date()): Promise<number | null> {
  if (rule.forgetSeconds > 86_400) throw new Error("a delay's streak is forgotten within a day");
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - rule.forgetSeconds * 1000).toISOString();
  const firstDelay = rule.free <= 1 ? Math.min(rule.firstDelaySeconds, rule.maxDelaySeconds) : 0;
  /** The attempt number this one becomes when let through. */
  const next = sql`case when d.last_at < ${staleBefore}::timestamptz then 1 else d.attempts + 1 end`;
  const [row] = rowsOf<{ attempts: number | null; not_before: string | Date | null }>(
    await db.execute(sql`
      with hit as (
        insert into rate_delays as d (key, attempts, not_before, last_at)
        values (${key}, 1, ${at}::timestamptz + ${firstDelay}::double precision * interval '1 second', ${at}::timestamptz)
        on conflict (key) do update set
          attempts = ${next},
          not_before = ${at}::timestamptz + (case when ${next} >= ${rule.free}
            then least(${rule.maxDelaySeconds}::double precision, ${rule.firstDelaySeconds}::double precision * power(2::double precision, least(${next} - ${rule.free}, 40)))
            else 0 end) * interval '1 second',
          last_at = ${at}::timestamptz
        where d.last_at < ${staleBefore}::timestamptz or d.attempts < ${rule.free} or d.not_before <= ${at}::timestamptz
        returning d.attempts
      )
      select (select attempts from hit) as attempts, (select not_before from rate_delays where key = ${key}) as not_before
    `),
  );
  if (Math.random() < 0.01) {
    await db.execute(sql`delete from rate_delays where last_at < ${at}::timestamptz - ${DELAY_HOUSEKEEPING_SECONDS}::double precision * interval '1 second'`);
  }
  if (row.attempts !== null) return null;
  const notBefore = row.not_before === null ? now : new Date(row.not_before);
  return Math.max(1, Math.ceil((notBefore.getTime() - now.getTime()) / 1000));
}

/** Ends a key's streak (a sign-in that succeeded). */
export async function clearDelay(db: Db, key: string) {
  await db.execute(sql`delete from rate_delays where key = ${key}`);
}
