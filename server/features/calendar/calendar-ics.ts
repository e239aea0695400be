/**
 * iCalendar (RFC 5545) files, made with ical-generator: the public feed of the church's events
 * (GET /api/calendar.ics, for a calendar program to subscribe to) and one event's file ("Add to
 * calendar"). Times carry the church's TZID with its VTIMEZONE (vtimezone.ts); a repeating event
 * is one VEVENT with an RRULE (FREQ=WEEKLY or MONTHLY, UNTIL the end of its last day in UTC, as
 * RFC 5545 asks when DTSTART has a TZID), matching the app's own expansion (occurrences.ts).
 */
import ical, { ICalEventRepeatingFreq, type ICalCalendar } from "ical-generator";
import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { calendarEvents } from "../../db/schema/calendar";
import { CALENDAR_FEED_PAST_DAYS, CALENDAR_TEXT } from "../../../contract/calendar";
import { wallTime, zonedDate, zonedToUtc } from "../../../contract/zoned-time";
import { notFound } from "../../http/app-error";
import type { EventRow } from "./event-view";
import { vtimezone } from "./vtimezone";

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A date ical-generator writes as the church's wall clock. It takes Luxon-like values for zoned
 * times (a native Date would be written in the server process's own zone), so this is the
 * smallest such value: the instant, and its wall clock in a zone.
 */
function zoned(at: Date) {
  return {
    toJSDate: () => at,
    isValid: true,
    zone: { type: "iana" },
    setZone: (tz: string) => ({
      toFormat: (f: string) => {
        const w = wallTime(tz, at);
        return f === "yyyyLLdd" ? `${w.y}${two(w.m)}${two(w.d)}` : `${two(w.h)}${two(w.mi)}${two(w.s)}`;
      },
    }),
  };
}

function calendar(deps: Deps) {
  const tz = deps.church.timeZone;
  return ical({
    name: deps.church.name,
    prodId: { company: "Koinonia", product: "Church calendar", language: "EN" },
    timezone: { name: tz, generator: (name) => vtimezone(name, deps.now().getUTCFullYear()) },
  });
}

function addEvent(cal: ICalCalendar, tz: string, ev: EventRow, host: string) {
  const untilDay = ev.repeatUntil?.split("-").map(Number);
  cal.createEvent({
    id: `${ev.id}@${host}`,
    start: zoned(ev.startsAt) as never,
    end: zoned(ev.endsAt) as never,
    timezone: tz,
    stamp: ev.updatedAt,
    summary: ev.title,
    description: ev.description || null,
    location: ev.location || null,
    repeating:
      ev.repeat === "none"
        ? null
        : {
            freq: ev.repeat === "weekly" ? ICalEventRepeatingFreq.WEEKLY : ICalEventRepeatingFreq.MONTHLY,
            ...(untilDay ? { until: new Date(zonedToUtc(tz, untilDay[0]!, untilDay[1]!, untilDay[2]! + 1).getTime() - 1000) } : {}),
          },
  });
}

/** Every event that has not ended more than CALENDAR_FEED_PAST_DAYS ago. */
export async function calendarFeed(deps: Deps, host: string): Promise<string> {
  const tz = deps.church.timeZone;
  const since = new Date(deps.now().getTime() - CALENDAR_FEED_PAST_DAYS * 86_400_000);
  const rows = await deps.db
    .select()
    .from(calendarEvents)
    .where(sql`${calendarEvents.endsAt} > ${since.toISOString()}::timestamptz or (${calendarEvents.repeat} <> 'none' and (${calendarEvents.repeatUntil} is null or ${calendarEvents.repeatUntil} >= ${zonedDate(tz, since)}::date))`)
    .orderBy(calendarEvents.startsAt);
  const cal = calendar(deps);
  for (const ev of rows) addEvent(cal, tz, ev, host);
  return cal.toString();
}

/** One event's file, for "Add to calendar". */
export async function eventFile(deps: Deps, id: string, host: string): Promise<string> {
  const [ev] = await deps.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  if (!ev) throw notFound(CALENDAR_TEXT.notFound);
  const cal = calendar(deps);
  addEvent(cal, deps.church.timeZone, ev, host);
  return cal.toString();
}
