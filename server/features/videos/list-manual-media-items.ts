import { desc, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { mediaItems } from "../../db/schema/connect";
import type { ManualMediaItem } from "../../../contract/videos";
import { toManualMediaItem } from "./media-item-view";

/** Admin → Media shows the newest this many (a few are added a month). */
export const MANUAL_MEDIA_MAX = 500;

const manualItems = prepared("videos.manual", (db) =>
  db.select().from(mediaItems).where(isNotNull(mediaItems.url)).orderBy(desc(mediaItems.createdAt), desc(mediaItems.id)).limit(MANUAL_MEDIA_MAX),
);

/** The hand-added items (those with a link), newest first. */
export async function listManualMediaItems(db: Db): Promise<ManualMediaItem[]> {
  return (await manualItems(db)).map(toManualMediaItem);
}

