import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { memberActivity } from "../../db/schema/activity";
import { churchDay, churchToday } from "./church-time";

/** How long a first visit of the day waits in memory before it is written with the others. */
export const ACTIVITY_FLUSH_MS = 1000;

export interface ActivityRecorder {
  /** Notes that the user used the app today; never waits for the database, never throws. */
  (userId: string): void;
  /** Writes what is pending (the analytics read calls it first, so its count is current). */
  flush(): Promise<void>;
}

const recorders = new WeakMap<Db, ActivityRecorder>();

/** One recorder per database: the auth hook writes into it, the analytics read flushes it. */
export function activityRecorder(deps: Pick<Deps, "db" | "church" | "now">): ActivityRecorder {
  let r = recorders.get(deps.db);
  if (!r) recorders.set(deps.db, (r = createActivityRecorder(deps)));
  return r;
}

/**
 * Records that a signed-in user used the app today (the church's day), for "Active Today".
 * Called from the auth hook on every authenticated request. Each user is written at most once
 * per day per server process (the in-memory set), and the primary key (user, day) makes a
 * repeat from another process a no-op.
 *
 * Writes are batched: a first visit is queued and, within ACTIVITY_FLUSH_MS, written in one
 * multi-row insert with the others. Awaited on the request path, one insert per member was the
 * slowest part of a signed-in read on Sunday morning, when every member's first request of the
 * day arrives within minutes (bench/README.md). A failed write is retried at the next flush.
 */
export function createActivityRecorder(deps: Pick<Deps, "db" | "church" | "now">): ActivityRecorder {
  const seen = new Set<string>();
  let seenDay = "";
  let pending = new Map<string, string>(); // `${day}|${userId}` -> day
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  // The church's day of "now", kept with its bounds: working it out (Intl, in the church's zone)
  // on every signed-in request was 5% of a read's CPU; it changes only at the church's midnight.
  let today: { day: string; start: number; end: number } | null = null;
  const currentDay = (at: Date) => {
    const t = at.getTime();
    if (!today || t < today.start || t >= today.end) {
      const { start, end } = churchToday(deps.church.timeZone, at);
      today = { day: churchDay(deps.church.timeZone, at), start: start.getTime(), end: end.getTime() };
    }
    return today.day;
  };

  const write = async () => {
    timer = null;
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    const rows = [...batch.entries()].map(([key, day]) => ({ userId: key.slice(day.length + 1), day }));
    try {
      await deps.db.insert(memberActivity).values(rows).onConflictDoNothing();
    } catch {
      for (const [key, day] of batch) {
        pending.set(key, day);
        const userId = key.slice(day.length + 1);
        if (day === seenDay) seen.delete(userId);
      }
    }
  };
  const flush = () => (inFlight = inFlight.then(write));

  const record = ((userId: string) => {
    let day: string;
    try {
      day = currentDay(deps.now());
    } catch {
      return; // a clock or zone the runtime cannot read: this visit goes uncounted, the request goes on
    }
    if (day !== seenDay) {
      seen.clear();
      seenDay = day;
    }
    if (seen.has(userId)) return;
    seen.add(userId);
    pending.set(`${day}|${userId}`, day);
    if (!timer) {
      timer = setTimeout(() => void flush(), ACTIVITY_FLUSH_MS);
      timer.unref();
    }
  }) as ActivityRecorder;
  record.flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await flush();
  };
  return record;
}
