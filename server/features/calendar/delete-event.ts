import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { calendarEvents } from "../../db/schema/calendar";
import { CALENDAR_TEXT } from "../../../contract/calendar";
import { notFound } from "../../http/app-error";

/** Staff: removes the event and, with it (cascade), every registration for it. */
export async function deleteEvent(deps: Deps, id: string) {
  const [row] = await deps.db.delete(calendarEvents).where(eq(calendarEvents.id, id)).returning({ id: calendarEvents.id });
  if (!row) throw notFound(CALENDAR_TEXT.notFound);
  await deps.bus.publish("calendar-changed", { eventId: id });
}
