import { and, count, countDistinct, eq, gte, lt } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { memberActivity } from "../../db/schema/activity";
import { prayerRequests } from "../../db/schema/prayer";
import { personalNotes } from "../../db/schema/notes";
import type { Analytics } from "../../../contract/admin";
import { churchDay, churchToday, churchWeek } from "./church-time";
import { activityRecorder } from "./record-activity";

/** The church's calendar bounds every metric is computed in (its time zone, from deps.church). */
export interface AnalyticsWindow {
  /** "YYYY-MM-DD", the church's today. */
  day: string;
  today: { start: Date; end: Date };
  /** Sunday 00:00 to the next Sunday 00:00, church time. */
  week: { start: Date; end: Date };
}

/**
 * GET /api/admin/analytics (spec section 3). Each tile is one function of (db, window) below.
 * Extension point: when giving lands, replace the zero in its function with a sum over its
 * own table inside the window (as prayersToday counts), e.g.
 *   givingTotal:    sum(amount_cents of completed gifts in [week.start, week.end)) / 100
 */
export const METRICS: { [K in keyof Analytics]: (db: Db, w: AnalyticsWindow) => Promise<number> } = {
  /** Distinct members who used the app today (recorded by the auth hook, record-activity.ts). */
  activeMembers: async (db, w) => {
    const [row] = await db.select({ n: countDistinct(memberActivity.userId) }).from(memberActivity).where(eq(memberActivity.day, w.day));
    return Number(row?.n ?? 0);
  },
  /** Prayer requests created today (church time), hidden ones included: they were still prayed. */
  prayersToday: async (db, w) => {
    const [row] = await db.select({ n: count() }).from(prayerRequests).where(and(gte(prayerRequests.createdAt, w.today.start), lt(prayerRequests.createdAt, w.today.end)));
    return Number(row?.n ?? 0);
  },
  /** Personal notes written today (church time): a note is "completed" once it is saved. */
  notesCompleted: async (db, w) => {
    const [row] = await db.select({ n: count() }).from(personalNotes).where(and(gte(personalNotes.createdAt, w.today.start), lt(personalNotes.createdAt, w.today.end)));
    return Number(row?.n ?? 0);
  },
  givingTotal: async () => 0,
};

export function analyticsWindow(deps: Pick<Deps, "church" | "now">): AnalyticsWindow {
  const now = deps.now();
  const tz = deps.church.timeZone;
  return { day: churchDay(tz, now), today: churchToday(tz, now), week: churchWeek(tz, now) };
}

export async function getAnalytics(deps: Pick<Deps, "db" | "church" | "now">): Promise<Analytics> {
  // Visits this process has queued count too (record-activity.ts batches its writes).
  await activityRecorder(deps).flush();
  const w = analyticsWindow(deps);
  const [activeMembers, prayersToday, notesCompleted, givingTotal] = await Promise.all([
    METRICS.activeMembers(deps.db, w),
    METRICS.prayersToday(deps.db, w),
    METRICS.notesCompleted(deps.db, w),
    METRICS.givingTotal(deps.db, w),
  ]);
  return { activeMembers, prayersToday, notesCompleted, givingTotal };
}
