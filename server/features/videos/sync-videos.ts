import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema/videos";
import { parseYouTubeFeed } from "./parse-youtube-feed";

export const YOUTUBE_FEED_BASE = "https://www.youtube.com/feeds/videos.xml";

/** The channel's public Atom feed: `${base}?channel_id=...` (base from YOUTUBE_FEED_URL). */
export function youtubeFeedUrl(channelId: string, base: string = YOUTUBE_FEED_BASE) {
  const url = new URL(base);
  url.searchParams.set("channel_id", channelId);
  return url.toString();
}

export type SyncResult = { ok: true; count: number } | { ok: false; error: string };

/**
 * Reads the channel's public feed into the library (upsert by video id: title, url, thumbnail,
 * description, publishedAt, viewCount). A feed that is down, slow or broken leaves the library
 * as it was and reports why; it never throws.
 *
 * The feed holds only the channel's latest 15 videos: older synced videos stay in the library
 * (the feed cannot tell an old video from a deleted one). The first successful read with videos
 * replaces the demo library, so a church that configures its channel never shows demo sermons.
 */
export async function syncVideos(
  db: Db,
  opts: { feedUrl: string; fetch?: typeof fetch; timeoutMs?: number; now?: () => Date },
): Promise<SyncResult> {
  const doFetch = opts.fetch ?? fetch;
  let entries;
  try {
    const res = await doFetch(opts.feedUrl, {
      headers: { accept: "application/atom+xml, application/xml;q=0.9, */*;q=0.1" },
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    if (!res.ok) return { ok: false, error: `feed answered ${res.status}` };
    entries = parseYouTubeFeed(await res.text());
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  if (!entries.length) return { ok: true, count: 0 };
  const syncedAt = (opts.now ?? (() => new Date()))();
  await db.transaction(async (tx) => {
    await tx
      .insert(videos)
      .values(entries.map((e) => ({ ...e, source: "youtube" as const, syncedAt })))
      .onConflictDoUpdate({
        target: videos.externalId,
        set: {
          title: sql`excluded.title`,
          description: sql`excluded.description`,
          url: sql`excluded.url`,
          thumbnailUrl: sql`excluded.thumbnail_url`,
          publishedAt: sql`excluded.published_at`,
          viewCount: sql`excluded.view_count`,
          syncedAt: sql`excluded.synced_at`,
        },
      });
    await tx.delete(videos).where(eq(videos.source, "demo"));
  });
  return { ok: true, count: entries.length };
}
