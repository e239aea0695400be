import { z } from "./zod-setup";
import { displayText } from "./display-text";
import { zonedDate } from "./zoned-time";

/**
 * The Connect page (spec sections 2, 3, 4, 7, 8 and 9): daily journey, challenges and streaks,
 * small groups and the recent sermons widget. Testimonies live in contract/testimonies.ts.
 */

// ---------- Daily journey ----------
export * from "./connect-text";
export * from "./journeys-text";
import { CHALLENGE_LIMITS, JOURNEY_ADMIN_TEXT as JT, JOURNEY_LIMITS as JL } from "./journeys-text";

/** A journey's key: SCRIPTURES_14 and AFFIRMATIONS_14 for the seeded two; generated from the title for new ones. */
export const ZSequenceKey = z.string().trim().min(1).max(64).regex(/^[A-Z0-9_]+$/);
export const ZEnroll = z.object({ sequenceKey: ZSequenceKey });

/** A published journey a member may choose (GET /api/daily/journeys), in the member's language. */
export const ZJourneyOption = z.object({ key: z.string(), title: z.string(), description: z.string(), days: z.number().int() });
export type JourneyOption = z.infer<typeof ZJourneyOption>;

export const ZDailyContent = z.object({
  title: z.string(),
  verse: z.string().optional(),
  content: z.string(),
});

export const ZDailyPreview = z.object({
  enrolled: z.boolean(),
  currentDay: z.number().int(),
  totalDays: z.number().int(),
  content: ZDailyContent.nullable(),
  /** The running journey's sequence, or null when not enrolled. */
  sequenceKey: z.string().nullable(),
  /** The running journey's title in the member's language, or null when not enrolled. */
  journeyTitle: z.string().nullable(),
  /** True once the last day has been reached: the journey may be restarted. */
  finished: z.boolean(),
});
export type DailyPreview = z.infer<typeof ZDailyPreview>;

export const ZEnrollResult = z.object({
  sequenceKey: z.string(),
  startDate: z.string(),
  currentDay: z.number().int(),
  totalDays: z.number().int(),
});

export const ZUnsubscribeQuery = z.object({ token: z.string().min(10).max(100) });


// ---------- Journeys authored by staff (Admin → Journeys, decision 0108) ----------
const optionalText = (max: number) => displayText().trim().max(max).default("");
/** One language of one day. */
export const ZJourneyDayText = z.object({
  title: displayText().trim().min(1, JT.dayTitleRequired).max(JL.dayTitle),
  verseRef: optionalText(JL.verseRef),
  verseText: optionalText(JL.verseText),
  content: displayText().trim().min(1, JT.readingRequired).max(JL.content),
});
export type JourneyDayText = z.infer<typeof ZJourneyDayText>;

/**
 * A day in an edited list: `from` is the day number it had (null for a new day), so the server
 * knows a reorder from an edit; the list's order is the new order.
 */
export const ZJourneyDayDraft = z.object({ from: z.number().int().min(1).nullable().default(null), en: ZJourneyDayText, es: ZJourneyDayText });
export type JourneyDayDraft = z.input<typeof ZJourneyDayDraft>;
const ZDayList = z.array(ZJourneyDayDraft).min(1, JT.atLeastOneDay).max(JL.maxDays, JT.tooManyDays);

const journeyTexts = {
  title: displayText().trim().min(1, JT.titleRequired).max(JL.title),
  titleEs: displayText().trim().min(1, JT.titleRequired).max(JL.title),
  description: optionalText(JL.description),
  descriptionEs: optionalText(JL.description),
};
export const ZNewJourney = z.object({ ...journeyTexts, days: ZDayList });
export type NewJourney = z.input<typeof ZNewJourney>;
export const ZJourneyPatch = z.object({
  title: journeyTexts.title.optional(),
  titleEs: journeyTexts.titleEs.optional(),
  description: displayText().trim().max(JL.description).optional(),
  descriptionEs: displayText().trim().max(JL.description).optional(),
  published: z.boolean().optional(),
  archived: z.boolean().optional(),
});
export type JourneyPatch = z.input<typeof ZJourneyPatch>;
export const ZJourneyDaysBody = z.object({ days: ZDayList });

export const ZAdminJourney = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  titleEs: z.string(),
  description: z.string(),
  descriptionEs: z.string(),
  dayCount: z.number().int(),
  published: z.boolean(),
  archived: z.boolean(),
  /** Members on it now (enrolled, not finished, not unsubscribed). */
  enrolled: z.number().int(),
  /** Days 1..lockedDays have been reached by a member on it: they keep their place (their text may still be corrected). */
  lockedDays: z.number().int(),
});
export type AdminJourney = z.infer<typeof ZAdminJourney>;
export const ZAdminJourneyDetail = ZAdminJourney.extend({
  days: z.array(z.object({ day: z.number().int(), en: ZJourneyDayText, es: ZJourneyDayText })),
});
export type AdminJourneyDetail = z.infer<typeof ZAdminJourneyDetail>;
export const ZJourneyPreviewQuery = z.object({ day: z.coerce.number().int().min(1).max(JL.maxDays), locale: z.enum(["en", "es"]).default("en") });

