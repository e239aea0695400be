import { desc } from "drizzle-orm";
import type { Deps } from "../../deps";
import { mediaItems } from "../../db/schema/connect";
import { videos } from "../../db/schema/videos";
import type { MediaItem } from "../../../contract/connect";

/** Recent sermon videos, newest first: the media items and the video library (by publish date), merged. */
export async function listMediaItems(deps: Deps, limit = 20): Promise<MediaItem[]> {
  const [items, library] = await Promise.all([
    deps.db.select().from(mediaItems).orderBy(desc(mediaItems.createdAt)).limit(limit),
    deps.db.select().from(videos).orderBy(desc(videos.publishedAt), desc(videos.id)).limit(limit),
  ]);
  const merged: MediaItem[] = [
    ...items.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      thumbnailUrl: r.thumbnailUrl,
      duration: r.duration,
      createdAt: r.createdAt.toISOString(),
    })),
    ...library.map((v) => ({
      id: v.id,
      title: v.title,
      description: v.description,
      thumbnailUrl: v.thumbnailUrl,
      duration: v.duration,
      createdAt: v.publishedAt.toISOString(),
    })),
  ];
  return merged.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, limit);
}
