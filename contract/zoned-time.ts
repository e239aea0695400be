/**
 * The church's wall time and UTC (decision 0110): staff schedule in the church's time zone
 * (config `timeZone`), whatever the zone of their browser or of the server; the API carries
 * UTC instants (ISO 8601). Plain Intl, no library, so client and server share it.
 */
import { INTL_LOCALE, isLocale } from "./i18n/locales";

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `at` (ms; New York in winter is -5 h). */
function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * "YYYY-MM-DDTHH:mm" on the church's clock -> the UTC instant (ISO), or null for anything else.
 * Across daylight saving: a time that happens twice (clocks go back) is its first occurrence; a
 * time that never happens (clocks go forward) moves on by the gap (02:30 -> 03:30).
 */
export function churchWallTimeToUtc(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall)) return null;
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  const valid = [...new Set([before, after])].map((o) => wall - o).filter((utc) => offsetMs(utc, timeZone) === wall - utc);
  const utc = valid.length ? Math.min(...valid) : wall - before;
  return new Date(utc).toISOString();
}

/** A UTC instant -> "YYYY-MM-DDTHH:mm" on the church's clock (for a datetime-local field). */
export function utcToChurchWallTime(iso: string | Date, timeZone: string): string {
  const at = new Date(iso).getTime();
  return new Date(at + offsetMs(at, timeZone)).toISOString().slice(0, 16);
}

/** A UTC instant as the church's clock shows it ("Jul 10, 2027, 9:00 AM"), in the reader's language. */
export function formatInTimeZone(iso: string | Date, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(isLocale(locale) ? INTL_LOCALE[locale] : "en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** The zone's short name at `at` ("EST", "EDT"), for a label next to the time. */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}
