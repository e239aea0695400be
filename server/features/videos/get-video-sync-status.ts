import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { videoFeedSyncs } from "../../db/schema/videos";
import type { VideoSyncStatus } from "../../../contract/videos";

/** The configured channel and how its last feed read went (Admin, Media). */
export async function getVideoSyncStatus(deps: Deps): Promise<VideoSyncStatus> {
  const channelId = deps.church.youtubeChannelId ?? null;
  const [row] = channelId ? await deps.db.select().from(videoFeedSyncs).where(eq(videoFeedSyncs.channelId, channelId)) : [];
  return {
    channelId,
    lastAttemptAt: row?.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
    lastCount: row?.lastCount ?? null,
  };
}
