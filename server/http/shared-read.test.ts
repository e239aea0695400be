/**
 * Reads shared by every member (shared-read.ts): one load for many callers, refreshed by the
 * write on its own instance at once and on every other instance by the bus event (NOTIFY), and
 * never serving a member another member's own part (their vote).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { SharedAnswer, SharedRead } from "./shared-read";
import { JsonTemplate } from "./json-text";
import { createTestApp, eventually, sameDatabase, type TestApp } from "../testing/harness";

describe("SharedRead", () => {
  it("shares one load among callers that arrive while it runs, and within its time", async () => {
    let now = 0;
    let loads = 0;
    const read = new SharedRead<number>(1000, () => now);
    const load = async () => ((loads += 1), loads);
    const [x, y] = await Promise.all([read.get(load), read.get(load)]);
    expect([x, y, loads]).toEqual([1, 1, 1]);
    now = 999;
    expect(await read.get(load)).toBe(1);
    now = 1000;
    expect(await read.get(load)).toBe(2);
  });

  it("loads again after invalidate, and does not keep a failed load", async () => {
    let loads = 0;
    const read = new SharedRead<number>(60_000);
    expect(await read.get(async () => ++loads)).toBe(1);
    read.invalidate();
    expect(await read.get(async () => ++loads)).toBe(2);
    read.invalidate();
    await expect(read.get(async () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await read.get(async () => ++loads)).toBe(3);
  });

  it("latest: the last value loaded, through an invalidate and a reload under way, until it is too old", async () => {
    let now = 0;
    const read = new SharedRead<string>(1000, () => now);
    expect(read.latest(5000)).toBeUndefined();
    expect(await read.get(async () => "first")).toBe("first");
    read.invalidate();
    let finish = (_v: string) => undefined as void;
    const reloading = read.get(() => new Promise<string>((r) => (finish = r)));
    expect(read.latest(5000)).toBe("first"); // not waiting for the reload
    finish("second");
    await reloading;
    expect(read.latest(5000)).toBe("second");
    now = 5000;
    expect(read.latest(5000)).toBeUndefined();
  });

  it("with a time of 0 always loads", async () => {
    let loads = 0;
    const read = new SharedRead<number>(0);
    await read.get(async () => ++loads);
    await read.get(async () => ++loads);
    expect(loads).toBe(2);
  });
});

// Two instances of one database. A long sharing time, so what refreshes a read below can only be the write or its event.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env: { SHARED_READ_MS: "60000" } });
  b = await createTestApp({ env: { SHARED_READ_MS: "60000" }, sameDatabaseAs: sameDatabase(a) });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe("SharedAnswer: the one way to write a shared read", () => {
  const ZBoard = z.object({ notice: z.string(), seen: z.boolean() });
  const board = (t: TestApp, store: { notice: string; loads: number }, spec: { eager?: boolean; fixed?: boolean } = {}) =>
    new SharedAnswer<{ notice: string }>(t.deps, {
      events: ["testimony-approved"],
      load: async () => ((store.loads += 1), { notice: store.notice }),
      write: (d) => JsonTemplate.write(ZBoard, { ...d, seen: false, secret: "dropped" } as never, (out, slot) => (out.seen = slot("false"))),
      ...spec,
    });

  it("is loaded once and written once, each member's field filled in; changed() and its event (from any instance) refresh it", async () => {
    const store = { notice: "Choir at 9", loads: 0 };
    const here = board(a, store);
    const there = board(b, store);
    try {
      const first = await here.get();
      expect(await here.get()).toBe(first);
      expect(here.json(first)).toBe(here.json(first));
      expect(JSON.parse(here.json(first).bytes.toString())).toEqual({ notice: "Choir at 9", seen: false });
      expect(JSON.parse(here.json(first).fill(["true"]).toString())).toEqual({ notice: "Choir at 9", seen: true });
      expect(store.loads).toBe(1);

      // A change in place (rewrite) is written again, from the same value.
      first.notice = "Choir at 10";
      here.rewrite(first);
      expect(JSON.parse(here.json(first).bytes.toString()).notice).toBe("Choir at 10");

      store.notice = "Choir at 11";
      expect((await there.get()).notice).toBe("Choir at 11");
      here.changed(); // the write, on its own instance
      expect((await here.get()).notice).toBe("Choir at 11");

      store.notice = "Choir at noon";
      await a.deps.bus.publish("testimony-approved", { testimonyId: "t" }); // heard on both instances
      expect(await eventually(async () => (await there.get()).notice === "Choir at noon")).toBe(true);
      // Each instance hears the event on its own listening connection, in its own time: wait for both.
      expect(await eventually(async () => (await here.get()).notice === "Choir at noon")).toBe(true);
    } finally {
      here.close();
      there.close();
    }
  });

  it("eager: reads again at once after its own change; fixed: loaded once for the server's life", async () => {
    const store = { notice: "x", loads: 0 };
    const eager = board(a, store, { eager: true });
    await eager.get();
    eager.changed();
    expect(store.loads).toBe(2);
    eager.close();

    const fixedStore = { notice: "Grace Church", loads: 0 };
    const fixed = board(a, fixedStore, { fixed: true });
    await fixed.get();
    await a.deps.bus.publish("testimony-approved", { testimonyId: "t" });
    await fixed.get();
    expect(fixedStore.loads).toBe(1);
    fixed.close();
  });
});

describe("the live service, shared on two instances of one database", () => {

  type Live = { service: null | { id: string; polls: { id: string; results: { counts: number[]; myVote: number | null } }[]; questions: { text: string }[] } };
  const live = async (t: TestApp, auth: { authorization: string }) => (await t.app.inject({ method: "GET", url: "/api/services/live", headers: auth })).json() as Live;
  const call = (t: TestApp, method: "POST" | "PATCH", url: string, auth: { authorization: string }, payload: object) => t.app.inject({ method, url, headers: auth, payload });

  it("a vote counts at once where it was cast and, through the event, on the other instance; each member sees only their own vote", async () => {
    const staff = await a.signUp("STAFF");
    const ruth = await a.signUp();
    const boaz = await a.signUp();
    const created = await call(a, "POST", "/api/services", staff.auth, { title: "Sunday", date: new Date().toISOString() });
    const serviceId = (created.json() as { id: string }).id;
    expect((await call(a, "PATCH", `/api/services/${serviceId}`, staff.auth, { isLive: true })).statusCode).toBe(200);
    const poll = await call(a, "POST", `/api/services/${serviceId}/polls`, staff.auth, { question: "Which hymn?", options: ["Amazing Grace", "Be Thou My Vision"] });
    const pollId = (poll.json() as { id: string }).id;
    expect(await eventually(async () => (await live(b, boaz.auth)).service?.polls.length === 1)).toBe(true);
    expect((await live(a, ruth.auth)).service!.polls[0].results.counts).toEqual([0, 0]);

    // Ruth votes on a: a shows it at once (the write refreshed it), b once the event arrives.
    expect((await call(a, "POST", `/api/polls/${pollId}/vote`, ruth.auth, { optionIndex: 1 })).statusCode).toBe(201);
    const onA = (await live(a, ruth.auth)).service!.polls[0].results;
    expect(onA).toMatchObject({ counts: [0, 1], myVote: 1 });
    expect(await eventually(async () => (await live(b, boaz.auth)).service!.polls[0].results.counts[1] === 1)).toBe(true);
    // Boaz shares the counts, not Ruth's vote.
    expect((await live(b, boaz.auth)).service!.polls[0].results.myVote).toBeNull();
    expect((await live(a, boaz.auth)).service!.polls[0].results.myVote).toBeNull();

    // A question approved on b reaches a's shared copy through the event.
    const asked = await call(a, "POST", `/api/services/${serviceId}/questions`, ruth.auth, { text: "Will the choir sing again?" });
    const questionId = (asked.json() as { id: string }).id;
    expect((await live(a, boaz.auth)).service!.questions).toEqual([]);
    expect((await call(b, "PATCH", `/api/questions/${questionId}`, staff.auth, { isApproved: true })).statusCode).toBe(200);
    expect(await eventually(async () => (await live(a, boaz.auth)).service!.questions.length === 1)).toBe(true);

    // The service ending on b: a stops showing it.
    expect((await call(b, "PATCH", `/api/services/${serviceId}`, staff.auth, { isLive: false })).statusCode).toBe(200);
    expect(await eventually(async () => (await live(a, ruth.auth)).service === null)).toBe(true);
  });

  it("testimonies: an amen counts at once where it was said and through the event elsewhere; only its giver sees it as theirs", async () => {
    const staff = await a.signUp("STAFF");
    const ruth = await a.signUp();
    const boaz = await a.signUp();
    type Wall = { id: string; amenCount: number; hasAmened: boolean }[];
    const wall = async (t: TestApp, auth: { authorization: string }) => (await t.app.inject({ method: "GET", url: "/api/testimonies", headers: auth })).json() as Wall;
    const shared = await call(a, "POST", "/api/testimonies", ruth.auth, { text: "The Lord provided work this week." });
    const id = (shared.json() as { id: string }).id;
    expect((await wall(b, boaz.auth)).find((x) => x.id === id)).toBeUndefined();
    expect((await call(a, "PATCH", `/api/testimonies/${id}`, staff.auth, { isApproved: true })).statusCode).toBe(200);
    expect((await wall(a, boaz.auth)).find((x) => x.id === id)).toMatchObject({ amenCount: 0, hasAmened: false });
    expect(await eventually(async () => (await wall(b, boaz.auth)).some((x) => x.id === id))).toBe(true);

    expect((await call(a, "POST", `/api/testimonies/${id}/amen`, boaz.auth, {})).statusCode).toBeLessThan(300);
    expect((await wall(a, boaz.auth)).find((x) => x.id === id)).toMatchObject({ amenCount: 1, hasAmened: true });
    expect((await wall(a, ruth.auth)).find((x) => x.id === id)).toMatchObject({ amenCount: 1, hasAmened: false });
    expect(await eventually(async () => (await wall(b, ruth.auth)).find((x) => x.id === id)?.amenCount === 1)).toBe(true);
    expect((await wall(b, boaz.auth)).find((x) => x.id === id)?.hasAmened).toBe(true);

    // Rejected afterwards (no event): the instance that wrote drops it at once.
    expect((await call(a, "PATCH", `/api/testimonies/${id}`, staff.auth, { isApproved: false })).statusCode).toBe(200);
    expect((await wall(a, ruth.auth)).find((x) => x.id === id)).toBeUndefined();
  });
});

describe("member reads shared on two instances (issue 23): the common part shared, each member's own exact", () => {
  type Auth = { authorization: string };
  const get = async <T>(t: TestApp, url: string, auth: Auth) => {
    const res = await t.app.inject({ method: "GET", url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const send = (t: TestApp, method: "POST" | "PATCH" | "DELETE", url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });

  it("prayers: a member's own 'I prayed' is exact on any instance at once; the count, a new request and a hidden one follow the events", async () => {
    type Wall = { id: string; prayedCount: number; hasPrayed: boolean; isMine: boolean }[];
    const ruth = await a.signUp();
    const boaz = await a.signUp();
    const staff = await a.signUp("STAFF");
    const wall = (t: TestApp, auth: Auth) => get<Wall>(t, "/api/prayers", auth);
    await wall(b, boaz.auth); // b's shared copy is loaded now, and kept for a minute
    const { id } = (await send(a, "POST", "/api/prayer-requests", ruth.auth, { title: "Harvest", description: "Rain, please" })).json() as { id: string };
    expect((await wall(a, ruth.auth)).find((p) => p.id === id)).toMatchObject({ isMine: true, prayedCount: 0, hasPrayed: false });
    expect(await eventually(async () => (await wall(b, boaz.auth)).some((p) => p.id === id))).toBe(true);
    expect((await wall(b, ruth.auth)).find((p) => p.id === id)?.isMine).toBe(true);
    expect((await wall(b, boaz.auth)).find((p) => p.id === id)?.isMine).toBe(false);

    // Boaz prays on a; b's copy may not have heard yet, but Boaz's own mark is his own read.
    expect((await send(a, "POST", `/api/prayers/${id}/pray`, boaz.auth)).statusCode).toBe(200);
    expect((await wall(b, boaz.auth)).find((p) => p.id === id)?.hasPrayed).toBe(true);
    expect((await wall(b, ruth.auth)).find((p) => p.id === id)?.hasPrayed).toBe(false);
    expect(await eventually(async () => (await wall(b, ruth.auth)).find((p) => p.id === id)?.prayedCount === 1)).toBe(true);

    // Hidden on b: gone from a's members' wall and staff's wall once the event arrives.
    expect((await send(b, "POST", `/api/prayers/${id}/hide`, staff.auth)).statusCode).toBe(204);
    expect((await wall(b, boaz.auth)).some((p) => p.id === id)).toBe(false);
    expect(await eventually(async () => !(await wall(a, boaz.auth)).some((p) => p.id === id))).toBe(true);
    expect(await eventually(async () => !(await wall(a, staff.auth)).some((p) => p.id === id))).toBe(true);
  });

  it("comments: the first page follows new and removed comments on every instance; isMine is each member's own", async () => {
    type Feed = { id: string; message: string; isMine: boolean }[];
    const ruth = await a.signUp();
    const boaz = await a.signUp();
    const staff = await a.signUp("STAFF");
    const feed = (t: TestApp, auth: Auth) => get<Feed>(t, "/api/livestream-comments", auth);
    await feed(b, boaz.auth);
    const posted = (await send(a, "POST", "/api/livestream-comments", ruth.auth, { message: "Amen from the balcony" })).json() as { id: string };
    expect((await feed(a, ruth.auth))[0]).toMatchObject({ id: posted.id, isMine: true });
    expect((await feed(a, boaz.auth))[0]).toMatchObject({ id: posted.id, isMine: false });
    expect(await eventually(async () => (await feed(b, boaz.auth))[0]?.id === posted.id)).toBe(true);
    expect((await feed(b, ruth.auth))[0]).toMatchObject({ id: posted.id, isMine: true });
    // A later page is the member's own read, as before.
    expect((await get<Feed>(b, `/api/livestream-comments?limit=1`, ruth.auth))[0]).toMatchObject({ id: posted.id, isMine: true });

    expect((await send(b, "DELETE", `/api/livestream-comments/${posted.id}`, staff.auth)).statusCode).toBe(204);
    expect((await feed(b, ruth.auth)).some((c) => c.id === posted.id)).toBe(false);
    expect(await eventually(async () => !(await feed(a, ruth.auth)).some((c) => c.id === posted.id))).toBe(true);
  });

  it("questions: members see approved ones only, with their own id on their own; a rejection after approval leaves every instance", async () => {
    type Q = { id: string; userId: string | null; isApproved: boolean }[];
    const staff = await a.signUp("STAFF");
    const ruth = await a.signUp();
    const boaz = await a.signUp();
    const created = (await send(a, "POST", "/api/services", staff.auth, { title: "Evening", date: new Date().toISOString() })).json() as { id: string };
    expect((await send(a, "PATCH", `/api/services/${created.id}`, staff.auth, { isLive: true })).statusCode).toBe(200);
    const url = `/api/services/${created.id}/questions`;
    const asked = (await send(a, "POST", url, ruth.auth, { text: "Is there childcare tonight?" })).json() as { id: string };
    expect(await get<Q>(b, url, boaz.auth)).toEqual([]);
    expect((await get<Q>(a, url, staff.auth)).map((q) => q.id)).toEqual([asked.id]); // pending, for staff only
    expect((await send(a, "PATCH", `/api/questions/${asked.id}`, staff.auth, { isApproved: true })).statusCode).toBe(200);
    expect(await eventually(async () => (await get<Q>(b, url, boaz.auth)).length === 1)).toBe(true);
    expect((await get<Q>(b, url, boaz.auth))[0]).toMatchObject({ id: asked.id, userId: null });
    expect((await get<Q>(b, url, ruth.auth))[0]).toMatchObject({ id: asked.id, userId: ruth.user.id });

    const spy = vi.spyOn(a.deps.bus, "publish");
    expect((await send(a, "PATCH", `/api/questions/${asked.id}`, staff.auth, { isApproved: false })).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith("question-withdrawn", { questionId: asked.id, serviceId: created.id });
    spy.mockRestore();
    expect(await get<Q>(a, url, boaz.auth)).toEqual([]);
    expect(await eventually(async () => (await get<Q>(b, url, boaz.auth)).length === 0)).toBe(true);
    expect(await eventually(async () => (await get<{ service: { questions: unknown[] } }>(b, "/api/services/live", boaz.auth)).service.questions.length === 0)).toBe(
      true,
    );
    expect((await send(a, "PATCH", `/api/services/${created.id}`, staff.auth, { isLive: false })).statusCode).toBe(200);
    expect((await t404(b, "/api/services/00000000-0000-4000-8000-000000000000/questions", boaz.auth)).statusCode).toBe(404);
  });

  it("staff's content (services, media, journeys, challenges) reaches every instance through content-changed", async () => {
    const staff = await a.signUp("STAFF");
    const m = await a.signUp();
    await Promise.all(["/api/services", "/api/media", "/api/videos", "/api/challenges", "/api/daily/journeys"].map((u) => get(b, u, m.auth)));
    await get(b, "/api/media-items", staff.auth);

    const service = (await send(a, "POST", "/api/services", staff.auth, { title: "Vigil", date: new Date(Date.now() + 86_400_000).toISOString() })).json() as { id: string };
    expect((await get<{ id: string }[]>(a, "/api/services", m.auth)).some((s) => s.id === service.id)).toBe(true);
    expect(await eventually(async () => (await get<{ id: string }[]>(b, "/api/services", m.auth)).some((s) => s.id === service.id))).toBe(true);
    expect((await send(a, "PATCH", `/api/services/${service.id}`, staff.auth, { title: "Night vigil" })).statusCode).toBe(200);
    expect(await eventually(async () => (await get<{ id: string; title: string }[]>(b, "/api/services", m.auth)).some((s) => s.title === "Night vigil"))).toBe(true);

    const item = (await send(a, "POST", "/api/media-items", staff.auth, { title: "Shared-read sermon", url: "https://example.org/s" })).json() as { id: string };
    for (const url of ["/api/media", "/api/videos"]) {
      expect((await get<{ id: string }[]>(a, url, m.auth)).some((x) => x.id === item.id), url).toBe(true);
      expect(await eventually(async () => (await get<{ id: string }[]>(b, url, m.auth)).some((x) => x.id === item.id)), url).toBe(true);
    }
    expect(await eventually(async () => (await get<{ id: string }[]>(b, "/api/media-items", staff.auth)).some((x) => x.id === item.id))).toBe(true);
    expect((await send(a, "DELETE", `/api/media-items/${item.id}`, staff.auth)).statusCode).toBe(204);
    expect(await eventually(async () => !(await get<{ id: string }[]>(b, "/api/media", m.auth)).some((x) => x.id === item.id))).toBe(true);

    const challenge = {
      title: "Shared-read fast",
      description: "One meal a day",
      titleEs: "Ayuno compartido",
      descriptionEs: "Una comida al día",
      days: 3,
      type: "fasting",
    };
    const created = await send(a, "POST", "/api/challenges", staff.auth, challenge);
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect(await eventually(async () => (await get<{ id: string }[]>(b, "/api/challenges", m.auth)).some((c) => c.id === id))).toBe(true);
    expect((await send(b, "DELETE", `/api/challenges/${id}`, staff.auth)).statusCode).toBe(200);
    expect(await eventually(async () => !(await get<{ id: string }[]>(a, "/api/challenges", m.auth)).some((c) => c.id === id))).toBe(true);
  });
});

const t404 = (t: TestApp, url: string, auth: { authorization: string }) => t.app.inject({ method: "GET", url, headers: auth });
