/**
 * Events as the API shows them, and the checks of a whole event that need the church's time zone
 * (the contract checks each field and the rules between fields that need none).
 */
import type { InferSelectModel } from "drizzle-orm";
import type { calendarEvents } from "../../db/schema/calendar";
import { CALENDAR_TEXT, EVENT_MAX_DAYS, type CalendarEvent, type EventRepeat } from "../../../contract/calendar";
import { parseZonedLocal, zonedDate } from "../../../contract/zoned-time";
import { badRequest } from "../../http/app-error";
import type { Schedule } from "./occurrences";

export type EventRow = InferSelectModel<typeof calendarEvents>;

export function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    repeat: row.repeat,
    repeatUntil: row.repeatUntil,
    registration: row.registration,
    capacity: row.capacity,
  };
}

export const scheduleOf = (row: Pick<EventRow, "startsAt" | "endsAt" | "repeat" | "repeatUntil">): Schedule => ({
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  repeat: row.repeat,
  repeatUntil: row.repeatUntil,
});

/** An ISO time with an offset as it says; one without (a wall-clock time) in the church's zone. */
export function toInstant(tz: string, text: string, field: "startsAt" | "endsAt"): Date {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const at = hasOffset ? new Date(text) : parseZonedLocal(tz, text);
  if (!at || Number.isNaN(at.getTime())) throw badRequest(`body.${field}`, CALENDAR_TEXT.badDateTime);
  return at;
}

export interface EventValues {
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  repeat: EventRepeat;
  repeatUntil: string | null;
  registration: boolean;
  capacity: number | null;
}

/** The rules of a whole event (after a PATCH merged into the stored one, too): a 400 naming the field. */
export function checkEventValues(tz: string, v: EventValues) {
  if (v.endsAt <= v.startsAt) throw badRequest("body.endsAt", CALENDAR_TEXT.endBeforeStart);
  if (v.endsAt.getTime() - v.startsAt.getTime() > EVENT_MAX_DAYS * 86_400_000) throw badRequest("body.endsAt", CALENDAR_TEXT.tooLong);
  if (v.repeatUntil && v.repeat === "none") throw badRequest("body.repeatUntil", CALENDAR_TEXT.untilWithoutRepeat);
  if (v.repeatUntil && v.repeatUntil < zonedDate(tz, v.startsAt)) throw badRequest("body.repeatUntil", CALENDAR_TEXT.untilBeforeStart);
  if (v.capacity != null && !v.registration) throw badRequest("body.capacity", CALENDAR_TEXT.capacityWithoutRegistration);
}
