import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { spawn } from "node:child_process";
import net from "node:net";
import { createTestApp, type TestApp } from "../testing/harness";
import { EVENTS_COOKIE } from "../http/auth";
import { openStream } from "../testing/open-stream";
import { MAX_STREAMS_PER_MEMBER, MAX_STREAMS_PER_SESSION } from "./routes";
import { sessions, users } from "../db/schema/users";

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

describe("GET /api/events", () => {
  it("refuses a visitor without a session", async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it("with a bearer token: connected first, then published events with their ids", async () => {
    const { auth } = await t.signUp();
    const stream = await openStream(base, auth);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toMatch(/text\/event-stream/);
    await stream.waitFor("connected");
    await t.deps.bus.publish("service-status", { serviceId: "s1", isLive: true });
    const got = await stream.waitFor("service-status");
    expect(got.data).toEqual({ serviceId: "s1", isLive: true });
    expect(stream.events[0].event).toBe("connected");
    stream.close();
  });

  it("with the HttpOnly cookie set at sign-in (EventSource sends no headers)", async () => {
    const member = await t.signUp();
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: member.user.email, password: member.password } });
    const setCookie = String(login.headers["set-cookie"]);
    expect(setCookie).toMatch(new RegExp(`^${EVENTS_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/events/);
    const cookie = setCookie.split(";")[0];
    const stream = await openStream(base, { cookie });
    expect(stream.res.status).toBe(200);
    await stream.waitFor("connected");
    stream.close();
  });

  it("does not accept the cookie on any other route", async () => {
    const member = await t.signUp();
    const res = await t.app.inject({ method: "GET", url: "/api/church/me", headers: { cookie: `${EVENTS_COOKIE}=${member.token}` } });
    expect(res.statusCode).toBe(401);
  });

  it("a revoked session cannot open the stream", async () => {
    const member = await t.signUp();
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: member.auth });
    const res = await fetch(`${base}/api/events`, { headers: member.auth });
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

describe("two server instances on one database", () => {
  // PostgreSQL only: a real second OS process, started the way production starts it. Embedded
  // PGlite belongs to one process, so there the second instance is in-process (next test).
  if (process.env.TEST_DATABASE_URL) it("an event published in this process reaches a client of a second server process (real main.ts), through NOTIFY", async () => {
    const url = t.databaseUrl!;
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false", LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += String(c)));
    try {
      const childBase = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const ok = await fetch(`${childBase}/api/health`).then((r) => r.ok, () => false);
        if (ok) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`second server did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const member = await t.signUp();
      const onChild = await openStream(childBase, member.auth);
      await onChild.waitFor("connected");
      await t.deps.bus.publish("service-status", { serviceId: "s-proc", isLive: true });
      expect((await onChild.waitFor("service-status", 10_000)).data).toEqual({ serviceId: "s-proc", isLive: true });
      onChild.close();
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    }
  }, 60_000);

  it("an event published on one instance reaches the stream of the other, through NOTIFY", async () => {
    // On PostgreSQL a second instance with its own connections; embedded PGlite is single-process,
    // so there the second instance shares the database handle but has its own LISTEN and bus.
    const other = process.env.TEST_DATABASE_URL
      ? await createTestApp({ sameDatabaseAs: { databaseUrl: t.databaseUrl } })
      : await createTestApp({ sameDatabaseAs: { database: t.database } });
    const otherBase = await other.app.listen({ port: 0, host: "127.0.0.1" });
    const member = await t.signUp();
    const onOther = await openStream(otherBase, member.auth);
    const onFirst = await openStream(base, member.auth);
    await onOther.waitFor("connected");
    await onFirst.waitFor("connected");
    await t.deps.bus.publish("testimony-approved", { testimonyId: "t-1" });
    expect((await onOther.waitFor("testimony-approved")).data).toEqual({ testimonyId: "t-1" });
    expect((await onFirst.waitFor("testimony-approved")).data).toEqual({ testimonyId: "t-1" });
    // and the other way round
    await other.deps.bus.publish("new-poll", { pollId: "p-1", serviceId: "s-1" });
    expect((await onFirst.waitFor("new-poll")).data).toEqual({ pollId: "p-1", serviceId: "s-1" });
    onOther.close();
    onFirst.close();
    await other.close();
  });
});

