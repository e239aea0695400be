/**
 * Repeating events, expanded (docs/decisions/0109). An occurrence keeps the first one's wall-clock
 * time in the church's time zone: a weekly 10:00 event is at 10:00 local on both sides of a
 * daylight-saving change (so 15:00Z in winter, 14:00Z in summer in New York), and lasts as long
 * as the first. Monthly repeats fall on the same day of the month; a month without that day
 * (the 31st in April) has no occurrence, as RFC 5545's RRULE FREQ=MONTHLY says, so the app and
 * the .ics feed agree.
 */
import { wallTime, zonedDate, zonedToUtc } from "../../../contract/zoned-time";
import type { EventRepeat } from "../../../contract/calendar";

export interface Schedule {
  startsAt: Date;
  endsAt: Date;
  repeat: EventRepeat;
  /** "YYYY-MM-DD" in the church's calendar, inclusive; null: no end. */
  repeatUntil: string | null;
}

export interface Span {
  start: Date;
  end: Date;
}

const WEEK_MS = 7 * 86_400_000;

/** The start of the n-th occurrence (n = 0 is the first), or null when that month has no such day. */
function nthStart(tz: string, first: ReturnType<typeof wallTime>, repeat: EventRepeat, n: number): Date | null {
  if (repeat === "weekly") return zonedToUtc(tz, first.y, first.m, first.d + 7 * n, first.h, first.mi, first.s);
  // monthly: same day of the month, or none that month
  const month = new Date(Date.UTC(first.y, first.m - 1 + n, 1));
  const y = month.getUTCFullYear();
  const m = month.getUTCMonth() + 1;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (first.d > daysInMonth) return null;
  return zonedToUtc(tz, y, m, first.d, first.h, first.mi, first.s);
}

/**
 * The occurrences that overlap [from, to) (an occurrence that began before `from` and is still
 * going counts), in order. `limit` bounds the work for a very long range.
 */
export function occurrencesBetween(tz: string, s: Schedule, from: Date, to: Date, limit = 500): Span[] {
  const duration = s.endsAt.getTime() - s.startsAt.getTime();
  if (s.repeat === "none") return s.startsAt < to && s.endsAt > from ? [{ start: s.startsAt, end: s.endsAt }] : [];
  const first = wallTime(tz, s.startsAt);
  // Skip ahead to just before the range (a week or a month is never shorter than 6 days in UTC
  // terms, so starting two steps early is safe across any offset change).
  const ahead = from.getTime() - duration - s.startsAt.getTime();
  const step = s.repeat === "weekly" ? WEEK_MS : 28 * 86_400_000;
  let n = Math.max(0, Math.floor(ahead / step) - 2);
  if (s.repeat === "monthly" && n > 0) n = Math.max(0, Math.floor(ahead / (31 * 86_400_000)) - 2);
  const out: Span[] = [];
  for (let guard = 0; guard < 5000 && out.length < limit; n++, guard++) {
    const start = nthStart(tz, first, s.repeat, n);
    if (!start) continue;
    if (start >= to) break;
    if (s.repeatUntil && zonedDate(tz, start) > s.repeatUntil) break;
    const end = new Date(start.getTime() + duration);
    if (end > from) out.push({ start, end });
  }
  return out;
}

/** Whether `at` is the start of one of the schedule's occurrences. */
export function isOccurrence(tz: string, s: Schedule, at: Date): boolean {
  return occurrencesBetween(tz, s, at, new Date(at.getTime() + 1)).some((o) => o.start.getTime() === at.getTime());
}

/** nextOccurrence's answers, one per schedule: the moment it was asked for and the occurrence found. */
const found = new Map<string, { from: number; next: Span }>();
const FOUND_MAX = 10_000;

/**
 * The first occurrence that starts at or after `at`, or null. Only the occurrences still running
 * at `at` can come before it (a weekly step is never shorter than 6 days in UTC terms, a monthly
 * one never shorter than 28), so it is among the first 2 + duration / 6 days: Admin → Events
 * asks this for every event, and making the 50 occurrences it used to (each a time-zone
 * conversion) was nearly all of that screen's time (bench/README.md, issue 23).
 *
 * Each of those conversions still reads the zone's clock through Intl (formatToParts), a few
 * microseconds each, for every repeating event on every page of Admin → Events. So a found
 * occurrence is remembered with the moment it was found for: it is the answer for every moment
 * from then until it starts (no occurrence of the schedule starts in between, or it would have
 * been found), and for no other moment. Keyed by the schedule itself and the zone, not by an
 * event, a changed event is a new key: nothing remembered can be out of date.
 */
export function nextOccurrence(tz: string, s: Schedule, at: Date): Span | null {
  const key = `${tz} ${s.startsAt.getTime()} ${s.endsAt.getTime()} ${s.repeat} ${s.repeatUntil}`;
  const known = found.get(key);
  const t = at.getTime();
  if (known && known.from <= t && t <= known.next.start.getTime()) return known.next;
  const horizon = new Date(t + 400 * 86_400_000);
  const running = Math.ceil((s.endsAt.getTime() - s.startsAt.getTime()) / (6 * 86_400_000));
  const next = occurrencesBetween(tz, s, at, horizon, 2 + running).find((o) => o.start >= at) ?? null;
  if (next) {
    if (found.size >= FOUND_MAX) found.clear();
    found.set(key, { from: t, next });
  }
  return next;
}
