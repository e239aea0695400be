import type { Deps } from "../../deps";
import { mediaItems } from "../../db/schema/connect";
import { conflict } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { MEDIA_ITEM_TEXT, type ManualMediaItem, type MediaItemData } from "../../../contract/videos";
import { toManualMediaItem } from "./media-item-view";

/**
 * Staff add a video by hand (a guest speaker's sermon on another site, a recording the channel
 * does not have). It shows in GET /api/media (Recent sermons) and GET /api/videos. Titles are
 * unique among media items (the demo seed relies on it): a repeat is a 409 with a clear message.
 */
export async function addMediaItem(deps: Deps, staff: AuthUser, input: MediaItemData): Promise<ManualMediaItem> {
  const [row] = await deps.db
    .insert(mediaItems)
    .values({
      title: input.title,
      description: input.description,
      url: input.url,
      thumbnailUrl: input.thumbnailUrl,
      duration: input.duration,
      createdBy: staff.id,
      // A given date is stored at noon UTC, so it shows as that day in every US time zone.
      createdAt: input.date ? new Date(`${input.date}T12:00:00Z`) : deps.now(),
    })
    .onConflictDoNothing({ target: mediaItems.title })
    .returning();
  if (!row) throw conflict(MEDIA_ITEM_TEXT.duplicateTitle);
  return toManualMediaItem(row);
}

