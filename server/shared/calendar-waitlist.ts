/**
 * What the calendar's own cancel (features/calendar/rsvp.ts) and deleting an account
 * (features/my-data/delete-my-account.ts) share about giving up a registration (decision 0109):
 * the event row's lock first (SELECT ... FOR UPDATE), then the registration goes, and a place it
 * freed goes to the first in line (by `seq`), in the same transaction. So a waitlist moves up
 * exactly once per freed place, whichever path freed it, on any number of server instances.
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client";
import { calendarEvents, calendarRsvps } from "../db/schema/calendar";

/** Locks the event's row for the rest of the transaction; undefined when there is no such event. */
export async function lockCalendarEvent(tx: Tx, id: string) {
  const [ev] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for("update");
  return ev;
}

/**
 * Removes the member's registration for one occurrence and, when it held a place ("going"),
 * moves the first waitlisted member of that occurrence up. Call with the event row locked
 * (lockCalendarEvent). Answers the removed registration's status, or null when there was none.
 */
export async function withdrawRegistration(tx: Tx, ev: { id: string; capacity: number | null }, at: Date, userId: string) {
  const [gone] = await tx
    .delete(calendarRsvps)
    .where(and(eq(calendarRsvps.eventId, ev.id), eq(calendarRsvps.occurrenceStart, at), eq(calendarRsvps.userId, userId)))
    .returning({ status: calendarRsvps.status });
  if (!gone) return null;
  if (gone.status === "going") await promoteWaitlists(tx, ev.id, ev.capacity, sql`${calendarRsvps.occurrenceStart} = ${at.toISOString()}::timestamptz`);
  return gone.status;
}

/**
 * Every registration of a member who is leaving (account deletion): each event's row is locked
 * in id order (so two deletions, or a deletion and a cancellation, wait for each other instead
 * of deadlocking), then each registration is withdrawn as the member's own cancel would: an
 * upcoming occurrence's freed place moves its waitlist up once. A past occurrence's registration
 * simply goes (nobody moves up into an event that has already begun).
 */
export async function withdrawAllRegistrations(tx: Tx, userId: string, now: Date) {
  const mine = () =>
    tx
      .select({ eventId: calendarRsvps.eventId, at: calendarRsvps.occurrenceStart })
      .from(calendarRsvps)
      .where(eq(calendarRsvps.userId, userId))
      .orderBy(asc(calendarRsvps.eventId), asc(calendarRsvps.occurrenceStart));
  const locked = new Map<string, { id: string; capacity: number | null }>();
  const tried = new Set<string>();
  let rows = await mine();
  // Lock every event they are registered for; read again under the locks (a registration made
  // before the first lock was taken is then seen), until no event is left unlocked.
  for (;;) {
    const toLock = [...new Set(rows.map((r) => r.eventId))].filter((id) => !tried.has(id));
    if (!toLock.length) break;
    for (const id of toLock) tried.add(id);
    const events = await tx
      .select({ id: calendarEvents.id, capacity: calendarEvents.capacity })
      .from(calendarEvents)
      .where(inArray(calendarEvents.id, toLock))
      .orderBy(asc(calendarEvents.id))
      .for("update");
    for (const ev of events) locked.set(ev.id, ev);
    rows = await mine();
  }
  for (const r of rows) {
    const ev = locked.get(r.eventId);
    if (ev && r.at > now) await withdrawRegistration(tx, ev, r.at, userId);
  }
  // Past occurrences: the registration goes, nobody moves up into an event that has begun.
  await tx.delete(calendarRsvps).where(eq(calendarRsvps.userId, userId));
}

/**
 * Moves waitlisted members up while an occurrence has places (all of them without a capacity),
 * in order, for the occurrences `where` picks. Call with the event row locked.
 */
export async function promoteWaitlists(tx: Tx, eventId: string, capacity: number | null, where: SQL) {
  await tx.execute(sql`
    with scope as (
      select id, occurrence_start, status, seq from calendar_rsvps
      where event_id = ${eventId}::uuid and ${where}
    ),
    going as (select occurrence_start, count(*) filter (where status = 'going') as n from scope group by occurrence_start),
    line as (
      select s.id, s.occurrence_start, row_number() over (partition by s.occurrence_start order by s.seq) as place
      from scope s where s.status = 'waitlisted'
    )
    update calendar_rsvps r set status = 'going'
    from line l join going g on g.occurrence_start = l.occurrence_start
    where r.id = l.id and (${capacity}::int is null or l.place <= ${capacity}::int - g.n)`);
}
