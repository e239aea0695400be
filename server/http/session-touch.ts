/**
 * Keeps `sessions.last_used_at` roughly current for Profile → devices without a write per
 * request. A session's last use is written at most once per SESSION_TOUCH_MS per process: the
 * auth hook (auth.ts) compares the time it last wrote (kept on the cached session, so a hit in the
 * session cache costs one comparison) and, when it is older, queues a write. The write itself
 * only changes a row whose stored value is older still, so several processes do not rewrite it
 * either. It never waits on the request's path and never throws; a failed write is tried again
 * at the session's next use. `last_used_at` is not one of the columns whose change makes the
 * session-cache trigger send NOTIFY (migration 0010), so these writes do not empty any cache.
 */
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema/users";

/** At most one write of a session's last use per this long (10 minutes). */
export const SESSION_TOUCH_MS = 10 * 60_000;

export interface SessionToucher {
  /** Notes that a session was used at `at`; `lastUsedAt` is what this process last knew. Returns the new known value. */
  (sessionId: string, lastUsedAt: Date | null | undefined, at: Date): Date | null;
  /** Waits for the writes already begun (tests; the app's close). */
  flush(): Promise<void>;
}

export function sessionToucher(db: Db, onError: (err: unknown) => void = () => undefined): SessionToucher {
  const inFlight = new Set<Promise<void>>();
  const touch = (sessionId: string, lastUsedAt: Date | null | undefined, at: Date): Date | null => {
    if (lastUsedAt && at.getTime() - lastUsedAt.getTime() < SESSION_TOUCH_MS) return lastUsedAt;
    const before = new Date(at.getTime() - SESSION_TOUCH_MS);
    const p: Promise<void> = db
      .update(sessions)
      .set({ lastUsedAt: at })
      .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastUsedAt), lte(sessions.lastUsedAt, before))))
      .then(
        () => undefined,
        (err: unknown) => onError(err),
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
    return at;
  };
  return Object.assign(touch, { flush: async () => void (await Promise.all([...inFlight])) });
}
