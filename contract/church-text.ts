/**
 * The church profile's limits, weekdays and texts (Admin → Church), without zod (decision 0072);
 * contract/church.ts re-exports them.
 */

/** How service times name their day, as the church config writes them (church-calendar.ts reads them). */
export const SERVICE_DAYS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"] as const;
export type ServiceDay = (typeof SERVICE_DAYS)[number];

export const CHURCH_NAME_MAX = 100;
export const CHURCH_SHORT_NAME_MAX = 12;
export const CHURCH_MISSION_MAX = 500;
export const CHURCH_LINE_MAX = 200;
export const SERVICE_NAME_MAX = 60;
/** Year-end statements (decision 0121): the church's legal name, its address as printed, and the tax statement. */
export const CHURCH_LEGAL_NAME_MAX = 150;
export const CHURCH_LEGAL_ADDRESS_MAX = 300;
export const TAX_STATEMENT_MAX = 1000;
/** The statement fields of the profile; null or blank in a PATCH clears one (the name, the address, the default wording are used). */
export const CHURCH_STATEMENT_KEYS = ["legalName", "legalAddress", "taxStatement", "taxStatementEs"] as const;
export const SERVICE_TIMES_MAX = 30;
/** The logo upload's largest body (PUT /api/admin/church/logo). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** The image types the logo upload decodes (SVG is refused: it can carry script). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"] as const;

/** The links staff edit on Admin → Church, in the order the form shows them. */
export const CHURCH_LINK_KEYS = ["liveStream", "website", "visitorsForm", "giving", "partner", "about", "videoChannel", "calendar", "contact", "more", "directions"] as const;
export type ChurchLinkKey = (typeof CHURCH_LINK_KEYS)[number];

export const CHURCH_TEXT = {
  badColour: "Enter a colour as # and six hex digits, e.g. #B45309",
  badUrl: "Enter a web address starting with https:// (or http://)",
  badTimeZone: "Unknown time zone: choose one such as America/New_York",
  badDay: "Choose a day of the week",
  badTime: "Enter a time such as 9:30AM",
  badPhone: "Enter a phone number (digits, spaces, +, -, parentheses)",
  badEmail: "Enter a valid email address",
  badChannelId: "A YouTube channel id is UC followed by 22 letters, digits, - or _",
  badServiceLength: "A service lasts between 15 and 480 minutes",
  tooManyServiceTimes: `At most ${SERVICE_TIMES_MAX} service times`,
  logoNotImage: "The logo must be a PNG, JPEG, WebP, GIF or AVIF image",
  logoTooLarge: `The logo must be smaller than ${LOGO_MAX_BYTES / 1024 / 1024} MB`,
  logoTooSmall: "The logo must be at least 64 pixels wide and high",
  logoNotFound: "No logo has been uploaded",
} as const;
