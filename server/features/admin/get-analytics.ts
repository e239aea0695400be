import { and, gte, lt, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { churchDayCounts } from "../../db/schema/activity";
import { giftDayTotals } from "../../db/schema/giving";
import type { Analytics } from "../../../contract/admin";
import { churchDay, churchWeek } from "./church-time";
import { activityRecorder } from "./record-activity";

/** The church's calendar days every tile is read for (its time zone, from deps.church). */
export interface AnalyticsWindow {
  /** "YYYY-MM-DD", the church's today. */
  day: string;
  /** The church's week: its Sunday and the next Sunday ("YYYY-MM-DD", the end not included). */
  week: { from: string; to: string };
}

const today = (kind: (typeof churchDayCounts.kind.enumValues)[number]) =>
  sql<number>`coalesce((select ${churchDayCounts.n} from ${churchDayCounts} where ${churchDayCounts.day} = ${sql.placeholder("day")}::date and ${churchDayCounts.kind} = ${sql.raw(`'${kind}'`)}), 0)`;

/**
 * GET /api/admin/analytics (spec section 3), one statement built once (db/prepared.ts) that reads
 * kept counts only, so its cost does not grow with the church (issue 23; before, four statements
 * counting rows: a distinct count of the day's visits, today's prayers and notes (the notes by a
 * sequential scan), and the week's gifts from the cover index):
 * - `activeMembers`: distinct members who used the app today (recorded by the auth hook,
 *   record-activity.ts; a member has one member_activity row a day);
 * - `prayersToday`: prayer requests created today (church time), hidden ones included: they were still prayed;
 * - `notesCompleted`: personal notes written today (church time): a note is "completed" once it is saved;
 * - `givingTotal`, 'Given This Week': completed gifts (card, recurring charges, the wallet's
 *   balance given) from Sunday 00:00 of the church's week, in dollars, net of their refunds
 *   (decision 0119). Declined ones (FAILED) are not given.
 * The first three from church_day_counts (decision 0131), the gifts from gift_day_totals (decision
 * 0123), both kept by triggers in the transaction of every write that changes them.
 */
const dashboard = prepared("admin.analytics", (db) =>
  db
    .select({
      activeMembers: today("active"),
      prayersToday: today("prayers"),
      notesCompleted: today("notes"),
      givingCents: sql<string | null>`sum(${giftDayTotals.totalCents})`,
    })
    .from(giftDayTotals)
    .where(and(gte(giftDayTotals.day, sql`${sql.placeholder("weekFrom")}::date`), lt(giftDayTotals.day, sql`${sql.placeholder("weekTo")}::date`))),
);

export function analyticsWindow(deps: Pick<Deps, "church" | "now">): AnalyticsWindow {
  const now = deps.now();
  const tz = deps.church.timeZone;
  const week = churchWeek(tz, now);
  return { day: churchDay(tz, now), week: { from: churchDay(tz, week.start), to: churchDay(tz, week.end) } };
}

export async function getAnalytics(deps: Pick<Deps, "db" | "church" | "now">): Promise<Analytics> {
  // Visits this process has queued count too (record-activity.ts batches its writes).
  await activityRecorder(deps).flush();
  const w = analyticsWindow(deps);
  const [row] = await dashboard(deps.db, { day: w.day, weekFrom: w.week.from, weekTo: w.week.to });
  return {
    activeMembers: Number(row?.activeMembers ?? 0),
    prayersToday: Number(row?.prayersToday ?? 0),
    notesCompleted: Number(row?.notesCompleted ?? 0),
    givingTotal: Number(row?.givingCents ?? 0) / 100,
  };
}
