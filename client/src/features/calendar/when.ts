/** Dates and times on the church's clock, in the member's language (whatever the phone's zone). */
import { zonedDate } from "@contract/zoned-time";
import { currentIntlLocale } from "@/lib/i18n";

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(tz: string, kind: "day" | "time" | "short") {
  const key = `${currentIntlLocale()} ${tz} ${kind}`;
  let f = cache.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      kind === "day"
        ? { weekday: "long", month: "long", day: "numeric" }
        : kind === "short"
          ? { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }
          : { hour: "numeric", minute: "2-digit" };
    cache.set(key, (f = new Intl.DateTimeFormat(currentIntlLocale(), { ...opts, timeZone: tz })));
  }
  return f;
}

export const dayLabel = (tz: string, iso: string) => fmt(tz, "day").format(new Date(iso));
export const timeLabel = (tz: string, iso: string) => fmt(tz, "time").format(new Date(iso));
export const shortLabel = (tz: string, iso: string) => fmt(tz, "short").format(new Date(iso));
/** "7:00 PM – 8:30 PM", or with the end's day when it ends on another day. */
export const timeRange = (tz: string, start: string, end: string) =>
  zonedDate(tz, new Date(start)) === zonedDate(tz, new Date(end)) ? `${timeLabel(tz, start)} – ${timeLabel(tz, end)}` : `${timeLabel(tz, start)} – ${shortLabel(tz, end)}`;

/** Occurrences grouped by the church's day, in order. */
export function byDay<T extends { startsAt: string }>(tz: string, items: T[]) {
  const days: { day: string; label: string; items: T[] }[] = [];
  for (const o of items) {
    const day = zonedDate(tz, new Date(o.startsAt));
    let d = days.find((x) => x.day === day);
    if (!d) days.push((d = { day, label: dayLabel(tz, o.startsAt), items: [] }));
    d.items.push(o);
  }
  return days;
}
