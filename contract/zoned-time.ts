/**
 * Wall-clock time in a named time zone (the church's), with no library: Intl does the zone rules.
 * Pure functions shared by the server (repeating events, the reminder's time, /week) and the
 * client (the Admin form shows and takes the church's wall clock, whatever the phone's zone).
 *
 * A wall-clock time that does not exist (the hour skipped when clocks go forward) is read with
 * the offset before the change, as RFC 5545 says (02:30 on the spring-forward night is 03:30);
 * one that happens twice (the hour repeated in autumn) is the first of the two.
 */
import { INTL_LOCALE, isLocale } from "./i18n/locales";

export interface WallTime {
  y: number;
  /** 1-12 */
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** 0 = Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
      hourCycle: "h23",
    });
    formatters.set(tz, f);
  }
  return f;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall clock of `tz` at `at`. */
export function wallTime(tz: string, at: Date): WallTime {
  const p: Record<string, string> = {};
  for (const x of formatter(tz).formatToParts(at)) p[x.type] = x.value;
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour) % 24, mi: Number(p.minute), s: Number(p.second), weekday: WEEKDAYS.indexOf(p.weekday ?? "") };
}

/** Milliseconds `tz` is ahead of UTC at `at`. */
export function zoneOffsetMs(tz: string, at: Date): number {
  const w = wallTime(tz, at);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the wall clock of `tz` shows the given local time. Month and day may overflow
 * (day 32 is the 1st of the next month), as with Date.UTC.
 */
export function zonedToUtc(tz: string, y: number, m: number, d: number, h = 0, mi = 0, s = 0): Date {
  const wall = Date.UTC(y, m - 1, d, h, mi, s);
  // The zone's offsets a day either side cover any change near this wall time (a window of a few
  // hours would not: `wall` read as UTC is itself hours away from the instant). Each offset gives
  // a candidate; the ones whose own offset agrees are real; the first wins for a repeated hour,
  // and in a skipped hour (none is real) the offset before the change is used.
  const before = zoneOffsetMs(tz, new Date(wall - 86_400_000));
  const after = zoneOffsetMs(tz, new Date(wall + 86_400_000));
  const real = [...new Set([before, after])].map((o) => wall - o).filter((utc) => zoneOffsetMs(tz, new Date(utc)) === wall - utc);
  return new Date(real.length ? Math.min(...real) : wall - before);
}

/** "YYYY-MM-DD" of `tz`'s calendar at `at`. */
export function zonedDate(tz: string, at: Date): string {
  const w = wallTime(tz, at);
  return `${w.y}-${pad(w.m)}-${pad(w.d)}`;
}

/** "YYYY-MM-DDTHH:mm" of `tz`'s wall clock at `at` (what an <input type="datetime-local"> holds). */
export function zonedLocalInput(tz: string, at: Date): string {
  const w = wallTime(tz, at);
  return `${w.y}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

/** The instant of a "YYYY-MM-DDTHH:mm[:ss]" wall time in `tz`; null when it is not one. */
export function parseZonedLocal(tz: string, local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(local);
  if (!m) return null;
  return zonedToUtc(tz, Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
}

/** [start, end) of `tz`'s day containing `at`. */
export function zonedDayBounds(tz: string, at: Date) {
  const w = wallTime(tz, at);
  return { start: zonedToUtc(tz, w.y, w.m, w.d), end: zonedToUtc(tz, w.y, w.m, w.d + 1) };
}

/** [start, end) of `tz`'s week (Sunday to Saturday, the church's first day) containing `at`. */
export function zonedWeekBounds(tz: string, at: Date) {
  const w = wallTime(tz, at);
  return { start: zonedToUtc(tz, w.y, w.m, w.d - w.weekday), end: zonedToUtc(tz, w.y, w.m, w.d - w.weekday + 7) };
}

/** Whether a text names a time zone Intl knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function pad(n: number) {
  return String(n).padStart(2, "0");
}

/*
 * The same arithmetic in the shapes announcements use (decision 0110): staff schedule on the
 * church's clock, whatever the zone of their browser or of the server; the API carries UTC.
 */

/** "YYYY-MM-DDTHH:mm" on the church's clock -> the UTC instant (ISO), or null for anything else. */
export function churchWallTimeToUtc(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const at = parseZonedLocal(timeZone, local);
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

/** A UTC instant -> "YYYY-MM-DDTHH:mm" on the church's clock (for a datetime-local field). */
export function utcToChurchWallTime(iso: string | Date, timeZone: string): string {
  return zonedLocalInput(timeZone, new Date(iso));
}

/** A UTC instant as the church's clock shows it ("Jul 10, 2027, 9:00 AM"), in the reader's language. */
export function formatInTimeZone(iso: string | Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(isLocale(locale) ? INTL_LOCALE[locale] : "en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** The zone's short name at `at` ("EST", "EDT"), for a label next to the time. */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}
