/**
 * The events calendar and the week screen (issue 18, decision 0109): limits, constants and every
 * text, without zod, so the message files carry them without the validation library (decision
 * 0072). The schemas are in contract/calendar.ts, which re-exports this module.
 */
export const EVENT_REPEATS = ["none", "weekly", "monthly"] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];
export const RSVP_STATUSES = ["going", "waitlisted"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_LOCATION_MAX = 200;
/** An occurrence lasts at most this long (a weekend retreat fits; it bounds the range reads). */
export const EVENT_MAX_DAYS = 14;
export const EVENT_CAPACITY_MAX = 100_000;
/** A range read covers at most this many days (a month view with its edges fits). */
export const CALENDAR_RANGE_MAX_DAYS = 62;
/** The public feed and the Admin list reach this far back (days). */
export const CALENDAR_FEED_PAST_DAYS = 90;
/** A reminder goes out this long before an occurrence starts, to members going (decision 0109). */
export const EVENT_REMINDER_LEAD_HOURS = 24;
/** The calendar screen shows this many days at first, and this many more per "Next weeks". */
export const CALENDAR_PAGE_DAYS = 28;
/** Admin → Events shows this many events a page ("Load more" for the next; issue 23). */
export const ADMIN_EVENTS_PAGE_SIZE = 20;
export const ADMIN_EVENTS_PAGE_MAX = 100;
/** An event's registrations come this many names a page ("Load more" for the next; issue 23). */
export const ADMIN_RSVPS_PAGE_SIZE = 100;
export const ADMIN_RSVPS_PAGE_MAX = 500;

export const CALENDAR_TEXT = {
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${EVENT_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters`,
  locationTooLong: `Location must be at most ${EVENT_LOCATION_MAX} characters`,
  badDateTime: "Use a date and time such as 2026-12-06T10:00:00-05:00",
  badDate: "Use a date such as 2026-12-31",
  endBeforeStart: "The end must be after the start",
  tooLong: `An event can last at most ${EVENT_MAX_DAYS} days`,
  untilBeforeStart: "The repeat end must be on or after the first day",
  untilWithoutRepeat: "Only a repeating event has a repeat end",
  capacityInvalid: `Capacity must be a whole number from 1 to ${EVENT_CAPACITY_MAX}`,
  capacityWithoutRegistration: "A capacity needs registration turned on",
  rangeInvalid: "from must be before to",
  rangeTooLong: `A range covers at most ${CALENDAR_RANGE_MAX_DAYS} days`,
  notFound: "Event not found",
  noRegistration: "This event does not take registrations",
  occurrenceRequired: "Choose which date of this repeating event",
  noSuchOccurrence: "This event does not happen at that time",
  alreadyStarted: "This event has already started",
  notRegistered: "You are not registered for this event",
} as const;

/** The member's screens: calendar, Home card, /week. */
export const CALENDAR_SCREEN_TEXT = {
  title: "Calendar of Events",
  subtitle: "What's happening at church in the next weeks",
  loadFailed: "Failed to load events",
  empty: "No events in the next weeks. Check back soon.",
  emptyStaff: "No events yet. Add the first one in Admin, Events.",
  nextWeeks: "Next weeks",
  register: "Register",
  joinWaitlist: "Join waitlist",
  going: "Going",
  waitlisted: "On the waitlist",
  cancelRsvp: "Cancel registration",
  leaveWaitlist: "Leave waitlist",
  registered: "You're registered",
  waitlistedToast: "You're on the waitlist. We'll move you up when a place opens.",
  cancelled: "Registration cancelled",
  rsvpFailed: "Failed to update your registration",
  addToCalendar: "Add to calendar",
  details: "Details",
  hideDetails: "Hide details",
  detailsFailed: "Failed to load the event's details",
  subscribe: "Subscribe to the church calendar",
  full: "Full",
  placesLeft: (n: number) => (n === 1 ? "1 place left" : `${n} places left`),
  goingCount: (n: number) => `${n} going`,
  weekly: "Every week",
  monthly: "Every month",
  allEvents: "All events",
  homeTitle: "Upcoming events",
  homeEmpty: "No upcoming events. Check back soon.",
  homeEmptyStaff: "No upcoming events. Add one in Admin → Events and members see it here.",
  addEvent: "Add an event",
} as const;

export const WEEK_TEXT = {
  title: "This Week",
  subtitle: (range: string) => `The church's week, ${range}`,
  loadFailed: "Failed to load this week",
  events: "Events",
  noEvents: "No events this week.",
  services: "Services",
  noServices: "No service times yet.",
  groups: "Your groups",
  noGroups: "You're not in a group yet.",
  findGroup: "Find a group on Connect",
  journey: "Today's journey",
  journeyDay: (day: number, total: number) => `Day ${day} of ${total}`,
  noJourney: "You're not on a daily journey.",
  startJourney: "Start one on Connect",
  openJourney: "Open Connect",
} as const;

/** Admin, Events tab. */
export const EVENT_ADMIN_TEXT = {
  tab: "Events",
  heading: "Events",
  newEvent: "New event",
  editEvent: "Edit event",
  empty: "No events yet. Create the first one: members see it on Home, the calendar and This Week.",
  loadFailed: "Failed to load events",
  title: "Title",
  description: "Description",
  location: "Location",
  startsAt: "Starts",
  endsAt: "Ends",
  repeat: "Repeats",
  repeatNone: "Does not repeat",
  repeatWeekly: "Weekly",
  repeatMonthly: "Monthly",
  repeatUntil: "Repeat until (optional)",
  registration: "Members register",
  capacity: "Capacity (optional)",
  save: "Save",
  create: "Create event",
  created: "Event created",
  updated: "Event updated",
  deleted: "Event deleted",
  saveFailed: "Failed to save the event",
  deleteConfirm: "Delete this event? Members' registrations are removed too; those registered for a date still ahead are told it was cancelled.",
  rsvps: "Registrations",
  noRsvps: "No registrations yet.",
  goingList: "Who is going",
  waitlist: "Waitlist",
  nextOn: (date: string) => `Next: ${date}`,
  counts: (going: number, waitlisted: number) => `${going} going, ${waitlisted} waitlisted`,
  capacityOf: (n: number) => (n === 1 ? "1 place" : `${n} places`),
  timeZoneNote: (tz: string) => `Times are in the church's time zone (${tz}).`,
} as const;

