import { pgTable, uuid, text, timestamp, integer, index } from "drizzle-orm/pg-core";

/**
 * The video library (spec section 3, Video): synced from the church's YouTube feed
 * (source "youtube", keyed by the platform's video id) or seeded offline (source "demo").
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    externalId: text("external_id").notNull().unique(),
    source: text("source", { enum: ["youtube", "demo"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    url: text("url").notNull(),
    thumbnailUrl: text("thumbnail_url"),
    duration: integer("duration"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    viewCount: integer("view_count").notNull().default(0),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The library and Recent sermons read the newest first (issue 23): an index, not a sort of every video.
  (t) => [index("videos_published_idx").on(t.publishedAt, t.id)],
);

/**
 * One row per synced channel: the lease that keeps two server processes from reading the same
 * feed at once (claimedUntil, taken by a conditional UPDATE), and the last outcome staff see.
 */
export const videoFeedSyncs = pgTable("video_feed_syncs", {
  channelId: text("channel_id").primaryKey(),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  /** Why the last attempt failed (null after a success). */
  lastError: text("last_error"),
  /** Videos the last successful read held. */
  lastCount: integer("last_count"),
});
