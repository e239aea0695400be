/** The video library (spec sections 2, 3): the YouTube feed parser on saved feeds, the sync job, GET /api/videos. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { createTestApp, type TestApp } from "../../testing/harness";
import { FeedError, decodeXml, parseYouTubeFeed } from "./parse-youtube-feed";
import { syncVideos, youtubeFeedUrl } from "./sync-videos";
import { seedPrayerMedia } from "../../db/seed/prayer-media";
import type { Video } from "../../../contract/videos";

const feed = fs.readFileSync(new URL("./fixtures/youtube-feed.xml", import.meta.url), "utf8");
const broken = fs.readFileSync(new URL("./fixtures/broken-feed.xml", import.meta.url), "utf8");

describe("parseYouTubeFeed", () => {
  it("reads title, url, thumbnail, description, publishedAt and view count of each entry", () => {
    const videos = parseYouTubeFeed(feed);
    expect(videos).toHaveLength(2);
    expect(videos[0]).toEqual({
      externalId: "aB3dE5fG7hI",
      title: "Sunday Service & Communion | Grace That Holds",
      url: "https://www.youtube.com/watch?v=aB3dE5fG7hI",
      thumbnailUrl: "https://i2.ytimg.com/vi/aB3dE5fG7hI/hqdefault.jpg",
      description: 'Pastor David on "grace that holds" — Romans 5:1–5.\nJoin us live every Sunday.',
      publishedAt: new Date("2025-03-09T15:30:12Z"),
      viewCount: 1532,
    });
    expect(videos[1]).toMatchObject({ externalId: "Zx9_-Yw8Vu7", description: "", viewCount: 0 });
  });

  it("throws FeedError on a truncated feed and on an HTML error page", () => {
    expect(() => parseYouTubeFeed(broken)).toThrow(FeedError);
    expect(() => parseYouTubeFeed("<html><body>503 Service Unavailable</body></html>")).toThrow(FeedError);
    expect(() => parseYouTubeFeed("")).toThrow(FeedError);
  });

  it("decodes entities and CDATA", () => {
    expect(decodeXml("a &lt;b&gt; &#x27;c&#39; <![CDATA[<d>]]>")).toBe("a <b> 'c' <d>");
  });
});

describe("syncVideos and GET /api/videos", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const fakeFetch = (body: string, status = 200) => (async () => new Response(body, { status })) as unknown as typeof fetch;
  const get = async () => {
    const m = await t.signUp();
    const res = await t.app.inject({ method: "GET", url: "/api/videos", headers: m.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as Video[];
  };

  it("serves the seeded demo library offline, newest first", async () => {
    await seedPrayerMedia(t.db);
    await seedPrayerMedia(t.db); // idempotent
    const list = await get();
    expect(list.length).toBeGreaterThanOrEqual(6);
    const dates = list.map((v) => Date.parse(v.publishedAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(list.every((v) => v.url.startsWith("https://"))).toBe(true);
  });

  it("upserts the feed's videos, and an update changes counts without duplicating", async () => {
    const url = youtubeFeedUrl("UCkoinoniaDemo0000000000");
    expect(url).toBe("https://www.youtube.com/feeds/videos.xml?channel_id=UCkoinoniaDemo0000000000");
    expect(await syncVideos(t.db, { feedUrl: url, fetch: fakeFetch(feed) })).toEqual({ ok: true, count: 2 });
    expect(await syncVideos(t.db, { feedUrl: url, fetch: fakeFetch(feed.replace('views="1532"', 'views="2000"')) })).toEqual({ ok: true, count: 2 });
    const list = await get();
    const synced = list.filter((v) => v.title === "Sunday Service & Communion | Grace That Holds");
    expect(synced).toHaveLength(1);
    expect(synced[0]).toMatchObject({ viewCount: 2000, duration: null, url: "https://www.youtube.com/watch?v=aB3dE5fG7hI" });
  });

  it("tolerates the feed being down or broken: reports it and keeps the library", async () => {
    const before = await get();
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await syncVideos(t.db, { feedUrl: "https://x.test/feed", fetch: down })).toEqual({ ok: false, error: "fetch failed" });
    expect(await syncVideos(t.db, { feedUrl: "https://x.test/feed", fetch: fakeFetch("oops", 503) })).toEqual({ ok: false, error: "feed answered 503" });
    expect((await syncVideos(t.db, { feedUrl: "https://x.test/feed", fetch: fakeFetch(broken) })).ok).toBe(false);
    expect((await get()).map((v) => v.id)).toEqual(before.map((v) => v.id));
  });

  it("needs a signed-in member", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/videos" })).statusCode).toBe(401);
  });
});
