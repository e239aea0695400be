import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./calendar-text";
import {
  ADMIN_EVENTS_PAGE_MAX,
  ADMIN_EVENTS_PAGE_SIZE,
  ADMIN_RSVPS_PAGE_MAX,
  ADMIN_RSVPS_PAGE_SIZE,
  CALENDAR_RANGE_MAX_DAYS,
  CALENDAR_TEXT,
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_REPEATS,
  EVENT_TITLE_MAX,
  RSVP_STATUSES,
} from "./calendar-text";

/**
 * An instant: ISO 8601 with an offset ("2026-12-06T10:00:00-05:00", "...Z"), or a wall-clock time
 * without one ("2026-12-06T10:00"), which the server reads in the church's time zone.
 */
const ZDateTime = z.iso.datetime({ offset: true, local: true, error: CALENDAR_TEXT.badDateTime });

const eventFields = {
  title: displayText().trim().min(1, CALENDAR_TEXT.titleRequired).max(EVENT_TITLE_MAX, CALENDAR_TEXT.titleTooLong),
  description: displayText().trim().max(EVENT_DESCRIPTION_MAX, CALENDAR_TEXT.descriptionTooLong),
  location: displayText().trim().max(EVENT_LOCATION_MAX, CALENDAR_TEXT.locationTooLong),
  startsAt: ZDateTime,
  endsAt: ZDateTime,
  repeat: z.enum(EVENT_REPEATS),
  /** The last church-calendar day an occurrence may start on (inclusive); null: for ever. */
  repeatUntil: z.iso.date({ error: CALENDAR_TEXT.badDate }).nullable(),
  registration: z.boolean(),
  capacity: z.number({ error: CALENDAR_TEXT.capacityInvalid }).int(CALENDAR_TEXT.capacityInvalid).min(1, CALENDAR_TEXT.capacityInvalid).max(EVENT_CAPACITY_MAX, CALENDAR_TEXT.capacityInvalid).nullable(),
};

/** Rules between fields (the ones that need the church's time zone are checked on the server). */
function checkEvent(
  e: { repeat?: string; repeatUntil?: string | null; registration?: boolean; capacity?: number | null },
  ctx: z.core.$RefinementCtx,
) {
  if (e.repeatUntil && e.repeat === "none") ctx.addIssue({ code: "custom", path: ["repeatUntil"], message: CALENDAR_TEXT.untilWithoutRepeat });
  if (e.capacity != null && e.registration === false) ctx.addIssue({ code: "custom", path: ["capacity"], message: CALENDAR_TEXT.capacityWithoutRegistration });
}

export const ZEventInput = z
  .object({
    ...eventFields,
    description: eventFields.description.default(""),
    location: eventFields.location.default(""),
    repeat: eventFields.repeat.default("none"),
    repeatUntil: eventFields.repeatUntil.default(null),
    registration: eventFields.registration.default(false),
    capacity: eventFields.capacity.default(null),
  })
  .superRefine(checkEvent);
export type EventInput = z.input<typeof ZEventInput>;
export type EventData = z.output<typeof ZEventInput>;

/** PATCH: only the fields sent change; the result is checked as a whole on the server. */
export const ZEventPatch = z.object(eventFields).partial();
export type EventPatch = z.infer<typeof ZEventPatch>;

export const ZEventIdParams = z.object({ id: z.uuid() });

export const ZCalendarRange = z
  .object({
    from: z.iso.datetime({ offset: true, error: CALENDAR_TEXT.badDateTime }),
    to: z.iso.datetime({ offset: true, error: CALENDAR_TEXT.badDateTime }),
  })
  .superRefine((r, ctx) => {
    const from = Date.parse(r.from);
    const to = Date.parse(r.to);
    if (!(to > from)) ctx.addIssue({ code: "custom", path: ["to"], message: CALENDAR_TEXT.rangeInvalid });
    else if (to - from > CALENDAR_RANGE_MAX_DAYS * 86_400_000) ctx.addIssue({ code: "custom", path: ["to"], message: CALENDAR_TEXT.rangeTooLong });
  });
export type CalendarRange = z.infer<typeof ZCalendarRange>;

/** Which occurrence of a repeating event (its start); a one-off event needs none. */
export const ZRsvpBody = z.object({ occurrence: z.iso.datetime({ offset: true, error: CALENDAR_TEXT.badDateTime }).optional() }).default({});
export const ZRsvpQuery = ZRsvpBody;

/** An event as staff wrote it (Admin). Times are UTC ISO strings. */
export const ZCalendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  repeat: z.enum(EVENT_REPEATS),
  repeatUntil: z.string().nullable(),
  registration: z.boolean(),
  capacity: z.number().nullable(),
});
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;

/**
 * One occurrence as every member's list shows it: what, when (its own start and end), where,
 * registration and counts. Not the description: a month's list carries a few hundred
 * occurrences, and the words are fetched when a member opens one (`GET /api/calendar/events/:id`,
 * `hasDetails` says there are some). Not the member's own place either: the list is the same
 * bytes for every member (shared and compressed once on the server, decision 0109), and each
 * member's registrations come from `GET /api/calendar/registrations`, laid over it by
 * `withMyStatus`.
 */
export const ZListedOccurrence = ZCalendarEvent.pick({ id: true, title: true, location: true, startsAt: true, endsAt: true, repeat: true, registration: true, capacity: true }).extend({
  hasDetails: z.boolean(),
  goingCount: z.number().int(),
  waitlistCount: z.number().int(),
});
export type ListedOccurrence = z.infer<typeof ZListedOccurrence>;

