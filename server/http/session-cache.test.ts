/**
 * The session cache (session-cache.ts): what it keeps and for how long, and that a change made
 * anywhere (another instance, a script, plain SQL) reaches every instance through PostgreSQL's
 * NOTIFY, well before the cache's own time limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, eventually, sameDatabase, type TestApp } from "../testing/harness";
import { sessions, users } from "../db/schema/users";
import { SessionCache, type CachedSession } from "./session-cache";

const session = (userId: string, expiresAt = new Date(Date.now() + 86_400_000)): CachedSession => ({
  sessionId: `s-${userId}`,
  expiresAt,
  user: { id: userId, email: `${userId}@example.org`, firstName: "A", lastName: "B", role: "MEMBER", finance: false, createdAt: new Date(), phone: null, photoVersion: null },
});

describe("SessionCache", () => {
  it("serves an entry until its time is up, then forgets it", () => {
    let t = 0;
    const cache = new SessionCache(1_000, 10, () => t, () => 0);
    cache.set("h1", session("u1"), cache.begin());
    expect(cache.get("h1", new Date())?.user.id).toBe("u1");
    t = 999;
    expect(cache.get("h1", new Date())).toBeDefined();
    t = 1_000;
    expect(cache.get("h1", new Date())).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("never serves a session past its own expiry, by the app clock", () => {
    const cache = new SessionCache(60_000, 10, () => 0);
    const expires = new Date("2026-11-23T12:00:00Z");
    cache.set("h1", session("u1", expires), cache.begin());
    expect(cache.get("h1", new Date("2026-11-23T11:59:59Z"))).toBeDefined();
    expect(cache.get("h1", expires)).toBeUndefined();
  });

  it("forgets every session of a user, and keeps others", () => {
    const cache = new SessionCache(60_000, 10, () => 0);
    cache.set("a1", session("a"), cache.begin());
    cache.set("a2", session("a"), cache.begin());
    cache.set("b1", session("b"), cache.begin());
    cache.forgetUser("a");
    expect(cache.get("a1", new Date())).toBeUndefined();
    expect(cache.get("a2", new Date())).toBeUndefined();
    expect(cache.get("b1", new Date())?.user.id).toBe("b");
  });

  it("does not store a lookup that began before a forget (it may have read the old row)", () => {
    const cache = new SessionCache(60_000, 10, () => 0);
    const begun = cache.begin();
    cache.forgetUser("someone");
    cache.set("h1", session("u1"), begun);
    expect(cache.get("h1", new Date())).toBeUndefined();
  });

  it("holds at most its maximum, dropping the oldest first", () => {
    const cache = new SessionCache(60_000, 3, () => 0);
    for (const n of [1, 2, 3, 4]) cache.set(`h${n}`, session(`u${n}`), cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get("h1", new Date())).toBeUndefined();
    expect(cache.get("h4", new Date())).toBeDefined();
  });

  it("spreads the time limits over the last quarter, so sessions cached together are not all read again together", () => {
    let t = 0;
    let r = 0.999;
    const cache = new SessionCache(1_000, 10, () => t, () => r);
    cache.set("early", session("u1"), cache.begin()); // lives 751 ms
    r = 0;
    cache.set("late", session("u2"), cache.begin()); // lives 1,000 ms
    t = 750;
    expect(cache.get("early", new Date())).toBeDefined();
    t = 751;
    expect(cache.get("early", new Date())).toBeUndefined();
    expect(cache.get("late", new Date())).toBeDefined();
  });

  it("keeps nothing while not listening for changes, and serves nothing it held before", () => {
    const cache = new SessionCache(60_000, 10, () => 0);
    cache.set("h1", session("u1"), cache.begin());
    cache.suspend();
    expect(cache.get("h1", new Date())).toBeUndefined();
    cache.set("h2", session("u2"), cache.begin());
    expect(cache.size).toBe(0);
    cache.resume();
    cache.set("h2", session("u2"), cache.begin());
    expect(cache.get("h2", new Date())?.user.id).toBe("u2");
  });

  it("does not store a lookup that began before it stopped listening", () => {
    const cache = new SessionCache(60_000, 10, () => 0);
    const begun = cache.begin();
    cache.suspend();
    cache.resume();
    cache.set("h1", session("u1"), begun);
    expect(cache.get("h1", new Date())).toBeUndefined();
  });

  it("with a time of 0 keeps nothing", () => {
    const cache = new SessionCache(0);
    cache.set("h1", session("u1"), cache.begin());
    expect(cache.size).toBe(0);
  });
});

describe("two instances on one database", () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // A long time limit, so what ends a cached session below can only be the NOTIFY.
    a = await createTestApp({ env: { SESSION_CACHE_SECONDS: "300" } });
    b = await createTestApp({ env: { SESSION_CACHE_SECONDS: "300" }, sameDatabaseAs: sameDatabase(a) });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (t: TestApp, auth: { authorization: string }) => t.app.inject({ method: "GET", url: "/api/church/me", headers: auth });

  it("signing out on one instance ends the session on the other, which had it cached", async () => {
    const m = await a.signUp();
    expect((await me(b, m.auth)).statusCode).toBe(200);
    expect(b.app.sessionCache.size).toBeGreaterThan(0);
    expect((await a.app.inject({ method: "POST", url: "/api/auth/logout", headers: m.auth })).statusCode).toBe(204);
    // The instance that signed out refuses at once, without waiting for its own NOTIFY.
    expect((await me(a, m.auth)).statusCode).toBe(401);
    expect(await eventually(async () => (await me(b, m.auth)).statusCode === 401)).toBe(true);
  });

  it("a session revoked or a role changed by plain SQL (a script, an operator) reaches every instance", async () => {
    const m = await a.signUp();
    expect((await b.app.inject({ method: "GET", url: "/api/admin/analytics", headers: m.auth })).statusCode).toBe(403);
    await a.db.update(users).set({ role: "STAFF" }).where(eq(users.id, m.user.id));
    expect(await eventually(async () => (await b.app.inject({ method: "GET", url: "/api/admin/analytics", headers: m.auth })).statusCode === 200)).toBe(true);
    expect(((await me(b, m.auth)).json() as { user: { role: string } }).user.role).toBe("STAFF");

    await a.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, m.user.id));
    expect(await eventually(async () => (await me(b, m.auth)).statusCode === 401)).toBe(true);
  });

  it("really serves from memory: with the notice switched off, a revoked session lives on until the time limit", async () => {
    const c = await createTestApp({ env: { SESSION_CACHE_SECONDS: "1" }, sameDatabaseAs: sameDatabase(a) });
    try {
      const m = await a.signUp();
      expect((await me(c, m.auth)).statusCode).toBe(200);
      await a.db.transaction(async (tx) => {
        await tx.execute(sql`alter table sessions disable trigger sessions_changed_notify`);
        await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, m.user.id));
        await tx.execute(sql`alter table sessions enable trigger sessions_changed_notify`);
      });
      expect((await me(c, m.auth)).statusCode).toBe(200); // cached, and nobody said otherwise
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await me(c, m.auth)).statusCode).toBe(401); // the time limit bounds it
    } finally {
      await c.close();
    }
  });
});
