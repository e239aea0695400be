import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import { calendarRsvps } from "../../db/schema/calendar";
import type { Db } from "../../db/client";
import { EVENT_MAX_DAYS, type ListedOccurrence, type MyRegistration, type RsvpStatus } from "../../../contract/calendar";
import { zonedDate } from "../../../contract/zoned-time";
import { occurrencesBetween, type Schedule } from "./occurrences";
import { rowsOf } from "../../db/rows";

const MAX_SPAN_MS = (EVENT_MAX_DAYS + 1) * 86_400_000;

/** What a member's list needs of an event (no description: `hasDetails` says whether it has one). */
export interface ListedEvent extends Schedule {
  id: string;
  title: string;
  location: string;
  registration: boolean;
  capacity: number | null;
  hasDetails: boolean;
}

/**
 * The events that may have an occurrence in [from, to), then expanded in memory: one-off events
 * that end after `from` and start before `to`, and repeating events that started before `to` and
 * have not stopped repeating. Each half reads its own partial index (calendar_events_one_off_idx,
 * calendar_events_repeating_idx), so the church's years of past one-off events are never read.
 */
export async function eventsInRange(db: Db, tz: string, from: Date, to: Date): Promise<ListedEvent[]> {
  const earliestDay = zonedDate(tz, new Date(from.getTime() - MAX_SPAN_MS));
  const columns = sql`id, title, location, description <> '' as "hasDetails", starts_at as "startsAt", ends_at as "endsAt", repeat,
           repeat_until::text as "repeatUntil", registration, capacity`;
  const result = await db.execute(sql`
    select ${columns} from calendar_events
    where repeat = 'none' and ends_at > ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz
    union all
    select ${columns} from calendar_events
    where repeat <> 'none' and starts_at < ${to.toISOString()}::timestamptz
      and (repeat_until is null or repeat_until >= ${earliestDay}::date)`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    ...(r as unknown as ListedEvent),
    startsAt: new Date(r.startsAt as string),
    endsAt: new Date(r.endsAt as string),
    repeatUntil: (r.repeatUntil as string | null) ?? null,
  }));
}

/**
 * Every occurrence overlapping [from, to), in order of start, with its counts (one query on
 * calendar_occurrence_counts' primary key for all of them: counts kept by triggers, decision 0139). The same for every member: a member's own place is
 * `listMyRegistrations`.
 */
export async function listOccurrences(db: Db, tz: string, from: Date, to: Date): Promise<ListedOccurrence[]> {
  const events = await eventsInRange(db, tz, from, to);
  if (events.length === 0) return [];
  const ids = events.filter((e) => e.registration).map((e) => e.id);
  const counts = new Map<string, { going: number; waiting: number }>();
  if (ids.length > 0) {
    const result = await db.execute(sql`
      select event_id, occurrence_start, going, waiting
      from calendar_occurrence_counts
      where event_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
        and occurrence_start >= ${new Date(from.getTime() - MAX_SPAN_MS).toISOString()}::timestamptz
        and occurrence_start < ${to.toISOString()}::timestamptz`);
    for (const r of rowsOf<{ event_id: string; occurrence_start: string | Date; going: number; waiting: number }>(result)) {
      counts.set(`${r.event_id} ${new Date(r.occurrence_start).toISOString()}`, { going: Number(r.going), waiting: Number(r.waiting) });
    }
  }
  const out: ListedOccurrence[] = [];
  for (const ev of events) {
    for (const o of occurrencesBetween(tz, ev, from, to)) {
      const c = counts.get(`${ev.id} ${o.start.toISOString()}`);
      out.push({
        id: ev.id,
        title: ev.title,
        location: ev.location,
        startsAt: o.start.toISOString(),
        endsAt: o.end.toISOString(),
        repeat: ev.repeat,
        registration: ev.registration,
        capacity: ev.capacity,
        hasDetails: ev.hasDetails,
        goingCount: c?.going ?? 0,
        waitlistCount: c?.waiting ?? 0,
      });
    }
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.title.localeCompare(b.title));
}

/** The member's registrations from an instant on and before another (built and planned once: db/prepared.ts). */
const myRegistrations = prepared("calendar.my-registrations", (db) =>
  db
    .select({ eventId: calendarRsvps.eventId, occurrence: calendarRsvps.occurrenceStart, status: calendarRsvps.status })
    .from(calendarRsvps)
    .where(
      and(
        eq(calendarRsvps.userId, sql.placeholder("userId")),
        gte(calendarRsvps.occurrenceStart, sql.placeholder("from")),
        lt(calendarRsvps.occurrenceStart, sql.placeholder("to")),
      ),
    )
    .orderBy(asc(calendarRsvps.occurrenceStart), asc(calendarRsvps.eventId)),
);

/**
 * `userId`'s own registrations for occurrences overlapping [from, to) (an occurrence may start
 * up to EVENT_MAX_DAYS before `from`): `calendar_rsvps_user_idx`, a few rows. Asked beside every
 * calendar screen's list, so its statement is prepared once.
 */
export async function listMyRegistrations(db: Db, userId: string, from: Date, to: Date): Promise<MyRegistration[]> {
  const rows = await myRegistrations(db, { userId, from: new Date(from.getTime() - MAX_SPAN_MS), to });
  return rows.map((r) => ({ eventId: r.eventId, occurrence: r.occurrence.toISOString(), status: r.status as RsvpStatus }));
}
