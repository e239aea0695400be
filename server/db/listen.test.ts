/**
 * A lost listening connection (PostgreSQL only: PGlite listens in-process, so its pass leaves
 * this file out, vitest.config.ts). A restart, a failover or a proxy that cuts idle connections
 * must not end the server (it did: an unhandled 'error'), must not leave its session cache
 * trusting notices it can no longer hear, and must not leave members' screens missing the
 * events published while it was deaf.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { createTestApp, eventually, sameDatabase, type TestApp } from "../testing/harness";
import { openStream } from "../testing/open-stream";
import { sessions } from "./schema/users";
import { LISTEN_APPLICATION_NAME, openPostgres } from "./client";
import { AUTH_CHANNEL, MARKER_PREFIX } from "../http/session-cache";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let a: TestApp;
let b: TestApp;
let base: string;

beforeAll(async () => {
  a = await createTestApp({ env: { SESSION_CACHE_SECONDS: "300" } });
  b = await createTestApp({ env: { SESSION_CACHE_SECONDS: "300" }, sameDatabaseAs: sameDatabase(a) });
  base = await b.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe("the server's listening connections, cut by PostgreSQL", () => {
  /** Ends every listening connection on this database, as a restart or an idle cut would. */
  const cut = async () => {
    const res = (await a.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
    )) as unknown as { rows: unknown[] };
    return res.rows.length;
  };

  /** True once a marker sent through NOTIFY reaches b's session cache (b listens again). */
  const hearing = async () => {
    const marker = `${MARKER_PREFIX}${Math.random().toString(36).slice(2)}`;
    const arrived = b.app.sessionCache.waitForMarker(marker).then(() => true);
    await a.database.notify(AUTH_CHANNEL, marker);
    return Promise.race([arrived, sleep(300).then(() => false)]);
  };

  const me = (auth: { authorization: string }) => b.app.inject({ method: "GET", url: "/api/church/me", headers: auth });

  it("the server lives on, forgets its cached sessions, listens again, and its streams catch up", async () => {
    const m = await a.signUp();
    expect((await me(m.auth)).statusCode).toBe(200);
    expect(b.app.sessionCache.size).toBeGreaterThan(0);
    const stream = await openStream(base, m.auth);
    await stream.waitFor("connected");

    // Both instances' two channels (the event bus and the session notices).
    expect(await cut()).toBe(4);
    expect(await eventually(async () => b.app.sessionCache.size === 0)).toBe(true);

    // It listens again: a notice arrives, and the open stream is told to catch up (a second
    // `connected`, which the client answers by refetching what it shows).
    expect(await eventually(hearing, 10_000)).toBe(true);
    expect(await eventually(async () => stream.events.filter((e) => e.event === "connected").length === 2)).toBe(true);
    expect(stream.events.at(-1)).toEqual({ event: "connected", data: { userId: m.user.id } });

    // Events and session notices flow again through the new connections.
    await a.deps.bus.publish("service-status", { serviceId: "after-the-cut", isLive: true });
    expect((await stream.waitFor("service-status")).data).toEqual({ serviceId: "after-the-cut", isLive: true });
    expect((await me(m.auth)).statusCode).toBe(200);
    expect(b.app.sessionCache.size).toBeGreaterThan(0);
    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, m.user.id));
    expect(await eventually(async () => (await me(m.auth)).statusCode === 401)).toBe(true);
    stream.close();
  });
});

/**
 * A TCP relay to PostgreSQL that can go silent: it stops passing bytes either way without
 * closing anything, as a dead route or a crashed host leaves a connection.
 */
async function silentRelay(target: URL) {
  let silent = false;
  const frozen = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
    client.on("data", (d) => !silent && upstream.write(d));
    upstream.on("data", (d) => !silent && client.write(d));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    frozen.add(client);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    /** From now on, connections made so far pass nothing; new ones work. */
    silence() {
      silent = true;
      const old = [...frozen];
      frozen.clear();
      server.removeAllListeners("connection");
      server.on("connection", (client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        client.pipe(upstream).pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
        frozen.add(client);
      });
      return old;
    },
    close: () => {
      for (const s of frozen) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe("a listening connection that dies without a word", () => {
  it("is found by its check query, reported lost, reopened, and hears notices again", async () => {
    const url = a.databaseUrl;
    if (!url) throw new Error("this file runs on PostgreSQL only (TEST_DATABASE_URL)");
    const relay = await silentRelay(new URL(url));
    const database = await openPostgres(relay.url, 2);
    const heard: string[] = [];
    let lost = 0;
    let restored = 0;
    const unlisten = await database.listen("koinonia_relay_test", (p) => heard.push(p), {
      onLost: () => lost++,
      onRestored: () => restored++,
      checkMs: 100,
      checkTimeoutMs: 300,
    });
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    try {
      await direct.query(`select pg_notify('koinonia_relay_test', 'before')`);
      expect(await eventually(async () => heard.includes("before"))).toBe(true);

      const old = relay.silence();
      expect(old.length).toBeGreaterThan(0);
      await direct.query(`select pg_notify('koinonia_relay_test', 'unheard')`);
      expect(await eventually(async () => lost === 1 && restored === 1, 10_000)).toBe(true);
      for (const s of old) s.destroy();

      await direct.query(`select pg_notify('koinonia_relay_test', 'after')`);
      expect(await eventually(async () => heard.includes("after"))).toBe(true);
      expect(heard).not.toContain("unheard");
    } finally {
      await direct.end();
      await unlisten();
      await database.close().catch(() => undefined);
      await relay.close();
    }
  });
});
