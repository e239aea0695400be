import { desc, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { mediaItems } from "../../db/schema/connect";
import { videos } from "../../db/schema/videos";
import type { MediaItem } from "../../../contract/connect";

/**
 * The media items and the video library (by publish date), merged and cut by PostgreSQL in one
 * statement built once (db/prepared.ts): each side is read on its own index for its newest
 * `limit`, so the answer stays `limit` rows however large the library grows (issue 23; before,
 * two round trips on two pooled connections and a sort of both lists in JS per request).
 */
const recentMedia = prepared("connect.media", (db) =>
  unionAll(
    db
      .select({
        id: mediaItems.id,
        title: mediaItems.title,
        description: mediaItems.description,
        thumbnailUrl: mediaItems.thumbnailUrl,
        duration: mediaItems.duration,
        createdAt: mediaItems.createdAt,
      })
      .from(mediaItems)
      .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
      .limit(sql.placeholder("limit")),
    db
      .select({
        id: videos.id,
        title: videos.title,
        description: videos.description,
        thumbnailUrl: videos.thumbnailUrl,
        duration: videos.duration,
        createdAt: videos.publishedAt,
      })
      .from(videos)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(sql.placeholder("limit")),
  )
    .orderBy(desc(sql.identifier("created_at")), desc(sql.identifier("id")))
    .limit(sql.placeholder("limit")),
);

/** Recent sermon videos, newest first: the media items and the video library (by publish date), merged. */
export async function listMediaItems(deps: Deps, limit = 20): Promise<MediaItem[]> {
  const rows = await recentMedia(deps.db, { limit });
  return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
}

/** A set operation's rows come back as the driver gives them (drizzle maps only a plain select's columns). */
const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
