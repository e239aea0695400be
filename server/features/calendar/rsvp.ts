/**
 * Registrations (RSVPs) with a waitlist (docs/decisions/0109). Every change takes the event row's
 * lock first (SELECT ... FOR UPDATE), so registrations and cancellations for one event happen one
 * at a time on any number of server instances: the count of those going cannot be read stale,
 * two members cannot take the last place, and a cancellation moves exactly one waitlisted member
 * up (the first in line: the earliest registration, by `seq`), in the same transaction. The lock,
 * the withdrawal and the move-up live in shared/calendar-waitlist.ts: deleting an account
 * withdraws a member's registrations the same way.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { calendarRsvps } from "../../db/schema/calendar";
import { CALENDAR_TEXT, type RsvpAnswer } from "../../../contract/calendar";
import { badRequest, conflict, notFound } from "../../http/app-error";
import { scheduleOf, type EventRow } from "./event-view";
import { isOccurrence } from "./occurrences";
import { lockCalendarEvent, withdrawRegistration } from "../../shared/calendar-waitlist";
import { rowsOf } from "../../db/rows";

/** Which occurrence: the one named (it must be one of the event's), or a one-off event's only one. */
function resolveOccurrence(tz: string, ev: EventRow, occurrence: string | undefined, where = "body"): Date {
  if (occurrence === undefined) {
    if (ev.repeat !== "none") throw badRequest(`${where}.occurrence`, CALENDAR_TEXT.occurrenceRequired);
    return ev.startsAt;
  }
  const at = new Date(occurrence);
  if (!isOccurrence(tz, scheduleOf(ev), at)) throw badRequest(`${where}.occurrence`, CALENDAR_TEXT.noSuchOccurrence);
  return at;
}

async function lockEvent(tx: Tx, id: string) {
  const ev = await lockCalendarEvent(tx, id);
  if (!ev) throw notFound(CALENDAR_TEXT.notFound);
  return ev;
}

async function answer(tx: Tx, eventId: string, at: Date, userId: string): Promise<RsvpAnswer> {
  const result = await tx.execute(sql`
    select
      count(*) filter (where status = 'going')::int as going,
      count(*) filter (where status = 'waitlisted')::int as waiting,
      max(status) filter (where user_id = ${userId}::uuid) as mine,
      (select count(*)::int from calendar_rsvps w, calendar_rsvps me
        where me.event_id = ${eventId}::uuid and me.occurrence_start = ${at.toISOString()}::timestamptz and me.user_id = ${userId}::uuid
          and w.event_id = me.event_id and w.occurrence_start = me.occurrence_start and w.status = 'waitlisted'
          and w.seq <= me.seq) as position
    from calendar_rsvps
    where event_id = ${eventId}::uuid and occurrence_start = ${at.toISOString()}::timestamptz`);
  const r = rowsOf<{ going: number; waiting: number; mine: string | null; position: number }>(result)[0]!;
  const status = r.mine === "waitlisted" ? "waitlisted" : "going";
  return {
    status,
    occurrence: at.toISOString(),
    goingCount: Number(r.going),
    waitlistCount: Number(r.waiting),
    waitlistPosition: status === "waitlisted" ? Number(r.position) : null,
  };
}

/** Member: registers for an occurrence; going while places are left, else waitlisted. Asking again answers the same. */
export async function registerRsvp(deps: Deps, userId: string, eventId: string, occurrence: string | undefined): Promise<RsvpAnswer> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const ev = await lockEvent(tx, eventId);
    if (!ev.registration) throw conflict(CALENDAR_TEXT.noRegistration);
    const at = resolveOccurrence(deps.church.timeZone, ev, occurrence);
    if (at <= now) throw badRequest("body.occurrence", CALENDAR_TEXT.alreadyStarted);
    const [existing] = await tx
      .select({ id: calendarRsvps.id })
      .from(calendarRsvps)
      .where(and(eq(calendarRsvps.eventId, eventId), eq(calendarRsvps.occurrenceStart, at), eq(calendarRsvps.userId, userId)));
    if (!existing) {
      const [{ going }] = (await tx
        .select({ going: sql<number>`count(*)::int` })
        .from(calendarRsvps)
        .where(and(eq(calendarRsvps.eventId, eventId), eq(calendarRsvps.occurrenceStart, at), eq(calendarRsvps.status, "going")))) as [{ going: number }];
      const status = ev.capacity === null || Number(going) < ev.capacity ? "going" : "waitlisted";
      await tx.insert(calendarRsvps).values({ eventId, occurrenceStart: at, userId, status, createdAt: now });
    }
    return answer(tx, eventId, at, userId);
  });
}

/** Member: cancels their registration (going or waitlisted); a place freed goes to the first in line. */
export async function cancelRsvp(deps: Deps, userId: string, eventId: string, occurrence: string | undefined) {
  await deps.db.transaction(async (tx) => {
    const ev = await lockEvent(tx, eventId);
    const at = resolveOccurrence(deps.church.timeZone, ev, occurrence, "querystring");
    if (!(await withdrawRegistration(tx, ev, at, userId))) throw notFound(CALENDAR_TEXT.notRegistered);
  });
}
