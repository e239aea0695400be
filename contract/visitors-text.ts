/** The first-time visitor form's options, limits and texts, without zod (decision 0072); contract/visitors.ts re-exports them. */
/** The church's own first-time visitor form (/visitors). */
export const VISITOR_HEARD_OPTIONS = ["A friend or family member", "Online search", "Social media", "Drove by", "Event", "Other"] as const;
export const VISITOR_NAME_MAX = 120;
export const VISITOR_PRAYER_MAX = 2000;
/** GET /api/visitors answers this many cards a page, newest first ("Load more"; issue 23, decision 0126). */
export const VISITORS_PAGE_SIZE = 20;
export const VISITORS_PAGE_MAX = 100;

export const VISITOR_TEXT = {
  nameRequired: "Please tell us your name",
  nameTooLong: `Name must be less than ${VISITOR_NAME_MAX} characters`,
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  heardRequired: "Please tell us how you heard about us",
  prayerTooLong: `Prayer request must be less than ${VISITOR_PRAYER_MAX} characters`,
  thanksTitle: "Thank you for visiting!",
  thanksText: "We're so glad you came. Someone from our welcome team will be in touch soon.",
  failed: "Could not send your details. Please try again.",
} as const;

/** Admin, Visitors. */
export const VISITOR_ADMIN_TEXT = {
  empty: "No visitor cards yet. Cards sent from the first-time visitor form show here.",
  failed: "Visitor cards could not be loaded.",
  markFollowedUp: "Mark followed up",
  undo: "Not yet followed up",
  marked: "Marked as followed up",
  unmarked: "Marked as not followed up",
  updateFailed: "Failed to update the visitor card",
  notFound: "Visitor card not found",
} as const;