// ---------- Challenges ----------
export const CHALLENGE_TYPES = ["PRAYER", "BIBLE", "GRATITUDE"] as const;

/** A challenge as members see it, in their language. `archived`: no longer open to join (shown only to members who joined). */
export const ZChallenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  days: z.number().int(),
  type: z.string(),
  archived: z.boolean().optional(),
});
export type Challenge = z.infer<typeof ZChallenge>;

const challengeFields = {
  title: displayText().trim().min(1, JT.titleRequired).max(CHALLENGE_LIMITS.title),
  description: displayText().trim().min(1, JT.descriptionRequired).max(CHALLENGE_LIMITS.description),
  titleEs: displayText().trim().min(1, JT.titleRequired).max(CHALLENGE_LIMITS.title),
  descriptionEs: displayText().trim().min(1, JT.descriptionRequired).max(CHALLENGE_LIMITS.description),
  days: z.number().int().min(CHALLENGE_LIMITS.minDays).max(CHALLENGE_LIMITS.maxDays),
  /** PRAYER, BIBLE, GRATITUDE or another word (spec section 3); stored upper-case. */
  type: z.string().trim().min(1).max(CHALLENGE_LIMITS.type).regex(/^[A-Za-z][A-Za-z _-]*$/),
};
export const ZNewChallenge = z.object({ ...challengeFields, type: challengeFields.type.default("PRAYER") });
export type NewChallenge = z.input<typeof ZNewChallenge>;
export const ZChallengePatch = z.object({
  title: challengeFields.title.optional(),
  description: challengeFields.description.optional(),
  titleEs: challengeFields.titleEs.optional(),
  descriptionEs: challengeFields.descriptionEs.optional(),
  days: challengeFields.days.optional(),
  type: challengeFields.type.optional(),
  archived: z.boolean().optional(),
});
export type ChallengePatch = z.input<typeof ZChallengePatch>;
export const ZAdminChallenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  titleEs: z.string(),
  descriptionEs: z.string(),
  days: z.number().int(),
  type: z.string(),
  archived: z.boolean(),
  /** Members who joined (archived or not). */
  members: z.number().int(),
});
export type AdminChallenge = z.infer<typeof ZAdminChallenge>;

export const ZUserChallenge = z.object({
  id: z.string(),
  challengeId: z.string(),
  streak: z.number().int(),
  progressJson: z.object({ completedDays: z.array(z.string()) }),
});
export type UserChallenge = z.infer<typeof ZUserChallenge>;


/** Completed days over days as a percentage, capped at 100 (spec section 9). */
export const challengeProgress = (completed: number, days: number) => (days > 0 ? Math.min(100, Math.round((completed / days) * 100)) : 0);

// Groups: contract/groups.ts.

// ---------- Recent sermons (media items) ----------
export const MEDIA_WIDGET_COUNT = 3;

export const ZMediaItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int().nullable(),
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof ZMediaItem>;


/** Sermon widget duration: "1h 5m" or "45m" (spec section 9). */
export function formatSermonDuration(seconds: number) {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

// ---------- Shared ----------
export const ZIdParams = z.object({ id: z.uuid() });

/** The calendar date ("YYYY-MM-DD") of an instant in a time zone (the wall-clock module's formatter, made once per zone). */
export function localDate(at: Date, timeZone: string): string {
  return zonedDate(timeZone, at);
}

/** Whole calendar days from date a to date b ("YYYY-MM-DD"), independent of clock changes. */
export function daysBetween(a: string, b: string): number {
  const ms = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

/** The date one calendar day before ("YYYY-MM-DD"). */
export function previousDate(d: string): string {
  const t = new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) - 86_400_000);
  return t.toISOString().slice(0, 10);
}

/** The journey day (1..total) of a journey started on `startDate`, as of `today`; stops at the last day (`total`: the journey's day count). */
export function journeyDay(startDate: string, today: string, total: number): number {
  return Math.max(1, Math.min(total, daysBetween(startDate, today) + 1));
}

/**
 * Consecutive completed days ending today or yesterday (spec: streaks). A missed day breaks
 * the streak; a streak still counts until the end of the day after its last completed day.
 */
export function streakOf(completedDays: string[], today: string): number {
  const set = new Set(completedDays);
  let day = set.has(today) ? today : previousDate(today);
  let n = 0;
  while (set.has(day)) {
    n += 1;
    day = previousDate(day);
  }
  return n;
}

// ---------- Testimony toasts (spec sections 4 and 8) ----------
