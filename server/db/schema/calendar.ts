import { pgTable, uuid, text, timestamp, integer, boolean, date, index, uniqueIndex, check, bigserial, primaryKey } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";
import { EVENT_REPEATS, RSVP_STATUSES } from "../../../contract/calendar-text";

/**
 * The church's events (docs/decisions/0109). Times are instants (UTC); a repeating event repeats
 * its first occurrence's wall-clock time in the church's time zone, weekly or monthly (same day
 * of the month), up to `repeatUntil` (a church-calendar date, inclusive) or for ever.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    repeat: text("repeat", { enum: EVENT_REPEATS }).notNull().default("none"),
    repeatUntil: date("repeat_until", { mode: "string" }),
    /** Whether members register (RSVP); without it the event is only announced. */
    registration: boolean("registration").notNull().default(false),
    /** Places per occurrence; null: no limit. Only with registration. */
    capacity: integer("capacity"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The event's own part of Admin → Events' and one event's answers (ZCalendarEvent's fields in
     * its order, the JSON object left open), written by PostgreSQL from the row itself on every
     * insert and update (the trigger `calendar_events_json_head`, migration 0054; decision 0149),
     * so a page adds only the next occurrence and its counts instead of writing every event's
     * fields per read. Never written by the app.
     */
    jsonHead: text("json_head").notNull().default(""),
  },
  (t) => [
    index("calendar_events_starts_idx").on(t.startsAt),
    // The range read (list-occurrences.ts): one-off events by when they end, so years of past
    // events are never read; repeating ones (few) on their own.
    index("calendar_events_one_off_idx").on(t.endsAt, t.startsAt).where(sql`${t.repeat} = 'none'`),
    index("calendar_events_repeating_idx").on(t.startsAt).where(sql`${t.repeat} <> 'none'`),
    // Admin → Events' pages (manage-events.ts): one-off events by start, from the cursor's key.
    index("calendar_events_one_off_start_idx").on(t.startsAt, t.id).where(sql`${t.repeat} = 'none'`),
    check("calendar_events_ends_after_start", sql`${t.endsAt} > ${t.startsAt}`),
    check("calendar_events_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/**
 * One member's registration for one occurrence of an event (`occurrenceStart`: that occurrence's
 * start; for a one-off event, the event's start). `going` up to the capacity, then `waitlisted`
 * in order of `createdAt` (then id); a cancellation moves the first waitlisted member up in the
 * same transaction, under the event row's lock (register-rsvp.ts). `remindedAt`: the day-before
 * reminder was handled (server/jobs/event-reminders.ts).
 */
export const calendarRsvps = pgTable(
  "calendar_rsvps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: RSVP_STATUSES }).notNull(),
    /** Registration order (the waitlist's order; two registrations may share a clock reading). */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("calendar_rsvps_once").on(t.eventId, t.occurrenceStart, t.userId),
    index("calendar_rsvps_occurrence_idx").on(t.eventId, t.occurrenceStart, t.status, t.seq),
    index("calendar_rsvps_user_idx").on(t.userId, t.occurrenceStart),
    index("calendar_rsvps_reminder_due_idx")
      .on(t.occurrenceStart)
      .where(sql`${t.remindedAt} is null and ${t.status} = 'going'`),
  ],
);

/**
 * The registrations of each occurrence with any (issue 23; decision 0139): how many are going and
 * how many wait, what Admin → Events and the calendar's range read show. Kept in the transaction
 * of every change to `calendar_rsvps` (a registration, a cancellation, a waitlist moving up, an
 * event moved or its registration turned off, a deleted account, raw SQL) by the triggers of
 * migration 0047, as `church_day_counts` is (decision 0131); a row whose counts fall to 0 is
 * deleted, so the table always equals fresh counts, and an event's rows go with it (cascade).
 */
export const calendarOccurrenceCounts = pgTable(
  "calendar_occurrence_counts",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
    going: integer("going").notNull(),
    waiting: integer("waiting").notNull(),
  },
  // No CHECK (going >= 0): INSERT ... ON CONFLICT checks the row proposed (a delta, -1) before
  // it becomes an update of the existing row.
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart] })],
);
