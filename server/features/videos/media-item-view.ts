import type { mediaItems } from "../../db/schema/connect";
import type { ManualMediaItem } from "../../../contract/videos";

/** A media item row as staff see it. */
export const toManualMediaItem = (r: typeof mediaItems.$inferSelect): ManualMediaItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  url: r.url ?? "",
  thumbnailUrl: r.thumbnailUrl,
  duration: r.duration,
  createdAt: r.createdAt.toISOString(),
});
