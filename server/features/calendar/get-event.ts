/**
 * One event as staff wrote it, for a member who opens it on the calendar (GET
 * /api/calendar/events/:id): its description and schedule, which the month's list leaves out
 * (`ZOccurrence`, decision 0109). Every event is for every member, so any signed-in member may
 * read any event; an unknown id is a 404.
 */
import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { calendarEvents } from "../../db/schema/calendar";
import { notFound } from "../../http/app-error";
import { CALENDAR_TEXT, type CalendarEvent } from "../../../contract/calendar";
import { toEvent } from "./event-view";

/** The columns the answer shows, by primary key; built and planned once (db/prepared.ts): opened from every calendar card. */
const oneEvent = prepared("calendar.event", (db) =>
  db
    .select({
      id: calendarEvents.id,
      title: calendarEvents.title,
      description: calendarEvents.description,
      location: calendarEvents.location,
      startsAt: calendarEvents.startsAt,
      endsAt: calendarEvents.endsAt,
      repeat: calendarEvents.repeat,
      repeatUntil: calendarEvents.repeatUntil,
      registration: calendarEvents.registration,
      capacity: calendarEvents.capacity,
    })
    .from(calendarEvents)
    .where(eq(calendarEvents.id, sql.placeholder("id"))),
);

export async function getEvent(deps: Deps, id: string): Promise<CalendarEvent> {
  const [row] = await oneEvent(deps.db, { id });
  if (!row) throw notFound(CALENDAR_TEXT.notFound);
  return toEvent(row);
}
