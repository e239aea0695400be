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
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { Batched } from "../db/batched";

/** At most one write of a session's last use per this long (10 minutes). */
export const SESSION_TOUCH_MS = 10 * 60_000;

export interface SessionToucher {
  /** Notes that a session was used at `at`; `lastUsedAt` is what this process last knew. Returns the new known value. */
  (sessionId: string, lastUsedAt: Date | null | undefined, at: Date): Date | null;
  /** Waits for the writes already begun (tests; the app's close). */
  flush(): Promise<void>;
}

/**
 * The writes due go to the database together (server/db/batched.ts, decision 0133): those of one
 * turn of the event loop, and those queued while a write runs, are one UPDATE and one commit. A
 * burst of members new to this process (a poll's votes) made one commit each before.
 */
export function sessionToucher(db: Db, onError: (err: unknown) => void = () => undefined): SessionToucher {
  const writes = new Batched<{ id: string; at: string }, void>(async (items) => {
    await db.execute(sql`
      update sessions s set last_used_at = v.at
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as v(id uuid, at timestamptz)
      where s.id = v.id and (s.last_used_at is null or s.last_used_at <= v.at - make_interval(secs => ${SESSION_TOUCH_MS / 1000}))`);
    return items.map(() => undefined);
  });
  const touch = (sessionId: string, lastUsedAt: Date | null | undefined, at: Date): Date | null => {
    if (lastUsedAt && at.getTime() - lastUsedAt.getTime() < SESSION_TOUCH_MS) return lastUsedAt;
    writes.add({ id: sessionId, at: at.toISOString() }).catch(onError);
    return at;
  };
  return Object.assign(touch, { flush: () => writes.flush() });
}
