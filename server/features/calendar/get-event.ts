/**
 * One event as staff wrote it, for a member who opens it on the calendar (GET
 * /api/calendar/events/:id): its description and schedule, which the month's list leaves out
 * (`ZOccurrence`, decision 0109). Every event is for every member, so any signed-in member may
 * read any event; an unknown id is a 404.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { calendarEvents } from "../../db/schema/calendar";
import { notFound } from "../../http/app-error";
import { CALENDAR_TEXT, type CalendarEvent } from "../../../contract/calendar";
import { toEvent } from "./event-view";

export async function getEvent(deps: Deps, id: string): Promise<CalendarEvent> {
  const [row] = await deps.db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
  if (!row) throw notFound(CALENDAR_TEXT.notFound);
  return toEvent(row);
}
