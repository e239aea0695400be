import type { Deps } from "../../deps";
import { calendarEvents } from "../../db/schema/calendar";
import type { EventData } from "../../../contract/calendar";
import { checkEventValues, toEvent, toInstant, type EventValues } from "./event-view";

/** Staff: a new event. Times without an offset are the church's wall clock. */
export async function createEvent(deps: Deps, staffId: string, input: EventData) {
  const tz = deps.church.timeZone;
  const values: EventValues = {
    title: input.title,
    description: input.description,
    location: input.location,
    startsAt: toInstant(tz, input.startsAt, "startsAt"),
    endsAt: toInstant(tz, input.endsAt, "endsAt"),
    repeat: input.repeat,
    repeatUntil: input.repeatUntil,
    registration: input.registration,
    capacity: input.capacity,
  };
  checkEventValues(tz, values);
  const now = deps.now();
  const [row] = await deps.db
    .insert(calendarEvents)
    .values({ ...values, createdBy: staffId, createdAt: now, updatedAt: now })
    .returning();
  await deps.bus.publish("calendar-changed", { eventId: row!.id });
  return toEvent(row!);
}
