/**
 * The church's calendar day at an instant, with its bounds and its week's (Sunday to Saturday),
 * kept until the day ends. Member reads ask for it on every request (the week screen, a journey's
 * day, a challenge's streak), and each asking cost several `Intl` formatToParts calls: the week's
 * bounds alone were a tenth of GET /api/week's CPU (issue 23). The kept day is used only for
 * instants inside it, in the same time zone, so the answer is the same as computing it afresh.
 */
import { zonedDate, zonedDayBounds, zonedWeekBounds } from "../../contract/zoned-time";

export interface ChurchDay {
  timeZone: string;
  /** "YYYY-MM-DD" on the church's calendar. */
  date: string;
  /** [start, end) of the day. */
  start: Date;
  end: Date;
  /** [start, end) of its week. */
  week: { start: Date; end: Date };
}

let kept: ChurchDay | undefined;

export function churchDay(timeZone: string, at: Date): ChurchDay {
  const t = at.getTime();
  const k = kept;
  if (k && k.timeZone === timeZone && t >= k.start.getTime() && t < k.end.getTime()) return k;
  const { start, end } = zonedDayBounds(timeZone, at);
  return (kept = { timeZone, date: zonedDate(timeZone, at), start, end, week: zonedWeekBounds(timeZone, at) });
}
