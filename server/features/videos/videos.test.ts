/** The video library (spec sections 2, 3): the YouTube feed parser on saved feeds, the sync job, GET /api/videos. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { createTestApp, eventually, type TestApp } from "../../testing/harness";
import { FeedError, decodeXml, parseYouTubeFeed } from "./parse-youtube-feed";
import { syncVideos, youtubeFeedUrl } from "./sync-videos";
import { seedPrayerMedia } from "../../seed/prayer-media";
import { MEDIA_ITEM_TEXT, parseDurationText, type ManualMediaItem, type Video } from "../../../contract/videos";
import type { MediaItem } from "../../../contract/connect";

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
    // The library is a shared read (media-library.ts): what the sync job writes shows within SHARED_READ_MS.
    const synced = async () => (await get()).filter((v) => v.title === "Sunday Service & Communion | Grace That Holds");
    expect(await eventually(async () => (await synced()).length === 1 && (await synced())[0].viewCount === 2000)).toBe(true);
    expect(await synced()).toHaveLength(1);
    expect((await synced())[0]).toMatchObject({ viewCount: 2000, duration: null, url: "https://www.youtube.com/watch?v=aB3dE5fG7hI" });
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

describe("media items staff add by hand", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  type Auth = { authorization: string };
  const add = (auth: Auth, payload: unknown) => t.app.inject({ method: "POST", url: "/api/media-items", headers: auth, payload: payload as never });
  const item = { title: "Guest Night: Pastor Ama", description: "A word on hope.", url: "https://vimeo.com/123456", thumbnailUrl: "https://i.vimeocdn.com/123.jpg", duration: 2730 };

  it("lets staff add an item that members then see in /api/media and /api/videos", async () => {
    const staff = await t.signUp("STAFF");
    const res = await add(staff.auth, item);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ManualMediaItem;
    expect(created).toMatchObject(item);

    const m = await t.signUp();
    const media = (await t.app.inject({ method: "GET", url: "/api/media", headers: m.auth })).json() as MediaItem[];
    expect(media[0]).toMatchObject({ id: created.id, title: item.title, duration: 2730, thumbnailUrl: item.thumbnailUrl });
    const videos = (await t.app.inject({ method: "GET", url: "/api/videos", headers: m.auth })).json() as Video[];
    expect(videos.find((v) => v.id === created.id)).toMatchObject({ url: item.url, viewCount: null, duration: 2730 });

    const list = (await t.app.inject({ method: "GET", url: "/api/media-items", headers: staff.auth })).json() as ManualMediaItem[];
    expect(list[0].id).toBe(created.id);
  });

  it("validates the item with clear messages and refuses a repeated title", async () => {
    const pastor = await t.signUp("PASTOR");
    const bad = await add(pastor.auth, { title: " ", url: "javascript:alert(1)", thumbnailUrl: "http://plain.example/x.jpg", duration: -4 });
    expect(bad.statusCode).toBe(400);
    const messages = (bad.json() as { issues: { message: string }[] }).issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([MEDIA_ITEM_TEXT.titleRequired, MEDIA_ITEM_TEXT.urlInvalid, MEDIA_ITEM_TEXT.thumbnailInvalid, MEDIA_ITEM_TEXT.durationInvalid]),
    );
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const date of [future, "2025-02-30x", "yesterday"]) {
      const res = await add(pastor.auth, { title: "Dated", url: "https://example.org/d", date });
      expect(res.json().issues[0].message).toBe(MEDIA_ITEM_TEXT.dateInvalid);
    }
    const dated = (await add(pastor.auth, { title: "An older recording", url: "https://example.org/old", date: "2024-12-25" })).json() as ManualMediaItem;
    expect(dated.createdAt).toBe("2024-12-25T12:00:00.000Z");
    const minimal = await add(pastor.auth, { title: "Minimal item", url: "https://example.org/v", thumbnailUrl: "", duration: null });
    expect(minimal.json()).toMatchObject({ description: "", thumbnailUrl: null, duration: null });
    const again = await add(pastor.auth, { title: "Minimal item", url: "https://example.org/w" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(MEDIA_ITEM_TEXT.duplicateTitle);
  });

  it("lets staff remove an item; members may neither add, list nor remove", async () => {
    const staff = await t.signUp("OWNER");
    const created = (await add(staff.auth, { ...item, title: "To remove" })).json() as ManualMediaItem;
    const m = await t.signUp();
    expect((await add(m.auth, { ...item, title: "Member try" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/media-items", headers: m.auth })).statusCode).toBe(403);
    const del = (auth: Auth) => t.app.inject({ method: "DELETE", url: `/api/media-items/${created.id}`, headers: auth });
    expect((await del(m.auth)).statusCode).toBe(403);
    expect((await del(staff.auth)).statusCode).toBe(204);
    expect((await del(staff.auth)).statusCode).toBe(404);
    const media = (await t.app.inject({ method: "GET", url: "/api/media", headers: m.auth })).json() as MediaItem[];
    expect(media.some((x) => x.id === created.id)).toBe(false);
  });
});

describe("parseDurationText", () => {
  it("reads m:ss, h:mm:ss and plain minutes, and refuses the rest", () => {
    expect(parseDurationText("45:30")).toBe(2730);
    expect(parseDurationText("1:02:03")).toBe(3723);
    expect(parseDurationText("45")).toBe(2700);
    expect(parseDurationText(" ")).toBeNull();
    expect(parseDurationText("1:75")).toBeUndefined();
    expect(parseDurationText("1:60:00")).toBeUndefined();
    expect(parseDurationText("an hour")).toBeUndefined();
  });
});
