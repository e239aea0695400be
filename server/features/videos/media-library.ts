/**
 * What members watch, the same for everyone: Recent sermons on Home (GET /api/media) and the
 * video library (GET /api/videos). Each is read and written as JSON once and shared
 * (shared-read.ts; issue 23: before, each request ran the union below and checked 20 or 24 rows
 * through the schema); so is Admin → Media's list of the items staff added (GET /api/media-items),
 * the same for every staff member. Staff adding or removing an item refresh them at once on their
 * instance and, through `content-changed`, on every other (contentChange); what the channel's
 * sync job writes shows within SHARED_READ_MS (no member's data is in them, nothing is moderated).
 */
import { desc, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { mediaItems } from "../../db/schema/connect";
import { videos } from "../../db/schema/videos";
import { JsonTemplate } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { ZMediaItem, type MediaItem } from "../../../contract/connect";
import { VIDEO_LIST_MAX, ZManualMediaItem, ZVideo, type ManualMediaItem, type Video } from "../../../contract/videos";
import { listVideos } from "./list-videos";
import { listManualMediaItems } from "./list-manual-media-items";

export const RECENT_MEDIA_MAX = 20;

/**
 * The media items and the video library (by publish date), merged and cut by PostgreSQL in one
 * statement built once (db/prepared.ts): each side is read on its own index for its newest
 * `limit`, so the answer stays `limit` rows however large the library grows (issue 23; before,
 * two round trips on two pooled connections and a sort of both lists in JS per request).
 */
const recentMedia = prepared("connect.media", (db) =>
  unionAll(
    db
      .select({
        id: mediaItems.id,
        title: mediaItems.title,
        description: mediaItems.description,
        thumbnailUrl: mediaItems.thumbnailUrl,
        duration: mediaItems.duration,
        createdAt: mediaItems.createdAt,
      })
      .from(mediaItems)
      .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
      .limit(sql.placeholder("limit")),
    db
      .select({
        id: videos.id,
        title: videos.title,
        description: videos.description,
        thumbnailUrl: videos.thumbnailUrl,
        duration: videos.duration,
        createdAt: videos.publishedAt,
      })
      .from(videos)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .limit(sql.placeholder("limit")),
  )
    .orderBy(desc(sql.identifier("created_at")), desc(sql.identifier("id")))
    .limit(sql.placeholder("limit")),
);

/** Recent sermon videos, newest first: the media items and the video library (by publish date), merged. */
export async function listMediaItems(deps: Pick<Deps, "db">, limit = RECENT_MEDIA_MAX): Promise<MediaItem[]> {
  const rows = await recentMedia(deps.db, { limit });
  return rows.map((r) => ({ ...r, createdAt: toIso(r.createdAt) }));
}

/** A set operation's rows come back as the driver gives them (drizzle maps only a plain select's columns). */
const toIso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export class MediaLibrary {
  /** GET /api/media. */
  readonly recent: SharedAnswer<{ list: MediaItem[] }>;
  /** GET /api/videos. */
  readonly videos: SharedAnswer<{ list: Video[] }>;
  /** GET /api/media-items (staff: the same for every staff member). */
  readonly manual: SharedAnswer<{ list: ManualMediaItem[] }>;

  constructor(deps: Deps) {
    this.recent = new SharedAnswer(deps, {
      events: ["content-changed"],
      load: async () => ({ list: await listMediaItems(deps) }),
      write: ({ list }) => JsonTemplate.write(z.array(ZMediaItem), list),
    });
    this.videos = new SharedAnswer(deps, {
      events: ["content-changed"],
      load: async () => ({ list: await listVideos(deps.db, VIDEO_LIST_MAX) }),
      write: ({ list }) => JsonTemplate.write(z.array(ZVideo), list),
    });
    this.manual = new SharedAnswer(deps, {
      events: ["content-changed"],
      load: async () => ({ list: await listManualMediaItems(deps.db) }),
      write: ({ list }) => JsonTemplate.write(z.array(ZManualMediaItem), list),
    });
  }

  /** Staff added or removed an item on this instance. */
  changed() {
    this.recent.changed();
    this.videos.changed();
    this.manual.changed();
  }

  close() {
    this.recent.close();
    this.videos.close();
    this.manual.close();
  }
}
