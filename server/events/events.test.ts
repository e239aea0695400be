import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import net from "node:net";
import { createTestApp, type TestApp } from "../testing/harness";
import { EVENTS_COOKIE } from "../http/auth";
import { openStream } from "../testing/open-stream";

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
