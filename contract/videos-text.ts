/**
 * The video library and the Media screen's tabs and Bible sites, without zod, so the message
 * files (contract/i18n) carry them without the validation library (decision 0072).
 * contract/videos.ts, which holds the schemas, re-exports this module.
 */
/** The video library (spec sections 2, 3 and 9). */
export const VIDEO_SKELETONS = 6;
export const VIDEO_LIST_MAX = 24;

export const VIDEO_TEXT = {
  failed: "Failed to load videos",
  empty: "No videos available",
  /** What staff see instead (a new church has no videos until they add some or name a channel). */
  emptyStaff: "No videos yet. Add one in Admin, Media, or name the church's YouTube channel in Admin, Church.",
} as const;

/** The two Bible sites of the Bible tab (`key`: their description in contract/i18n, area media.bible). */
export const BIBLE_LINKS = [
  { key: "bibleGateway", name: "Bible Gateway", description: "Read and search many translations", url: "https://www.biblegateway.com" },
  { key: "youVersion", name: "YouVersion Bible", description: "Reading plans and audio Bibles", url: "https://www.bible.com" },
] as const;

export const MEDIA_TABS = ["videos", "notes", "bible", "comments"] as const;
export type MediaTab = (typeof MEDIA_TABS)[number];