describe("abuse resistance (docs/security.md)", () => {
  it(`one session keeps at most ${MAX_STREAMS_PER_SESSION} streams: opening more closes the oldest, told 'replaced'`, async () => {
    const member = await t.signUp();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION + 2; i++) {
      const s = await openStream(base, member.auth);
      await s.waitFor("connected");
      streams.push(s);
    }
    expect(await streams[0].endsWithin(5000)).toBe(true);
    expect(await streams[1].endsWithin(5000)).toBe(true);
    expect(streams[0].events.map((e) => e.event)).toContain("replaced");
    await t.deps.bus.publish("service-status", { serviceId: "s-cap", isLive: true });
    for (const s of streams.slice(2)) expect((await s.waitFor("service-status")).data).toEqual({ serviceId: "s-cap", isLive: true });
    expect(streams[1].events.map((e) => e.event)).not.toContain("service-status");
    streams.forEach((s) => s.close());
  });

  it(`one member keeps at most ${MAX_STREAMS_PER_MEMBER} streams across sessions`, async () => {
    const member = await t.signUp();
    const sessionsOf = [member.auth];
    for (let i = 0; i < 3; i++) {
      const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: member.user.email, password: member.password } });
      sessionsOf.push({ authorization: `Bearer ${login.json().token as string}` });
    }
    const streams = [];
    for (const auth of sessionsOf) {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
        const s = await openStream(base, auth);
        await s.waitFor("connected");
        streams.push(s);
      }
    }
    // 4 sessions x 3 streams: the two oldest went to make room.
    expect(await streams[0].endsWithin(5000)).toBe(true);
    expect(await streams[1].endsWithin(5000)).toBe(true);
    await t.deps.bus.publish("poll-vote", { pollId: "p-cap" });
    for (const s of streams.slice(2)) await s.waitFor("poll-vote");
    streams.forEach((s) => s.close());
  });

  it("a stream closes at once when its session is signed out, or revoked by any means (a password reset), on every instance", async () => {
    const other = process.env.TEST_DATABASE_URL
      ? await createTestApp({ sameDatabaseAs: { databaseUrl: t.databaseUrl } })
      : await createTestApp({ sameDatabaseAs: { database: t.database } });
    const otherBase = await other.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const member = await t.signUp();
      const here = await openStream(base, member.auth);
      const there = await openStream(otherBase, member.auth);
      await here.waitFor("connected");
      await there.waitFor("connected");
      // Another member's stream is not touched.
      const bystander = await t.signUp();
      const theirs = await openStream(base, bystander.auth);
      await theirs.waitFor("connected");

      expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: member.auth })).statusCode).toBe(204);
      expect(await here.endsWithin(5000)).toBe(true);
      expect(await there.endsWithin(5000)).toBe(true);
      expect(here.events.map((e) => e.event)).toContain("signed-out");

      // A password reset revokes every session of the member in the database (reset-password.ts).
      const again = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: bystander.user.email, password: bystander.password } });
      const second = await openStream(otherBase, { authorization: `Bearer ${again.json().token as string}` });
      await second.waitFor("connected");
      await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, bystander.user.id));
      expect(await theirs.endsWithin(5000)).toBe(true);
      expect(await second.endsWithin(5000)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("moderation events (new question, new testimony, staff-only notices) reach staff streams only", async () => {
    const member = await t.signUp();
    const staff = await t.signUp("STAFF");
    const m = await openStream(base, member.auth);
    const s = await openStream(base, staff.auth);
    await m.waitFor("connected");
    await s.waitFor("connected");
    await t.deps.bus.publish("new-question", { questionId: "q-1", serviceId: "s-1" });
    await t.deps.bus.publish("new-testimony", { testimonyId: "t-9" });
    await t.deps.bus.publish("notification", { kind: "questionToModerate" });
    await t.deps.bus.publish("notification", { kind: "testimonyToModerate" });
    await t.deps.bus.publish("notification", { kind: "serviceStarted" });
    await t.deps.bus.publish("testimony-approved", { testimonyId: "t-9" });
    // Events arrive in order: once the last is in, the member has had every one meant for them.
    await m.waitFor("testimony-approved");
    await s.waitFor("testimony-approved");
    const names = (x: typeof m) => x.events.filter((e) => e.event !== "connected").map((e) => `${e.event}${e.event === "notification" ? `:${(e.data as { kind: string }).kind}` : ""}`);
    expect(names(m)).toEqual(["notification:serviceStarted", "testimony-approved"]);
    expect(names(s)).toEqual([
      "new-question",
      "new-testimony",
      "notification:questionToModerate",
      "notification:testimonyToModerate",
      "notification:serviceStarted",
      "testimony-approved",
    ]);
    m.close();
    s.close();
  });

  it("a member made staff receives moderation events on the stream already open", async () => {
    const member = await t.signUp();
    const stream = await openStream(base, member.auth);
    await stream.waitFor("connected");
    await t.db.update(users).set({ role: "STAFF" }).where(eq(users.id, member.user.id));
    await t.authSettled();
    await vi.waitFor(async () => {
      await t.deps.bus.publish("new-testimony", { testimonyId: "t-promoted" });
      expect(stream.events.some((e) => e.event === "new-testimony")).toBe(true);
    });
    stream.close();
  });
});
