import { and, eq, gte, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { calendarEvents, calendarRsvps } from "../../db/schema/calendar";
import { CALENDAR_TEXT, type EventPatch } from "../../../contract/calendar";
import { notFound } from "../../http/app-error";
import { checkEventValues, scheduleOf, toEvent, toInstant, type EventValues } from "./event-view";
import { isOccurrence } from "./occurrences";
import { promoteWaitlists } from "../../shared/calendar-waitlist";

/**
 * Staff: changes the fields sent; the result is checked as a whole. In one transaction, under the
 * event's lock (so no registration slips in between):
 * - a one-off event that moved keeps its registrations (they follow it);
 * - a repeating event whose schedule changed drops the upcoming registrations for times it no
 *   longer has (past ones stay, as a record);
 * - registration turned off drops the upcoming registrations;
 * - a larger capacity moves waitlisted members up, first come first served.
 */
export async function updateEvent(deps: Deps, id: string, patch: EventPatch) {
  const tz = deps.church.timeZone;
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [old] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for("update");
    if (!old) throw notFound(CALENDAR_TEXT.notFound);
    const v: EventValues = {
      title: patch.title ?? old.title,
      description: patch.description ?? old.description,
      location: patch.location ?? old.location,
      startsAt: patch.startsAt !== undefined ? toInstant(tz, patch.startsAt, "startsAt") : old.startsAt,
      endsAt: patch.endsAt !== undefined ? toInstant(tz, patch.endsAt, "endsAt") : old.endsAt,
      repeat: patch.repeat ?? old.repeat,
      repeatUntil: patch.repeatUntil !== undefined ? patch.repeatUntil : patch.repeat === "none" ? null : old.repeatUntil,
      registration: patch.registration ?? old.registration,
      capacity: patch.capacity !== undefined ? patch.capacity : patch.registration === false ? null : old.capacity,
    };
    checkEventValues(tz, v);
    const [updated] = await tx
      .update(calendarEvents)
      .set({ ...v, updatedAt: now })
      .where(eq(calendarEvents.id, id))
      .returning();
    const upcoming = and(eq(calendarRsvps.eventId, id), gte(calendarRsvps.occurrenceStart, now));
    if (!v.registration) {
      await tx.delete(calendarRsvps).where(upcoming);
    } else if (old.repeat === "none" && v.repeat === "none") {
      if (old.startsAt.getTime() !== v.startsAt.getTime()) {
        await tx.update(calendarRsvps).set({ occurrenceStart: v.startsAt }).where(eq(calendarRsvps.eventId, id));
      }
    } else {
      const times = await tx.selectDistinct({ at: calendarRsvps.occurrenceStart }).from(calendarRsvps).where(upcoming);
      const gone = times.map((t) => t.at).filter((at) => !isOccurrence(tz, scheduleOf(updated!), at));
      for (const at of gone) await tx.delete(calendarRsvps).where(and(eq(calendarRsvps.eventId, id), eq(calendarRsvps.occurrenceStart, at)));
    }
    if (v.registration) await promoteWaitlists(tx, id, v.capacity, sql`${calendarRsvps.occurrenceStart} >= ${now.toISOString()}::timestamptz`);
    return updated!;
  });
  await deps.bus.publish("calendar-changed", { eventId: id });
  return toEvent(row);
}
