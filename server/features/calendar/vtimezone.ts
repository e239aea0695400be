/**
 * The VTIMEZONE of the church's zone for the .ics files (RFC 5545 section 3.6.5: every TZID a
 * file uses is described in it). Built from the zone's rules as Intl knows them, with no zone
 * database of our own: this year's changes (if any) become yearly rules, e.g. "second Sunday of
 * March at 02:00, from -0500 to -0400", so a weekly event repeating for years reads right in any
 * calendar program.
 */
import { wallTime, zoneOffsetMs } from "../../../contract/zoned-time";

const cache = new Map<string, string>();
const DAY = 86_400_000;
const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

function offsetText(ms: number) {
  const sign = ms < 0 ? "-" : "+";
  const min = Math.abs(Math.round(ms / 60_000));
  return `${sign}${String(Math.floor(min / 60)).padStart(2, "0")}${String(min % 60).padStart(2, "0")}`;
}

/** The instants in `year` when the zone's offset changes (to the minute). */
function transitions(tz: string, year: number) {
  const out: { at: number; from: number; to: number }[] = [];
  let t = Date.UTC(year, 0, 1);
  let prev = zoneOffsetMs(tz, new Date(t));
  for (; t < Date.UTC(year + 1, 0, 1); t += DAY) {
    const next = zoneOffsetMs(tz, new Date(t + DAY));
    if (next !== prev) {
      let lo = t;
      let hi = t + DAY;
      while (hi - lo > 60_000) {
        const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
        if (zoneOffsetMs(tz, new Date(mid)) === prev) lo = mid;
        else hi = mid;
      }
      out.push({ at: hi, from: prev, to: next });
      prev = next;
    }
  }
  return out;
}

const stamp = (w: ReturnType<typeof wallTime>) =>
  `1970${String(w.m).padStart(2, "0")}${String(w.d).padStart(2, "0")}T${String(w.h).padStart(2, "0")}${String(w.mi).padStart(2, "0")}00`;

/** The VTIMEZONE text for `tz` (ical-generator's timezone generator). */
export function vtimezone(tz: string, year = new Date().getUTCFullYear()): string {
  const key = `${tz} ${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const lines = ["BEGIN:VTIMEZONE", `TZID:${tz}`];
  const changes = transitions(tz, year);
  if (changes.length === 0) {
    const off = offsetText(zoneOffsetMs(tz, new Date(Date.UTC(year, 0, 1))));
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${off}`, `TZOFFSETTO:${off}`, "END:STANDARD");
  } else {
    for (const c of changes) {
      // The wall clock just before the change, in the offset it had (what DTSTART means here).
      const w = wallTime("UTC", new Date(c.at + c.from));
      const daysInMonth = new Date(Date.UTC(year, w.m, 0)).getUTCDate();
      const nth = w.d + 7 > daysInMonth ? -1 : Math.ceil(w.d / 7);
      const kind = c.to > c.from ? "DAYLIGHT" : "STANDARD";
      lines.push(
        `BEGIN:${kind}`,
        `DTSTART:${stamp(w)}`,
        `RRULE:FREQ=YEARLY;BYMONTH=${w.m};BYDAY=${nth}${BYDAY[w.weekday]}`,
        `TZOFFSETFROM:${offsetText(c.from)}`,
        `TZOFFSETTO:${offsetText(c.to)}`,
        `END:${kind}`,
      );
    }
  }
  lines.push("END:VTIMEZONE");
  const text = lines.join("\r\n");
  cache.set(key, text);
  return text;
}