/** An occurrence with the member's own place in it (null: not registered). */
export const ZOccurrence = ZListedOccurrence.extend({
  myStatus: z.enum(RSVP_STATUSES).nullable(),
});
export type Occurrence = z.infer<typeof ZOccurrence>;

export const ZCalendarPage = z.object({
  /** The church's time zone: every time is shown in it. */
  timeZone: z.string(),
  occurrences: z.array(ZListedOccurrence),
});
export type CalendarPage = z.infer<typeof ZCalendarPage>;

/** GET /api/calendar/registrations?from&to: the asker's own registrations for occurrences in the range. */
export const ZMyRegistration = z.object({
  eventId: z.string(),
  /** The occurrence's start (ISO 8601), as `startsAt` in the list. */
  occurrence: z.string(),
  status: z.enum(RSVP_STATUSES),
});
export type MyRegistration = z.infer<typeof ZMyRegistration>;
export const ZMyRegistrations = z.object({ registrations: z.array(ZMyRegistration) });
export type MyRegistrations = z.infer<typeof ZMyRegistrations>;

/** The list with each occurrence's `myStatus` taken from the member's registrations. */
export function withMyStatus(list: readonly ListedOccurrence[], mine: readonly MyRegistration[]): Occurrence[] {
  const status = new Map(mine.map((r) => [`${r.eventId} ${new Date(r.occurrence).toISOString()}`, r.status]));
  return list.map((o) => ({ ...o, myStatus: status.get(`${o.id} ${new Date(o.startsAt).toISOString()}`) ?? null }));
}

export const ZRsvpAnswer = z.object({
  status: z.enum(RSVP_STATUSES),
  occurrence: z.string(),
  goingCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** 1 for the first in line; null when going. */
  waitlistPosition: z.number().int().nullable(),
});
export type RsvpAnswer = z.infer<typeof ZRsvpAnswer>;

/** Admin: each event with its next occurrence's counts. */
export const ZManagedEvent = ZCalendarEvent.extend({
  nextOccurrence: z.string().nullable(),
  goingCount: z.number().int(),
  waitlistCount: z.number().int(),
});
export type ManagedEvent = z.infer<typeof ZManagedEvent>;
/**
 * GET /api/calendar/manage (staff): the events with a next occurrence, soonest first, then those
 * without one (started, ended, or done repeating) by their first start, a keyset page at a time
 * (`cursor`: the previous page's nextCursor; decision 0126).
 */
export const ZManagedEventsQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_EVENTS_PAGE_MAX).default(ADMIN_EVENTS_PAGE_SIZE),
});
export const ZManagedEvents = z.object({
  timeZone: z.string(),
  events: z.array(ZManagedEvent),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ManagedEvents = z.infer<typeof ZManagedEvents>;

/** Admin: one event's registrations a page at a time. */
export const ZEventRsvpsQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_RSVPS_PAGE_MAX).default(ADMIN_RSVPS_PAGE_SIZE),
});
/**
 * Admin: who is going and who waits for an event's upcoming occurrences, a page of names at a
 * time, in the order of (occurrence soonest first, going before waitlisted, registration order).
 * Each occurrence with a name on the page comes with its counts and its names on this page; an
 * occurrence's names can run on to the next page (groupRsvps joins them), and a waitlist's place
 * is its order among the occurrence's waitlisted names, across pages.
 */
export const ZEventRsvps = z.object({
  occurrences: z.array(
    z.object({ occurrence: z.string(), goingCount: z.number().int(), waitlistCount: z.number().int(), going: z.array(z.string()), waitlisted: z.array(z.string()) }),
  ),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});
export type EventRsvps = z.infer<typeof ZEventRsvps>;

/** An occurrence's registrations as Admin → Events shows them: its counts, and the names loaded so far in order. */
export type RsvpGroup = EventRsvps["occurrences"][number];

/** The pages loaded so far, an occurrence whose names run on to the next page joined into one. */
export function groupRsvps(pages: readonly EventRsvps[]): RsvpGroup[] {
  const groups: RsvpGroup[] = [];
  for (const o of pages.flatMap((p) => p.occurrences)) {
    const last = groups[groups.length - 1];
    if (last && last.occurrence === o.occurrence) groups[groups.length - 1] = { ...o, going: [...last.going, ...o.going], waitlisted: [...last.waitlisted, ...o.waitlisted] };
    else groups.push(o);
  }
  return groups;
}

/** GET /api/week: the church's week for one member. */
export const ZWeek = z.object({
  timeZone: z.string(),
  start: z.string(),
  end: z.string(),
  events: z.array(ZOccurrence),
  services: z.array(z.object({ day: z.string(), times: z.array(z.string()) })),
  /** The member's groups: when (day 0 = Sunday, "HH:MM" on the church's clock; null when not set) and where they meet. */
  groups: z.array(z.object({ id: z.string(), name: z.string(), meetingDay: z.number().int().nullable(), meetingTime: z.string().nullable(), meetingInfo: z.string() })),
  journey: z
    .object({
      sequenceKey: z.string(),
      day: z.number().int(),
      totalDays: z.number().int(),
      title: z.string(),
    })
    .nullable(),
});
export type Week = z.infer<typeof ZWeek>;
