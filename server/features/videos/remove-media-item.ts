import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mediaItems } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { MEDIA_ITEM_TEXT } from "../../../contract/videos";

/** Removes a hand-added item (from Recent sermons and the library). */
export async function removeMediaItem(db: Db, id: string) {
  const [row] = await db.delete(mediaItems).where(eq(mediaItems.id, id)).returning({ id: mediaItems.id });
  if (!row) throw notFound(MEDIA_ITEM_TEXT.notFound);
}
