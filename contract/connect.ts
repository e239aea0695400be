import { z } from "./zod-setup";
import { displayText } from "./display-text";

/**
 * The Connect page (spec sections 2, 3, 4, 7, 8 and 9): daily journey, challenges and streaks,
 * small groups and the recent sermons widget. Testimonies live in contract/testimonies.ts.
 */

// ---------- Daily journey ----------
export * from "./connect-text";
import { JOURNEY_DAYS, SEQUENCE_KEYS } from "./connect-text";

export const ZEnroll = z.object({ sequenceKey: z.enum(SEQUENCE_KEYS) });

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
  sequenceKey: z.enum(SEQUENCE_KEYS).nullable(),
  /** True once the last day has been reached: the journey may be restarted. */
  finished: z.boolean(),
});
export type DailyPreview = z.infer<typeof ZDailyPreview>;

export const ZEnrollResult = z.object({
  sequenceKey: z.enum(SEQUENCE_KEYS),
  startDate: z.string(),
  currentDay: z.number().int(),
  totalDays: z.number().int(),
});

export const ZUnsubscribeQuery = z.object({ token: z.string().min(10).max(100) });


// ---------- Challenges ----------
export const CHALLENGE_TYPES = ["PRAYER", "BIBLE", "GRATITUDE"] as const;

export const ZChallenge = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  days: z.number().int(),
  type: z.string(),
});
export type Challenge = z.infer<typeof ZChallenge>;

export const ZNewChallenge = z.object({
  title: displayText().trim().min(1, "Title is required").max(120),
  description: displayText().trim().min(1, "Description is required").max(1000),
  days: z.number().int().min(1).max(365),
  type: z.string().trim().min(1).max(40).default("PRAYER"),
});

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

/** The calendar date ("YYYY-MM-DD") of an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
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

/** The journey day (1..14) of a journey started on `startDate`, as of `today`; stops at the last day. */
export function journeyDay(startDate: string, today: string, total = JOURNEY_DAYS): number {
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
