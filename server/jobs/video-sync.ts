/**
 * Syncs the church's YouTube channel feed into the video library (docs/architecture.md, Jobs),
 * when the church config names a channel (youtubeChannelId); without one the demo library stays.
 *
 * Two server processes must not both read the feed on every tick. Each pass first takes a lease
 * on the channel's row in video_feed_syncs with one conditional UPDATE (free, and not attempted
 * in the last half interval); the loser of that race skips. The lease is not a held row lock:
 * the feed is fetched outside any transaction (a slow feed must not hold a database connection,
 * and the embedded database has only one), and a lease left by a crashed process expires.
 *
 * A feed that is down, slow (timeout) or broken keeps the library as it was, is logged, and is
 * tried again on the next tick; its error is recorded for staff (GET /api/videos/sync-status).
 */
import { and, eq, isNull, lt, lte, or } from "drizzle-orm";
import type { Deps } from "../deps";
import { videoFeedSyncs } from "../db/schema/videos";
import { syncVideos, youtubeFeedUrl, type SyncResult } from "../features/videos/sync-videos";
import { startInterval } from "./interval";

/** A pass that has not finished after this long is taken to have died with its process. */
const LEASE_MS = 5 * 60_000;
const FEED_TIMEOUT_MS = 15_000;

export interface VideoSyncLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** One pass. Returns the outcome, or null when there is no channel or another process has (or just had) the turn. */
export async function runVideoSync(deps: Deps, log?: VideoSyncLog, opts: { timeoutMs?: number } = {}): Promise<SyncResult | null> {
  const channelId = deps.church.youtubeChannelId;
  if (!channelId) return null;
  const now = deps.now();
  await deps.db.insert(videoFeedSyncs).values({ channelId }).onConflictDoNothing();
  const claimed = await deps.db
    .update(videoFeedSyncs)
    .set({ claimedUntil: new Date(now.getTime() + LEASE_MS), lastAttemptAt: now })
    .where(
      and(
        eq(videoFeedSyncs.channelId, channelId),
        or(isNull(videoFeedSyncs.claimedUntil), lt(videoFeedSyncs.claimedUntil, now)),
        or(isNull(videoFeedSyncs.lastAttemptAt), lte(videoFeedSyncs.lastAttemptAt, new Date(now.getTime() - deps.config.videoSync.intervalMs / 2))),
      ),
    )
    .returning({ channelId: videoFeedSyncs.channelId });
  if (!claimed.length) return null;

  let result: SyncResult;
  try {
    result = await syncVideos(deps.db, {
      feedUrl: youtubeFeedUrl(channelId, deps.config.videoSync.feedUrl),
      timeoutMs: opts.timeoutMs ?? FEED_TIMEOUT_MS,
      now: deps.now,
    });
  } catch (err) {
    // The feed was read but the database write failed: record it like a feed failure.
    result = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  await deps.db
    .update(videoFeedSyncs)
    .set(
      result.ok
        ? { claimedUntil: null, lastSuccessAt: deps.now(), lastError: null, lastCount: result.count }
        : { claimedUntil: null, lastError: result.error.slice(0, 500) },
    )
    .where(eq(videoFeedSyncs.channelId, channelId));
  if (result.ok) {
    // The video library is a shared answer (features/videos/media-library.ts): every instance
    // reads it again on this event, and members' screens refetch (decision 0129).
    await deps.bus.publish("content-changed", { area: "media" }).catch((err: unknown) => log?.warn({ err }, "content-changed not published"));
    log?.info({ channelId, count: result.count }, "video feed synced");
  }
  else log?.warn({ channelId, error: result.error }, "video feed sync failed; the library is kept and the next pass retries");
  return result;
}

/** Runs a pass now and then every config.videoSync.intervalMs (never overlapping itself). */
export function startVideoSyncScheduler(deps: Deps, log: VideoSyncLog, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runVideoSync(deps, log), deps.config.videoSync.intervalMs, onError);
}
