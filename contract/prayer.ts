import { z } from "./zod-setup";

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

/** The spec's rule: title and description non-blank after trimming, else 'Missing information' and no call. */
export const isPrayerComplete = (v: { title: string; description: string }) => v.title.trim() !== "" && v.description.trim() !== "";

export const ZPrayerRequestInput = z.object({
  title: z.string().trim().min(1, PRAYER_TEXT.missingText).max(PRAYER_TITLE_MAX, PRAYER_TEXT.titleTooLong),
  description: z.string().trim().min(1, PRAYER_TEXT.missingText).max(PRAYER_DESCRIPTION_MAX, PRAYER_TEXT.descriptionTooLong),
  isAnonymous: z.boolean().default(false),
  isUrgent: z.boolean().default(false),
  category: z.enum(PRAYER_CATEGORIES).default(DEFAULT_PRAYER_CATEGORY),
  /** Opt-in: the pastoral care team may see it (the church's CRM). Ignored for anonymous requests. */
  shareWithCareTeam: z.boolean().default(false),
});
export type PrayerRequestInput = z.input<typeof ZPrayerRequestInput>;
export type PrayerRequestData = z.output<typeof ZPrayerRequestInput>;

/** One request on the prayer wall. An anonymous request never carries its author. */
export const ZPrayer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(PRAYER_CATEGORIES),
  isAnonymous: z.boolean(),
  isUrgent: z.boolean(),
  isAnswered: z.boolean(),
  /** "First L." of the author, or null for anonymous requests. */
  authorName: z.string().nullable(),
  /** The asking member wrote it (may mark it answered). */
  isMine: z.boolean(),
  prayedCount: z.number().int(),
  hasPrayed: z.boolean(),
  createdAt: z.string(),
});
export type Prayer = z.infer<typeof ZPrayer>;

export const ZPrayerIdParams = z.object({ id: z.uuid() });
export const ZPrayedResult = z.object({ prayedCount: z.number().int(), hasPrayed: z.boolean() });
