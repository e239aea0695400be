import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/platform";
import { AppError } from "./app-error";
import { AUTH_TEXT } from "../../contract/auth";

/**
 * Counts one attempt against `key` in the current fixed window and throws 429 once the
 * count passes `limit`. The counter lives in the database (atomic upsert), so the limit
 * holds across many connections and across server instances.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now = new Date()) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if (Math.random() < 0.01) {
    // Housekeeping: windows that ended more than a day ago are of no use. Measured from the
    // window's end, not its start, so a window longer than a day is not wiped while live
    // (all auth limits share one window length, AUTH_RATE_LIMIT_WINDOW_SECONDS).
    await db
      .delete(rateLimits)
      .where(sql`${rateLimits.windowStart} < now() - interval '1 day' - (${windowSeconds}::double precision * interval '1 second')`);
  }
  if (row.count > limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new AppError("RATE_LIMITED", AUTH_TEXT.tooManyAttempts, { retryAfterSeconds });
  }
}
