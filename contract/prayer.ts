import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./prayer-text";
import { DEFAULT_PRAYER_CATEGORY, PRAYER_CATEGORIES, PRAYER_DESCRIPTION_MAX, PRAYER_TEXT, PRAYER_TITLE_MAX } from "./prayer-text";

/** The spec's rule: title and description non-blank after trimming, else 'Missing information' and no call. */
export const isPrayerComplete = (v: { title: string; description: string }) => v.title.trim() !== "" && v.description.trim() !== "";

export const ZPrayerRequestInput = z.object({
  title: displayText().trim().min(1, PRAYER_TEXT.missingText).max(PRAYER_TITLE_MAX, PRAYER_TEXT.titleTooLong),
  description: displayText().trim().min(1, PRAYER_TEXT.missingText).max(PRAYER_DESCRIPTION_MAX, PRAYER_TEXT.descriptionTooLong),
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
