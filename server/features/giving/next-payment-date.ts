/**
 * Recurring gift dates (pure). Dates are calendar dates (YYYY-MM-DD) in the church's time
 * zone, so daylight-saving changes cannot shift them: only the calendar matters.
 *   weekly   +7 days
 *   monthly  same day next month, clamped to the month's end (31 Jan -> 28/29 Feb);
 *            `anchorDay` (the day the gift was set up on) lets 28 Feb spring back to 31 Mar.
 *   yearly   same date next year; 29 Feb -> 28 Feb in a common year.
 */
import type { Frequency } from "../../../contract/giving";
import { wallTime } from "../../../contract/zoned-time";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const fmt = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function parseDate(s: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) throw new Error(`Bad date ${s}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) throw new Error(`Bad date ${s}`);
  return { y, m: mo, d };
}

/**
 * The calendar date `at` falls on in time zone `tz`, through the one wall-clock module's
 * formatter for the zone (made once): building an Intl.DateTimeFormat for every date was most
 * of a year-end statement's time, one per gift (bench/README.md, issue 23).
 */
export function dateInZone(tz: string, at: Date) {
  const w = wallTime(tz, at);
  return fmt(w.y, w.m, w.d);
}

export function nextPaymentDate(frequency: Frequency, from: string, anchorDay?: number) {
  const { y, m, d } = parseDate(from);
  const day = anchorDay ?? d;
  if (frequency === "weekly") {
    const next = new Date(Date.UTC(y, m - 1, d + 7));
    return fmt(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  }
  if (frequency === "monthly") {
    const ny = m === 12 ? y + 1 : y;
    const nm = m === 12 ? 1 : m + 1;
    return fmt(ny, nm, Math.min(day, daysInMonth(ny, nm)));
  }
  return fmt(y + 1, m, Math.min(day, daysInMonth(y + 1, m)));
}
