import { z } from "./zod-setup";

/** The video library (spec sections 2, 3 and 9). */
export const VIDEO_SKELETONS = 6;
export const VIDEO_LIST_MAX = 24;

export const VIDEO_TEXT = {
  failed: "Failed to load videos",
  empty: "No videos available",
} as const;

export const ZVideo = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds, or null when the source does not say. */
  duration: z.number().int().nullable(),
  publishedAt: z.string(),
  viewCount: z.number().int(),
});
export type Video = z.infer<typeof ZVideo>;

/** The two Bible sites of the Bible tab. */
export const BIBLE_LINKS = [
  { name: "Bible Gateway", description: "Read and search many translations", url: "https://www.biblegateway.com" },
  { name: "YouVersion Bible", description: "Reading plans and audio Bibles", url: "https://www.bible.com" },
] as const;

export const MEDIA_TABS = ["videos", "notes", "bible", "comments"] as const;
export type MediaTab = (typeof MEDIA_TABS)[number];
