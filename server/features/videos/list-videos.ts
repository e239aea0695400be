import { desc, isNotNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { videos } from "../../db/schema/videos";
import { mediaItems } from "../../db/schema/connect";
import { VIDEO_LIST_MAX, type Video } from "../../../contract/videos";

/**
 * Both sides' newest `limit`, each on its own index, merged and cut by PostgreSQL in one
 * statement built once (db/prepared.ts; issue 23: before, two round trips and a sort in JS).
 */
const library = prepared("videos.list", (db) =>
  unionAll(
    db
      .select({
        id: videos.id,
        title: videos.title,
        description: videos.description,
        url: videos.url,
        thumbnailUrl: videos.thumbnailUrl,
        duration: videos.duration,
        publishedAt: videos.publishedAt,
        viewCount: sql<number | null>`${videos.viewCount}`.as("view_count"),
      })
      .from(videos)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(sql.placeholder("limit")),
    db
      .select({
        id: mediaItems.id,
        title: mediaItems.title,
        description: mediaItems.description,
        url: sql<string>`${mediaItems.url}`.as("url"),
        thumbnailUrl: mediaItems.thumbnailUrl,
        duration: mediaItems.duration,
        publishedAt: mediaItems.createdAt,
        viewCount: sql<number | null>`null::integer`.as("view_count"),
      })
      .from(mediaItems)
      .where(isNotNull(mediaItems.url))
      .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
      .limit(sql.placeholder("limit")),
  )
    .orderBy(desc(sql.identifier("published_at")), desc(sql.identifier("id")))
    .limit(sql.placeholder("limit")),
);

/**
 * The library, newest first: the synced (or demo) videos and the items staff added by hand with
 * a link, so a sermon a member taps in Recent sermons is also found here. Hand-added items have
 * no view count (null).
 */
export async function listVideos(db: Db, limit = VIDEO_LIST_MAX): Promise<Video[]> {
  const rows = await library(db, { limit });
  return rows.map((r) => ({ ...r, publishedAt: (r.publishedAt instanceof Date ? r.publishedAt : new Date(r.publishedAt)).toISOString() }));
}
