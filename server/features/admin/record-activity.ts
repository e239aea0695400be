import type { Deps } from "../../deps";
import { memberActivity } from "../../db/schema/activity";
import { churchDay } from "./church-time";

/**
 * Records that a signed-in user used the app today (the church's day), for "Active Today".
 * Called from the auth hook on every authenticated request; it writes at most once per user
 * per day per server process (the in-memory set), and the primary key (user, day) makes a
 * repeat from another process a no-op.
 */
export function createActivityRecorder(deps: Pick<Deps, "db" | "church" | "now">) {
  const seen = new Set<string>();
  let seenDay = "";
  return async (userId: string) => {
    const day = churchDay(deps.church.timeZone, deps.now());
    if (day !== seenDay) {
      seen.clear();
      seenDay = day;
    }
    if (seen.has(userId)) return;
    await deps.db.insert(memberActivity).values({ userId, day }).onConflictDoNothing();
    seen.add(userId);
  };
}
