/**
 * Prayer requests: categories, limits and texts, without zod, so the message files
 * (contract/i18n) carry them without the validation library (decision 0072). The schemas are in
 * contract/prayer.ts, which re-exports this module.
 */
/** Prayer requests and the prayer wall (spec sections 2, 3, 5, 7, 8 and 9). */
export const PRAYER_CATEGORIES = [
  "Health & Healing",
  "Family & Relationships",
  "Work & Finances",
  "Spiritual Growth",
  "Church & Ministry",
  "Community & World",
  "Thanksgiving",
  "Other",
] as const;
export type PrayerCategory = (typeof PRAYER_CATEGORIES)[number];
export const DEFAULT_PRAYER_CATEGORY: PrayerCategory = "Other";

export const PRAYER_TITLE_MAX = 255;
export const PRAYER_DESCRIPTION_MAX = 4000;

export const PRAYER_TEXT = {
  missingTitle: "Missing information",
  missingText: "Please provide both a title and description for your prayer request.",
  submitted: "Prayer request submitted",
  submittedText: "Your prayer request has been shared with the community.",
  errorTitle: "Error",
  failed: "Failed to submit prayer request.",
  titleTooLong: `Title must be less than ${PRAYER_TITLE_MAX} characters`,
  descriptionTooLong: `Description must be less than ${PRAYER_DESCRIPTION_MAX} characters`,
  notAuthor: "Only the person who shared this request can mark it answered",
  shareWithCareTeam: "Share with our pastoral care team",
  shareWithCareTeamHint: "A pastor may reach out to you. Not available for anonymous requests.",
} as const;
