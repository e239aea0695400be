import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { videos } from "../../db/schema/videos";
import { parseYouTubeFeed } from "./parse-youtube-feed";

export const youtubeFeedUrl = (channelId: string) => `https://www.youtube.com/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`;

export type SyncResult = { ok: true; count: number } | { ok: false; error: string };

/**
 * Reads the channel's public feed into the library (upsert by video id). A feed that is down,
 * slow or broken leaves the library as it was and reports why; it never throws.
 */
export async function syncVideos(
  db: Db,
  opts: { feedUrl: string; fetch?: typeof fetch; timeoutMs?: number; now?: () => Date },
): Promise<SyncResult> {
  const doFetch = opts.fetch ?? fetch;
  let entries;
  try {
    const res = await doFetch(opts.feedUrl, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
    if (!res.ok) return { ok: false, error: `feed answered ${res.status}` };
    entries = parseYouTubeFeed(await res.text());
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  if (!entries.length) return { ok: true, count: 0 };
  const syncedAt = (opts.now ?? (() => new Date()))();
  await db
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
  return { ok: true, count: entries.length };
}
