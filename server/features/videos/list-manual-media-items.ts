import { desc, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaItems } from "../../db/schema/connect";
import type { ManualMediaItem } from "../../../contract/videos";
import { toManualMediaItem } from "./media-item-view";

/** The hand-added items (those with a link), newest first. */
export async function listManualMediaItems(db: Db): Promise<ManualMediaItem[]> {
  const rows = await db.select().from(mediaItems).where(isNotNull(mediaItems.url)).orderBy(desc(mediaItems.createdAt), desc(mediaItems.id)).limit(500);
  return rows.map(toManualMediaItem);
}

