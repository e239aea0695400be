/**
 * Announcements (issue 18; decision 0110): limits, audiences, channels and every text, without
 * zod, so the message files (contract/i18n) carry them without the validation library (decision
 * 0072). contract/announcements.ts, which holds the schemas, re-exports this module.
 */
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2000;
export const ANNOUNCEMENT_URL_MAX = 2000;
/** The furthest ahead an announcement may be scheduled. */
export const ANNOUNCEMENT_SCHEDULE_MAX_DAYS = 366;
/** Admin → Announcements: what was sent, a keyset page at a time (issue 23): this many by default, at most the max. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
export const ANNOUNCEMENTS_PAGE_MAX = 100;

/** Where an announcement goes: inbox (the bell), push (the member's devices), email (through the outbox). */
export const ANNOUNCEMENT_CHANNELS = ["inbox", "push", "email"] as const;
export type AnnouncementChannel = (typeof ANNOUNCEMENT_CHANNELS)[number];

export const ANNOUNCEMENT_STATUSES = ["scheduled", "sending", "sent", "cancelled"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const ANNOUNCEMENT_TEXT = {
  // Validation (server and form alike).
  titleRequired: "Enter a title",
  titleTooLong: `The title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters`,
  bodyRequired: "Enter the message",
  bodyTooLong: `The message must be at most ${ANNOUNCEMENT_BODY_MAX} characters`,
  urlInvalid: "Enter a page of the app (starting with /) or a full https:// link, or leave it empty",
  spanishBoth: "Give both the Spanish title and the Spanish message, or leave both empty",
  audienceInvalid: 'Choose who receives it: "everyone", "staff" or { "group": id }',
  groupNotFound: "That group does not exist",
  channelsRequired: "Choose at least one way to send it: inbox, push or email",
  channelInvalid: "A channel is inbox, push or email",
  pushNeedsInbox: "Push notifications open the inbox: choose Inbox too",
  sendAtInvalid: "Enter the date and time as ISO 8601 with a time zone, e.g. 2026-12-06T09:00:00-05:00",
  sendAtPast: "Choose a time in the future, or send it now",
  sendAtTooFar: `Schedule it at most ${ANNOUNCEMENT_SCHEDULE_MAX_DAYS} days ahead`,
  notFound: "Announcement not found",
  alreadySending: "This announcement has already started sending and can no longer be cancelled",
  // The email's small print.
  emailFooter: "You receive church news by email because Email updates is on in your Profile.",
  emailFooterLink: "Turn it off",
  emailEyebrow: "Announcement",
  emailOpen: "Open",
} as const;
