import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { calendarEvents } from "../../db/schema/calendar";
import { CALENDAR_TEXT } from "../../../contract/calendar";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";
import { notFound } from "../../http/app-error";
import { announce, notify } from "../../notifications/notify";

/**
 * Staff: removes the event and, with it (cascade), every registration for it. The members
 * registered (going or waitlisted) for an occurrence still ahead are told it was cancelled: one
 * notification each (kind `eventCancelled`, inbox and push by their preferences, like the
 * day-before reminder), written with notify() in the delete's transaction, under the event's row
 * lock, so no registration slips in between the notice and the delete and a delete that fails
 * tells no one. The text is stored in English and shown and pushed in each member's language.
 * Past registrations are history: their members are not told. The notification's subject is the
 * event (one per member, however many of its dates they had).
 */
export async function deleteEvent(deps: Deps, id: string) {
  const now = deps.now();
  const notified = await deps.db.transaction(async (tx) => {
    const [event] = await tx.select({ id: calendarEvents.id, title: calendarEvents.title }).from(calendarEvents).where(eq(calendarEvents.id, id)).for("update");
    if (!event) throw notFound(CALENDAR_TEXT.notFound);
    const told = await notify(tx, {
      kind: "eventCancelled",
      subjectId: id,
      ...NOTIFICATION_MESSAGES.eventCancelled(event.title),
      recipients: sql`
        select r.user_id from calendar_rsvps r join users u on u.id = r.user_id
        where r.event_id = ${id}::uuid and r.occurrence_start > ${now.toISOString()}::timestamptz
          and r.status in ('going', 'waitlisted') and u.deleted_at is null`,
      at: now,
    });
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, id));
    return told;
  });
  await deps.bus.publish("calendar-changed", { eventId: id });
  await announce(deps.bus, "eventCancelled", notified);
}
