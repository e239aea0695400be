import { pgTable, uuid, text, timestamp, integer } from "drizzle-orm/pg-core";

/**
 * The video library (spec section 3, Video): synced from the church's YouTube feed
 * (source "youtube", keyed by the platform's video id) or seeded offline (source "demo").
 */
export const videos = pgTable("videos", {
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
});
