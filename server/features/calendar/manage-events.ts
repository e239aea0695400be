import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { calendarEvents, calendarRsvps } from "../../db/schema/calendar";
import { users } from "../../db/schema/users";
import { CALENDAR_FEED_PAST_DAYS, CALENDAR_TEXT, type EventRsvps, type ManagedEvents } from "../../../contract/calendar";
import { zonedDate } from "../../../contract/zoned-time";
import { notFound } from "../../http/app-error";
import { scheduleOf, toEvent } from "./event-view";
import { nextOccurrence } from "./occurrences";

/**
 * Staff (Admin, Events): every event that has not ended more than CALENDAR_FEED_PAST_DAYS ago,
 * with its next occurrence and that occurrence's counts; upcoming first, then past ones.
 */
export async function listManagedEvents(deps: Deps): Promise<ManagedEvents> {
  const tz = deps.church.timeZone;
  const now = deps.now();
  const since = new Date(now.getTime() - CALENDAR_FEED_PAST_DAYS * 86_400_000);
  const rows = await deps.db
    .select()
    .from(calendarEvents)
    .where(sql`${calendarEvents.endsAt} > ${since.toISOString()}::timestamptz or (${calendarEvents.repeat} <> 'none' and (${calendarEvents.repeatUntil} is null or ${calendarEvents.repeatUntil} >= ${zonedDate(tz, since)}::date))`)
    .orderBy(asc(calendarEvents.startsAt));
  const counts = await deps.db
    .select({
      eventId: calendarRsvps.eventId,
      at: calendarRsvps.occurrenceStart,
      going: sql<number>`count(*) filter (where ${calendarRsvps.status} = 'going')::int`,
      waiting: sql<number>`count(*) filter (where ${calendarRsvps.status} = 'waitlisted')::int`,
    })
    .from(calendarRsvps)
    .where(gte(calendarRsvps.occurrenceStart, now))
    .groupBy(calendarRsvps.eventId, calendarRsvps.occurrenceStart);
  const byKey = new Map(counts.map((c) => [`${c.eventId} ${c.at.toISOString()}`, c]));
  const events = rows.map((r) => {
    const next = nextOccurrence(tz, scheduleOf(r), now);
    const c = next ? byKey.get(`${r.id} ${next.start.toISOString()}`) : undefined;
    return { ...toEvent(r), nextOccurrence: next?.start.toISOString() ?? null, goingCount: Number(c?.going ?? 0), waitlistCount: Number(c?.waiting ?? 0) };
  });
  events.sort((a, b) => (a.nextOccurrence === null ? 1 : 0) - (b.nextOccurrence === null ? 1 : 0) || (a.nextOccurrence ?? a.startsAt).localeCompare(b.nextOccurrence ?? b.startsAt));
  return { timeZone: tz, events };
}

/** Staff: who is going and who waits (in order), for each upcoming occurrence with registrations. */
export async function listEventRsvps(deps: Deps, eventId: string): Promise<EventRsvps> {
  const [ev] = await deps.db.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.id, eventId));
  if (!ev) throw notFound(CALENDAR_TEXT.notFound);
  const rows = await deps.db
    .select({ at: calendarRsvps.occurrenceStart, status: calendarRsvps.status, firstName: users.firstName, lastName: users.lastName })
    .from(calendarRsvps)
    .innerJoin(users, eq(users.id, calendarRsvps.userId))
    .where(and(eq(calendarRsvps.eventId, eventId), gte(calendarRsvps.occurrenceStart, deps.now())))
    .orderBy(asc(calendarRsvps.occurrenceStart), asc(calendarRsvps.seq));
  const out: EventRsvps = [];
  for (const r of rows) {
    const occurrence = r.at.toISOString();
    let o = out.find((x) => x.occurrence === occurrence);
    if (!o) out.push((o = { occurrence, going: [], waitlisted: [] }));
    o[r.status === "going" ? "going" : "waitlisted"].push({ name: `${r.firstName} ${r.lastName}`.trim() });
  }
  return out;
}
