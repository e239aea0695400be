import { desc } from "drizzle-orm";
import type { Deps } from "../../deps";
import { mediaItems } from "../../db/schema/connect";
import type { MediaItem } from "../../../contract/connect";

/** Recent sermon videos, newest first. */
export async function listMediaItems(deps: Deps, limit = 20): Promise<MediaItem[]> {
  const rows = await deps.db.select().from(mediaItems).orderBy(desc(mediaItems.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    thumbnailUrl: r.thumbnailUrl,
    duration: r.duration,
    createdAt: r.createdAt.toISOString(),
  }));
}
