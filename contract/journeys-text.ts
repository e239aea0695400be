/**
 * Admin → Journeys and Admin → Challenges (issue 18, decision 0108): limits and texts, without
 * zod (decision 0072). contract/connect.ts holds the schemas and re-exports this module.
 */
export const JOURNEY_LIMITS = {
  /** Days in one journey. */
  maxDays: 60,
  title: 120,
  description: 300,
  dayTitle: 120,
  verseRef: 80,
  verseText: 1000,
  content: 4000,
} as const;

export const CHALLENGE_LIMITS = { title: 120, description: 1000, minDays: 1, maxDays: 365, type: 40 } as const;

/** Errors and toasts of the authoring routes and screens (English; Spanish in contract/i18n/es.ts). */
export const JOURNEY_ADMIN_TEXT = {
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  dayTitleRequired: "Each day needs a title",
  readingRequired: "Each day needs a reading",
  atLeastOneDay: "A journey needs at least one day",
  tooManyDays: "A journey can have at most 60 days",
  notFound: "Journey not found",
  notOpen: "This journey is not open for enrolment",
  badDayOrder: "The list of days does not match this journey",
  lockedDays: (n: number) => `Members are already on days 1 to ${n}: those days stay in place (you can still correct their text)`,
  archivedCannotPublish: "An archived journey cannot be published",
  emptyCannotPublish: "Add at least one day before publishing",
  saved: "Journey saved",
  created: "Journey created",
  published: "Journey published",
  unpublished: "Journey unpublished",
  archived: "Journey archived",
  saveFailed: "Could not save the journey",
} as const;

export const CHALLENGE_ADMIN_TEXT = {
  created: "Challenge created",
  saved: "Challenge saved",
  archived: "Challenge archived",
  restored: "Challenge restored",
  saveFailed: "Could not save the challenge",
} as const;
