/**
 * The date range the ledger, the totals and the export read (issue 19): church-zone calendar
 * dates, `to` included; by default the last 30 days up to today. Turned into UTC instants by the
 * one wall-clock module (contract/zoned-time.ts), the same arithmetic that cuts the range into
 * weeks and months (period-totals.ts), so the periods always add up to the range's total
 * (decision 0122).
 */
import { and, gte, lt, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import { gifts } from "../../db/schema/giving";
import { badRequest } from "../../http/app-error";
import { zonedDate, zonedToUtc } from "../../../contract/zoned-time";
import { LEDGER_TEXT } from "../../../contract/giving-ledger-text";

const DEFAULT_DAYS = 30;

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

/**
 * "YYYY-MM-DD" -> its parts; a date that does not exist (2026-02-30), or one outside the years
 * 1900-9998 (no gift was ever given there, and a year past 9999 is no ISO timestamp), is a 400 on `path`.
 */
export function parseDate(text: string, path: string): CalendarDate {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 9998 || check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) throw badRequest(path, LEDGER_TEXT.invalidDate);
  return { y, m, d };
}

/** The calendar date `days` after (or before) one; month and year roll over. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export const formatDate = ({ y, m, d }: CalendarDate) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/**
 * Midnights already worked out, by zone and date. Working one out asks Intl for the zone's
 * offsets several times (zonedToUtc); every ledger page and totals read needs two, nearly always
 * the same two, and a zone's rules do not change while the server runs. A pure function's
 * answers, so nothing here is ever stale; cleared when it grows past DAY_STARTS_MAX.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_MAX = 4096;

/** Midnight of a church-zone calendar date, as an instant. */
export function dayStart(tz: string, date: CalendarDate): Date {
  const key = `${tz} ${date.y}-${date.m}-${date.d}`;
  let at = dayStarts.get(key);
  if (at === undefined) {
    at = zonedToUtc(tz, date.y, date.m, date.d).getTime();
    if (dayStarts.size >= DAY_STARTS_MAX) dayStarts.clear();
    dayStarts.set(key, at);
  }
  return new Date(at);
}

/** The church's current day, kept with its bounds (it changes only at the zone's midnight). */
let today: { tz: string; date: CalendarDate; start: number; end: number } | null = null;

/** Today's date on the clock of `tz` at `now`. */
function todayIn(tz: string, now: Date): CalendarDate {
  const t = now.getTime();
  if (today && today.tz === tz && t >= today.start && t < today.end) return { ...today.date };
  const date = parseDate(zonedDate(tz, now), "query.to");
  today = { tz, date, start: dayStart(tz, date).getTime(), end: dayStart(tz, addDays(date, 1)).getTime() };
  return { ...date };
}

export interface GiftRange {
  from: string;
  to: string;
  /** The first instant of `from` and the first instant after `to`, in the church's zone. */
  start: Date;
  end: Date;
  fromDate: CalendarDate;
  toDate: CalendarDate;
  /** gifts.created_at within [start, end) (built when first read: the ledger's default page does not). */
  readonly where: SQL;
}

export function giftRange(deps: Pick<Deps, "church" | "now">, q: { from?: string; to?: string }): GiftRange {
  const tz = deps.church.timeZone;
  const toDate = q.to ? parseDate(q.to, "query.to") : todayIn(tz, deps.now());
  const fromDate = q.from ? parseDate(q.from, "query.from") : addDays(toDate, -DEFAULT_DAYS);
  const from = formatDate(fromDate);
  const to = formatDate(toDate);
  if (from > to) throw badRequest("query.from", LEDGER_TEXT.rangeBackwards);
  const start = dayStart(tz, fromDate);
  const end = dayStart(tz, addDays(toDate, 1));
  return {
    from,
    to,
    start,
    end,
    fromDate,
    toDate,
    get where() {
      return and(gte(gifts.createdAt, start), lt(gifts.createdAt, end))!;
    },
  };
}
