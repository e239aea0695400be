/**
 * One event as staff wrote it, for a member who opens it on the calendar (GET
 * /api/calendar/events/:id): its description and schedule, which the month's list leaves out
 * (`ZOccurrence`, decision 0109). Every event is for every member, so any signed-in member may
 * read any event; an unknown id is a 404.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql } from "../../db/prepared";
import { notFound } from "../../http/app-error";
import { CALENDAR_TEXT } from "../../../contract/calendar";

/**
 * The event by primary key, as the answer's JSON written by PostgreSQL (ZCalendarEvent): opened
 * from every calendar card, so built and planned once (db/prepared.ts) and sent as it is.
 */
const oneEvent = preparedSql<{ event: string }>(
  "calendar.event",
  // The event's kept head (decision 0149), closed.
  () => sql`select e.json_head || '}' as event from calendar_events e where e.id = ${sql.placeholder("id")}::uuid`,
);

/** The event's JSON text (ZCalendarEvent). */
export async function getEvent(deps: Deps, id: string): Promise<string> {
  const [row] = await oneEvent(deps.db, { id });
  if (!row) throw notFound(CALENDAR_TEXT.notFound);
  return row.event;
}
