/**
 * The scheduled YouTube feed sync against a local stand-in of the feed host (node:http on port
 * 0) that serves the saved feed, a broken feed, a 500, or nothing at all; and two server
 * processes running the job at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createTestApp, eventually, type TestApp } from "../testing/harness";
import { runVideoSync } from "./video-sync";
import { seedPrayerMedia } from "../seed/prayer-media";
import type { Video, VideoSyncStatus } from "../../contract/videos";

const CHANNEL = "UCkoinoniaDemo00000000_0";
const feed = fs.readFileSync(new URL("../features/videos/fixtures/youtube-feed.xml", import.meta.url), "utf8");
const broken = fs.readFileSync(new URL("../features/videos/fixtures/broken-feed.xml", import.meta.url), "utf8");

/** What the stand-in answers next, and the requests it saw. */
let mode: "feed" | "broken" | "500" | "hang" = "feed";
let body = feed;
const seen: string[] = [];
const standIn = http.createServer((req, res) => {
  seen.push(req.url ?? "");
  if (mode === "hang") return; // never answers: the job's timeout must end the read
  if (mode === "500") {
    res.statusCode = 500;
    res.end("<html><body>Internal Server Error</body></html>");
    return;
  }
  res.setHeader("content-type", "application/atom+xml; charset=UTF-8");
  res.end(mode === "broken" ? broken : body);
});

let clock = Date.parse("2025-03-10T12:00:00Z");
const now = () => new Date(clock);
let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  await new Promise<void>((r) => standIn.listen(0, "127.0.0.1", r));
  const port = (standIn.address() as AddressInfo).port;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-video-sync-"));
  const church = JSON.parse(fs.readFileSync("config/church.json", "utf8"));
  church.youtubeChannelId = CHANNEL;
  fs.writeFileSync(path.join(dir, "church.json"), JSON.stringify(church));
  const env = { CHURCH_CONFIG: path.join(dir, "church.json"), YOUTUBE_FEED_URL: `http://127.0.0.1:${port}/feeds/videos.xml`, VIDEO_SYNC_MINUTES: "30", SHARED_READ_MS: "60000" }; // a long sharing time: only the event refreshes the library
  t = await createTestApp({ now, env });
  second = await createTestApp({ now, env, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
  await seedPrayerMedia(t.db, now());
});
afterAll(async () => {
  await second.close();
  await t.close();
  standIn.closeAllConnections();
  standIn.close();
});
beforeEach(() => {
  mode = "feed";
  seen.length = 0;
  clock += 31 * 60_000; // each test starts a full interval after the last pass
});

async function library() {
  const m = await t.signUp();
  return (await t.app.inject({ method: "GET", url: "/api/videos", headers: m.auth })).json() as Video[];
}
async function status() {
  const staff = await t.signUp("STAFF");
  const res = await t.app.inject({ method: "GET", url: "/api/videos/sync-status", headers: staff.auth });
  expect(res.statusCode).toBe(200);
  return res.json() as VideoSyncStatus;
}

describe("the video sync job", () => {
  it("does nothing without a channel in the church config", async () => {
    const plain = await createTestApp({ now });
    try {
      expect(await runVideoSync(plain.deps)).toBeNull();
      expect(seen).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it("reads the channel's feed from the configured URL into the library, replacing the demo videos", async () => {
    const before = await library();
    expect(before.some((v) => v.title.includes("Grace That Holds | Sunday Service"))).toBe(true); // a demo video
    expect(await runVideoSync(t.deps)).toEqual({ ok: true, count: 2 });
    expect(seen).toEqual([`/feeds/videos.xml?channel_id=${CHANNEL}`]);
    // The library is shared; the pass's content-changed event (heard through NOTIFY) refreshes it.
    expect(await eventually(async () => (await library())[0]?.title === "Sunday Service & Communion | Grace That Holds")).toBe(true);
    const after = await library();
    expect(after.map((v) => v.title)).toEqual(["Sunday Service & Communion | Grace That Holds", expect.any(String)]);
    expect(after[0]).toMatchObject({ url: "https://www.youtube.com/watch?v=aB3dE5fG7hI", viewCount: 1532, publishedAt: "2025-03-09T15:30:12.000Z" });
    expect(await status()).toMatchObject({ channelId: CHANNEL, lastCount: 2, lastError: null, lastSuccessAt: now().toISOString() });
  });

  it("waits for its interval: a pass right after a pass skips, a later one updates counts without duplicating", async () => {
    body = feed.replace('views="1532"', 'views="2000"');
    expect(await runVideoSync(t.deps)).toEqual({ ok: true, count: 2 });
    clock += 60_000;
    expect(await runVideoSync(t.deps)).toBeNull();
    expect(seen).toHaveLength(1);
    expect(await eventually(async () => (await library()).some((v) => v.viewCount === 2000))).toBe(true);
    const list = await library();
    expect(list.filter((v) => v.title.startsWith("Sunday Service & Communion"))).toEqual([expect.objectContaining({ viewCount: 2000 })]);
    body = feed;
  });

  it("keeps the library when the feed is broken, answers 500 or hangs, records why, and retries next time", async () => {
    const kept = (await library()).map((v) => v.id);
    const lastGood = (await status()).lastSuccessAt;

    mode = "broken";
    expect(await runVideoSync(t.deps)).toEqual({ ok: false, error: "Not an Atom feed" });
    expect((await library()).map((v) => v.id)).toEqual(kept);
    expect(await status()).toMatchObject({ lastError: "Not an Atom feed", lastSuccessAt: lastGood });

    clock += 31 * 60_000;
    mode = "500";
    expect(await runVideoSync(t.deps)).toEqual({ ok: false, error: "feed answered 500" });

    clock += 31 * 60_000;
    mode = "hang";
    const slow = await runVideoSync(t.deps, undefined, { timeoutMs: 300 });
    expect(slow?.ok).toBe(false);
    expect((await library()).map((v) => v.id)).toEqual(kept);

    clock += 31 * 60_000;
    mode = "feed";
    expect(await runVideoSync(t.deps)).toEqual({ ok: true, count: 2 });
    expect(await status()).toMatchObject({ lastError: null, lastSuccessAt: now().toISOString() });
    expect(seen).toHaveLength(4);
  });

  it("reads the feed once when two server processes run the job at the same moment", async () => {
    const results = await Promise.all([runVideoSync(t.deps), runVideoSync(second.deps)]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.filter((r) => r?.ok)).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  it("takes over a lease left by a process that died mid-pass once it expires", async () => {
    const { videoFeedSyncs } = await import("../db/schema/videos");
    await t.db.update(videoFeedSyncs).set({ claimedUntil: new Date(clock + 60_000), lastAttemptAt: new Date(clock - 31 * 60_000) });
    expect(await runVideoSync(t.deps)).toBeNull();
    clock += 2 * 60_000;
    expect(await runVideoSync(t.deps)).toEqual({ ok: true, count: 2 });
  });

  it("shows the sync status to staff only", async () => {
    const m = await t.signUp();
    expect((await t.app.inject({ method: "GET", url: "/api/videos/sync-status", headers: m.auth })).statusCode).toBe(403);
  });
});
