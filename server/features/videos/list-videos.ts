import { desc, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema/videos";
import { mediaItems } from "../../db/schema/connect";
import { VIDEO_LIST_MAX, type Video } from "../../../contract/videos";

/**
 * The library, newest first: the synced (or demo) videos and the items staff added by hand with
 * a link, so a sermon a member taps in Recent sermons is also found here. Hand-added items have
 * no view count (null).
 */
export async function listVideos(db: Db, limit = VIDEO_LIST_MAX): Promise<Video[]> {
  const [synced, manual] = await Promise.all([
    db.select().from(videos).orderBy(desc(videos.publishedAt), desc(videos.id)).limit(limit),
    db.select().from(mediaItems).where(isNotNull(mediaItems.url)).orderBy(desc(mediaItems.createdAt), desc(mediaItems.id)).limit(limit),
  ]);
  const list: Video[] = [
    ...synced.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      url: r.url,
      thumbnailUrl: r.thumbnailUrl,
      duration: r.duration,
      publishedAt: r.publishedAt.toISOString(),
      viewCount: r.viewCount,
    })),
    ...manual.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      url: r.url!,
      thumbnailUrl: r.thumbnailUrl,
      duration: r.duration,
      publishedAt: r.createdAt.toISOString(),
      viewCount: null,
    })),
  ];
  return list.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt)).slice(0, limit);
}
