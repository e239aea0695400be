import { desc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema/videos";
import { VIDEO_LIST_MAX, type Video } from "../../../contract/videos";

/** The library, newest first. */
export async function listVideos(db: Db, limit = VIDEO_LIST_MAX): Promise<Video[]> {
  const rows = await db.select().from(videos).orderBy(desc(videos.publishedAt), desc(videos.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    url: r.url,
    thumbnailUrl: r.thumbnailUrl,
    duration: r.duration,
    publishedAt: r.publishedAt.toISOString(),
    viewCount: r.viewCount,
  }));
}
