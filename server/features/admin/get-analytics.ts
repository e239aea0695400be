import { and, count, countDistinct, eq, gte, lt, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import { memberActivity } from "../../db/schema/activity";
import { prayerRequests } from "../../db/schema/prayer";
import { personalNotes } from "../../db/schema/notes";
import { gifts } from "../../db/schema/giving";
import { NET_GIFT_CENTS } from "../../shared/money/gift-rows";
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

/** GET /api/admin/analytics (spec section 3). Each tile is one function of (db, window) below. */
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
  /**
   * 'Given This Week': completed gifts (card, recurring charges, the wallet's balance given)
   * from Sunday 00:00 of the church's week, in dollars, net of their refunds (decision 0119: the
   * gift first, then its fee). Declined ones (FAILED) are not given.
   */
  givingTotal: async (db, w) => {
    const [row] = await db
      .select({ cents: sql<string>`sum(${NET_GIFT_CENTS})` })
      .from(gifts)
      .where(and(eq(gifts.status, "COMPLETED"), gte(gifts.createdAt, w.week.start), lt(gifts.createdAt, w.week.end)));
    return Number(row?.cents ?? 0) / 100;
  },
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
