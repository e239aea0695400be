import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./videos-text";

export const ZVideo = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds, or null when the source does not say. */
  duration: z.number().int().nullable(),
  publishedAt: z.string(),
  /** Null for items staff added by hand (their views are not known). */
  viewCount: z.number().int().nullable(),
});
export type Video = z.infer<typeof ZVideo>;

// ---------- Media items staff add by hand (Admin, Media) ----------
export * from "./media-items-text";
import { MEDIA_ITEM_DESCRIPTION_MAX, MEDIA_ITEM_DURATION_MAX, MEDIA_ITEM_TEXT, MEDIA_ITEM_TITLE_MAX } from "./media-items-text";

const httpsUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .refine((v) => {
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    }, message);

export const ZMediaItemInput = z.object({
  title: displayText().trim().min(1, MEDIA_ITEM_TEXT.titleRequired).max(MEDIA_ITEM_TITLE_MAX, MEDIA_ITEM_TEXT.titleTooLong),
  description: displayText().trim().max(MEDIA_ITEM_DESCRIPTION_MAX, MEDIA_ITEM_TEXT.descriptionTooLong).default(""),
  url: httpsUrl(MEDIA_ITEM_TEXT.urlInvalid),
  thumbnailUrl: z
    .union([z.literal(""), httpsUrl(MEDIA_ITEM_TEXT.thumbnailInvalid)])
    .nullish()
    .transform((v) => v || null),
  /**
   * The day it was preached or recorded ("YYYY-MM-DD"; empty = now): it orders the item among the
   * synced videos, so an older recording added today does not push this week's sermon aside.
   */
  date: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)) && Date.parse(`${v}T00:00:00Z`) <= Date.now()), MEDIA_ITEM_TEXT.dateInvalid)
    .nullish()
    .transform((v) => v || null),
  /** Seconds. */
  duration: z.number({ error: MEDIA_ITEM_TEXT.durationInvalid }).int(MEDIA_ITEM_TEXT.durationInvalid).min(1, MEDIA_ITEM_TEXT.durationInvalid).max(MEDIA_ITEM_DURATION_MAX, MEDIA_ITEM_TEXT.durationInvalid).nullish().transform((v) => v ?? null),
});
export type MediaItemInput = z.input<typeof ZMediaItemInput>;
export type MediaItemData = z.output<typeof ZMediaItemInput>;

/** A hand-added item as staff see it. */
export const ZManualMediaItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  duration: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ManualMediaItem = z.infer<typeof ZManualMediaItem>;
export const ZMediaItemIdParams = z.object({ id: z.uuid() });

/** "45:30" or "1:02:03" (or plain minutes, "45") -> seconds; "" -> null; anything else -> undefined (invalid). */
export function parseDurationText(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  if (/^\d{1,4}$/.test(t)) return Number(t) * 60;
  const m = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})$/.exec(t);
  if (!m) return undefined;
  const [h, mm, ss] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
  if (ss > 59 || (m[1] !== undefined && mm > 59)) return undefined;
  return h * 3600 + mm * 60 + ss;
}

/** The staff form: the duration typed as text ("45:30"), read with parseDurationText. */
export const ZMediaItemForm = ZMediaItemInput.omit({ duration: true }).extend({
  duration: z.string().refine((v) => parseDurationText(v) !== undefined, MEDIA_ITEM_TEXT.durationInvalid),
});
export type MediaItemFormValues = z.input<typeof ZMediaItemForm>;
export const mediaItemFromForm = (v: z.output<typeof ZMediaItemForm>): MediaItemInput => ({ ...v, duration: parseDurationText(v.duration) ?? null });

// ---------- The YouTube feed sync, as staff see it ----------
export const ZVideoSyncStatus = z.object({
  /** Null when the church config names no channel (the demo library is shown). */
  channelId: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastCount: z.number().int().nullable(),
});
export type VideoSyncStatus = z.infer<typeof ZVideoSyncStatus>;
