/**
 * Notifications: who receives each kind, per-kind preferences, the inbox endpoints (own only,
 * newest first, paginated, read and read-all) and push-token registration with its refusals.
 * Delivery to push services is in server/jobs/push-delivery.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createECDH, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { services } from "../../db/schema/services";
import { runServiceNotices } from "../../jobs/service-notices";
import { notifications, pushDeliveries, pushSubscriptions } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import type { BusEvent } from "../../events/bus";
import { MAX_PUSH_DEVICES, NOTIFICATIONS_TEXT, ZInboxPage, type InboxPage, type NotificationPreferences } from "../../../contract/notifications";
import type { Service } from "../../../contract/services";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;
type Auth = Account["auth"];

let t: TestApp;
const events: BusEvent[] = [];
beforeAll(async () => {
  // One member registers 20+ devices and many malformed ones here: above the per-member limit
  // (server/http/write-limits.test.ts tests that limit).
  t = await createTestApp({ env: { RATE_LIMITS: "pushToken=1000" } });
  t.deps.bus.subscribe((e) => events.push(e));
});
afterAll(() => t.close());

const inbox = async (auth: Auth, query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/notifications${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InboxPage;
};
const prefs = async (auth: Auth) => {
  const res = await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationPreferences;
};
const setPrefs = (auth: Auth, kinds: Record<string, boolean>) => t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: auth, payload: { kinds } });

/** A browser-like subscription (a real P-256 public key and a 16-byte auth secret). */
function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
}
const register = (auth: Auth, sub: unknown, deviceType = "web") =>
  t.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: auth, payload: { token: typeof sub === "string" ? sub : JSON.stringify(sub), deviceType } });
const unregister = (auth: Auth, token: string) => t.app.inject({ method: "DELETE", url: `/api/notifications/token/${encodeURIComponent(token)}`, headers: auth });

async function createService(staff: Account, title = "Sunday Worship") {
  const res = await t.app.inject({ method: "POST", url: "/api/services", headers: staff.auth, payload: { title, date: new Date().toISOString() } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Service;
}
const setLive = (staff: Account, id: string, isLive: boolean) => t.app.inject({ method: "PATCH", url: `/api/services/${id}`, headers: staff.auth, payload: { isLive } });

async function shareTestimony(author: Account) {
  const res = await t.app.inject({ method: "POST", url: "/api/testimonies", headers: author.auth, payload: { text: "The Lord carried us through a hard winter." } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
const moderate = (staff: Account, id: string, isApproved: boolean) =>
  t.app.inject({ method: "PATCH", url: `/api/testimonies/${id}`, headers: staff.auth, payload: { isApproved } });

const rowsFor = (userId: string, subjectId: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.subjectId, subjectId)));

async function eventually(pred: (e: BusEvent) => boolean) {
  for (let i = 0; i < 200 && !events.some(pred); i++) await new Promise((r) => setTimeout(r, 10));
  return events.filter(pred);
}

describe("who is notified", () => {
  it("a service that starts notifies every member but the one who started it, once, with the pushes queued per device", async () => {
    const pastor = await t.signUp("PASTOR");
    const a = await t.signUp();
    const b = await t.signUp();
    const phone = subscription();
    const laptop = subscription();
    expect((await register(a.auth, phone)).statusCode).toBe(200);
    expect((await register(a.auth, laptop)).statusCode).toBe(200);
    const service = await createService(pastor, "Wednesday Night Prayer");

    expect((await setLive(pastor, service.id, true)).statusCode).toBe(200);
    const all = await t.db.select({ id: users.id }).from(users);
    const got = await t.db.select().from(notifications).where(eq(notifications.subjectId, service.id));
    expect(got.map((n) => n.userId).sort()).toEqual(all.map((u) => u.id).filter((id) => id !== pastor.user.id).sort());
    expect(got.find((n) => n.userId === a.user.id)).toMatchObject({ kind: "serviceStarted", title: "Service Started", body: "Wednesday Night Prayer is now live!", url: "/sunday" });

    const page = await inbox(b.auth);
    expect(page.items[0]).toMatchObject({ kind: "serviceStarted", title: "Service Started", readAt: null });
    expect(page.unreadCount).toBe(1);

    // One delivery per device of each recipient (a has two, b none).
    const aRow = got.find((n) => n.userId === a.user.id)!;
    expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, aRow.id))).toHaveLength(2);
    expect((await eventually((e) => e.event === "notification" && (e.data as { kind: string }).kind === "serviceStarted")).length).toBeGreaterThan(0);

    // Ended and started again: nobody is told twice.
    await setLive(pastor, service.id, false);
    await setLive(pastor, service.id, true);
    expect(await rowsFor(a.user.id, service.id)).toHaveLength(1);
    await setLive(pastor, service.id, false);
  });

  it("a start whose notices a stopped process left pending: the sweep writes them once, whoever sweeps; an ended service is not announced", async () => {
    const pastor = await t.signUp("PASTOR");
    const a = await t.signUp();
    const service = await createService(pastor, "Evening Worship");
    // As the start's transaction leaves it when the process stops before the notices are written.
    await t.db.update(services).set({ isLive: false }).where(eq(services.isLive, true));
    await t.db.update(services).set({ isLive: true, startedBy: pastor.user.id, startNoticesPending: true }).where(eq(services.id, service.id));
    expect(await rowsFor(a.user.id, service.id)).toHaveLength(0);

    const other = await createTestApp({ sameDatabaseAs: sameDatabase(t) });
    try {
      const [here, there] = await Promise.all([runServiceNotices(t.deps), runServiceNotices(other.deps)]);
      const everyoneButThePastor = (await t.db.select({ id: users.id }).from(users)).length - 1;
      expect(here + there).toBe(everyoneButThePastor);
    } finally {
      await other.close();
    }
    expect(await rowsFor(a.user.id, service.id)).toHaveLength(1);
    expect(await rowsFor(pastor.user.id, service.id)).toHaveLength(0);
    expect((await t.db.select().from(services).where(eq(services.id, service.id)))[0].startNoticesPending).toBe(false);
    expect(await runServiceNotices(t.deps)).toBe(0);

    // Pending, but ended before the sweep: nobody is told it started.
    const later = await createService(pastor, "Ended Already");
    await t.db.update(services).set({ startNoticesPending: true, startedBy: pastor.user.id }).where(eq(services.id, later.id));
    expect(await runServiceNotices(t.deps)).toBe(0);
    expect(await rowsFor(a.user.id, later.id)).toHaveLength(0);
    await t.db.update(services).set({ isLive: false }).where(eq(services.id, service.id));
  });

  it("a new testimony notifies staff only (not its author); its approval notifies its author only, once", async () => {
    const owner = await t.signUp("OWNER");
    const staff = await t.signUp("STAFF");
    const author = await t.signUp();
    const bystander = await t.signUp();
    const id = await shareTestimony(author);

    const forStaff = await t.db.select().from(notifications).where(and(eq(notifications.subjectId, id), eq(notifications.kind, "testimonyToModerate")));
    const staffIds = (await t.db.select({ id: users.id, role: users.role }).from(users)).filter((u) => u.role !== "MEMBER").map((u) => u.id);
    expect(forStaff.map((n) => n.userId).sort()).toEqual(staffIds.sort());
    expect(forStaff[0]).toMatchObject({ title: "New Testimony", body: "A new testimony needs approval", url: "/admin" });

    expect((await moderate(staff, id, false)).statusCode).toBe(200); // reject: nothing for the author
    expect((await rowsFor(author.user.id, id)).filter((n) => n.kind === "testimonyApproved")).toHaveLength(0);
    expect((await moderate(staff, id, true)).statusCode).toBe(200);
    expect((await moderate(owner, id, false)).statusCode).toBe(200);
    expect((await moderate(owner, id, true)).statusCode).toBe(200);
    const mine = await rowsFor(author.user.id, id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: "testimonyApproved", title: "Testimony Approved", url: "/connect" });
    expect(await rowsFor(bystander.user.id, id)).toHaveLength(0);
    expect((await inbox(bystander.auth)).items.some((n) => n.kind === "testimonyApproved")).toBe(false);
  });

  it("a new question notifies staff (anonymous or not) and never the asker", async () => {
    const pastor = await t.signUp("PASTOR");
    const asker = await t.signUp();
    const service = await createService(pastor);
    await setLive(pastor, service.id, true);
    const res = await t.app.inject({ method: "POST", url: `/api/services/${service.id}/questions`, headers: asker.auth, payload: { text: "What does grace mean?", isAnonymous: true } });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json() as { id: string };
    const rows = await t.db.select().from(notifications).where(eq(notifications.subjectId, q.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.kind === "questionToModerate" && r.body === "A new question needs moderation")).toBe(true);
    expect(rows.some((r) => r.userId === pastor.user.id)).toBe(true);
    expect(rows.some((r) => r.userId === asker.user.id)).toBe(false);
    await setLive(pastor, service.id, false);
  });

  it("a prayer marked answered notifies those who prayed for it, not its author nor anyone else", async () => {
    const author = await t.signUp();
    const prayed1 = await t.signUp();
    const prayed2 = await t.signUp();
    const other = await t.signUp();
    const created = await t.app.inject({ method: "POST", url: "/api/prayer-requests", headers: author.auth, payload: { title: "Job interview", description: "Pray for peace." } });
    expect(created.statusCode, created.body).toBe(201);
    const prayerId = (created.json() as { id: string }).id;
    for (const m of [prayed1, prayed2, author]) expect((await t.app.inject({ method: "POST", url: `/api/prayers/${prayerId}/pray`, headers: m.auth })).statusCode).toBeLessThan(300);

    expect((await t.app.inject({ method: "POST", url: `/api/prayers/${prayerId}/answered`, headers: author.auth })).statusCode).toBeLessThan(300);
    const rows = await t.db.select().from(notifications).where(eq(notifications.subjectId, prayerId));
    expect(rows.map((r) => r.userId).sort()).toEqual([prayed1.user.id, prayed2.user.id].sort());
    expect(rows[0]).toMatchObject({ kind: "prayerAnswered", title: "Prayer Answered", body: 'A request you prayed for has been answered: "Job interview"', url: "/prayer" });
    expect(await rowsFor(other.user.id, prayerId)).toHaveLength(0);
    // Marking it again changes nothing.
    await t.app.inject({ method: "POST", url: `/api/prayers/${prayerId}/answered`, headers: author.auth });
    expect(await t.db.select().from(notifications).where(eq(notifications.subjectId, prayerId))).toHaveLength(2);
  });
});

describe("preferences", () => {
  it("lists the kinds of the member's role, all on, with no devices", async () => {
    const m = await t.signUp();
    expect(await prefs(m.auth)).toEqual({
      deviceCount: 0,
      lastUpdated: null,
      kinds: { serviceStarted: true, testimonyApproved: true, prayerAnswered: true, announcement: true, eventReminder: true, eventCancelled: true, groupJoinRequest: true, groupRequestAnswered: true },
      emailUpdates: true,
    });
    const s = await t.signUp("STAFF");
    expect(Object.keys((await prefs(s.auth)).kinds).sort()).toEqual(["announcement", "eventCancelled", "eventReminder", "groupJoinRequest", "groupRequestAnswered", "newCardsPaused", "prayerAnswered", "questionToModerate", "serviceStarted", "testimonyApproved", "testimonyToModerate"]);
  });

  it("a kind turned off is neither stored nor pushed; turned on again, it is", async () => {
    const pastor = await t.signUp("PASTOR");
    const m = await t.signUp();
    await register(m.auth, subscription());
    const off = await setPrefs(m.auth, { serviceStarted: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as NotificationPreferences).kinds).toEqual({ serviceStarted: false, testimonyApproved: true, prayerAnswered: true, announcement: true, eventReminder: true, eventCancelled: true, groupJoinRequest: true, groupRequestAnswered: true });

    const first = await createService(pastor);
    await setLive(pastor, first.id, true);
    expect(await rowsFor(m.user.id, first.id)).toHaveLength(0);
    await setLive(pastor, first.id, false);

    // Other kinds still arrive.
    const testimony = await shareTestimony(m);
    await moderate(pastor, testimony, true);
    expect(await rowsFor(m.user.id, testimony)).toHaveLength(1);

    expect((await setPrefs(m.auth, { serviceStarted: true })).statusCode).toBe(200);
    expect((await prefs(m.auth)).kinds.serviceStarted).toBe(true);
    const second = await createService(pastor);
    await setLive(pastor, second.id, true);
    const rows = await rowsFor(m.user.id, second.id);
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, rows[0].id))).toHaveLength(1);
    await setLive(pastor, second.id, false);
  });

  it("staff can turn moderation notices off", async () => {
    const staff = await t.signUp("STAFF");
    const author = await t.signUp();
    expect((await setPrefs(staff.auth, { testimonyToModerate: false })).statusCode).toBe(200);
    const id = await shareTestimony(author);
    expect(await rowsFor(staff.user.id, id)).toHaveLength(0);
  });

  it("refuses unknown kinds and non-boolean values, and visitors", async () => {
    const m = await t.signUp();
    const bad = await setPrefs(m.auth, { serviceStarted: "yes" as never });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { issues: { path: string }[] }).issues[0].path).toContain("serviceStarted");
    expect((await setPrefs(m.auth, { birthdays: false })).statusCode).toBe(400);
    expect((await prefs(m.auth)).kinds).toEqual({ serviceStarted: true, testimonyApproved: true, prayerAnswered: true, announcement: true, eventReminder: true, eventCancelled: true, groupJoinRequest: true, groupRequestAnswered: true });
    expect((await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", payload: { kinds: {} } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications/preferences" })).statusCode).toBe(401);
  });
});

describe("inbox", () => {
  async function seed(m: Account, n: number) {
    const base = Date.parse("2026-03-01T12:00:00Z");
    await t.db.insert(notifications).values(
      Array.from({ length: n }, (_, i) => ({
        userId: m.user.id,
        kind: "serviceStarted" as const,
        subjectId: crypto.randomUUID(),
        title: `Service ${i}`,
        body: "is now live!",
        url: "/sunday",
        createdAt: new Date(base + i * 60_000),
      })),
    );
  }

  it("answers 401 to visitors", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/read-all" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: `/api/notifications/${crypto.randomUUID()}/read` })).statusCode).toBe(401);
  });

  it("pages without a gap or a repeat when notifications share a millisecond (microseconds apart)", async () => {
    const m = await t.signUp();
    await t.db.execute(sql`
      insert into notifications (user_id, kind, subject_id, title, body, url, created_at)
      select ${m.user.id}::uuid, 'announcement', gen_random_uuid(), 'same ms ' || i, 'b', '/', timestamptz '2026-02-01 10:00:00.456001+00' + (i * 3) * interval '1 microsecond'
      from generate_series(1, 12) i`);
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page: InboxPage = await inbox(m.auth, `?limit=5${before ? `&before=${before}` : ""}`);
      seen.push(...page.items.map((n) => n.title));
      before = page.nextCursor;
    } while (before);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `same ms ${12 - i}`));
  });

  it("pages the member's own notifications newest first, with the unread count", async () => {
    const m = await t.signUp();
    const other = await t.signUp();
    await seed(m, 25);
    await seed(other, 3);
    const first = await inbox(m.auth, "?limit=10");
    expect(first.items.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Service ${24 - i}`));
    expect(first.unreadCount).toBe(25);
    expect(first.nextCursor).toBe(first.items[9].id);
    const second = await inbox(m.auth, `?limit=10&before=${first.nextCursor}`);
    expect(second.items[0].title).toBe("Service 14");
    const third = await inbox(m.auth, `?limit=10&before=${second.nextCursor}`);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    // Another member's cursor reveals nothing.
    const theirs = await inbox(other.auth);
    expect((await inbox(m.auth, `?before=${theirs.items[0].id}`)).items).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/api/notifications?limit=500", headers: m.auth })).statusCode).toBe(400);
  });

  it("answers its contract's JSON exactly, written by the database: quotes, backslashes and line breaks in the words, a read one's time", async () => {
    const m = await t.signUp();
    const title = 'He said "amen" \\ then\nleft\u2028, \n ';
    await t.db.insert(notifications).values([
      { userId: m.user.id, kind: "announcement", subjectId: crypto.randomUUID(), title, body: "tab\there", url: "/sunday?x=1&y=\"2\"", createdAt: new Date("2026-03-02T08:09:10.123Z") },
      {
        userId: m.user.id,
        kind: "prayerAnswered",
        subjectId: crypto.randomUUID(),
        title: "older",
        body: "b",
        url: "/",
        createdAt: new Date("2026-03-01T08:00:00Z"),
        readAt: new Date("2026-03-03T00:00:00.5Z"),
      },
    ]);
    const res = await t.app.inject({ method: "GET", url: "/api/notifications?limit=1", headers: m.auth });
    const body = res.json();
    expect(ZInboxPage.parse(body)).toEqual(body);
    expect(body).toEqual({
      items: [{ id: expect.any(String), kind: "announcement", title, body: "tab\there", url: '/sunday?x=1&y="2"', createdAt: "2026-03-02T08:09:10.123Z", readAt: null }],
      unreadCount: 1,
      nextCursor: body.items[0].id,
    });
    const next = (await t.app.inject({ method: "GET", url: `/api/notifications?limit=1&before=${body.nextCursor}`, headers: m.auth })).json();
    expect(ZInboxPage.parse(next)).toEqual(next);
    expect(next.items.map((n: { title: string; readAt: string | null }) => [n.title, n.readAt])).toEqual([["older", "2026-03-03T00:00:00.500Z"]]);
    expect(next.nextCursor).toBeNull();
    // Past the last page: no notification, and still the unread count.
    expect((await t.app.inject({ method: "GET", url: `/api/notifications?before=${next.items[0].id}`, headers: m.auth })).json()).toEqual({
      items: [],
      unreadCount: 1,
      nextCursor: null,
    });
  });

  it("marks one read (own only; another's is a 404) and then all", async () => {
    const m = await t.signUp();
    const other = await t.signUp();
    await seed(m, 3);
    await seed(other, 1);
    const page = await inbox(m.auth);
    const target = page.items[1];
    const res = await t.app.inject({ method: "POST", url: `/api/notifications/${target.id}/read`, headers: m.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unreadCount: 2, notification: { id: target.id } });
    const readAt = (res.json() as { notification: { readAt: string } }).notification.readAt;
    expect(readAt).not.toBeNull();
    // Again: still read, the first time kept.
    const again = await t.app.inject({ method: "POST", url: `/api/notifications/${target.id}/read`, headers: m.auth });
    expect((again.json() as { notification: { readAt: string } }).notification.readAt).toBe(readAt);

    const theirs = (await inbox(other.auth)).items[0];
    const forbidden = await t.app.inject({ method: "POST", url: `/api/notifications/${theirs.id}/read`, headers: m.auth });
    expect(forbidden.statusCode).toBe(404);
    expect((await inbox(other.auth)).unreadCount).toBe(1);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/not-a-uuid/read", headers: m.auth })).statusCode).toBe(400);

    const all = await t.app.inject({ method: "POST", url: "/api/notifications/read-all", headers: m.auth });
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await inbox(m.auth)).items.every((n) => n.readAt !== null)).toBe(true);
    expect((await inbox(other.auth)).unreadCount).toBe(1);
  });
});

describe("push tokens", () => {
  it("serves the VAPID public key to members only, the same each time", async () => {
    const m = await t.signUp();
    expect((await t.app.inject({ method: "GET", url: "/api/notifications/vapid-public-key" })).statusCode).toBe(401);
    const a = await t.app.inject({ method: "GET", url: "/api/notifications/vapid-public-key", headers: m.auth });
    const b = await t.app.inject({ method: "GET", url: "/api/notifications/vapid-public-key", headers: m.auth });
    expect(a.statusCode).toBe(200);
    const key = (a.json() as { publicKey: string }).publicKey;
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    expect((b.json() as { publicKey: string }).publicKey).toBe(key);
  });

  it("registers a device, updates it on re-registration (never a duplicate), and reports deviceCount and lastUpdated", async () => {
    let now = new Date("2026-04-01T10:00:00Z");
    const clocked = await createTestApp({ now: () => now, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
    try {
      const m = await t.signUp();
      const sub = subscription();
      const first = await clocked.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: m.auth, payload: { token: JSON.stringify(sub), deviceType: "web" } });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ deviceCount: 1, lastUpdated: "2026-04-01T10:00:00.000Z" });

      now = new Date("2026-04-09T10:00:00Z");
      const fresh = { ...sub, keys: subscription().keys };
      const again = await clocked.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: m.auth, payload: { token: JSON.stringify(fresh), deviceType: "web" } });
      expect(again.json()).toMatchObject({ deviceCount: 1, lastUpdated: "2026-04-09T10:00:00.000Z" });
      const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: m.user.id, p256dh: fresh.keys.p256dh, auth: fresh.keys.auth, deviceType: "web" });
      expect(await prefs(m.auth)).toMatchObject({ deviceCount: 1, lastUpdated: "2026-04-09T10:00:00.000Z" });
    } finally {
      await clocked.close();
    }
  });

  it("an endpoint belongs to one member: registered by another, it moves to them", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const sub = subscription();
    await register(a.auth, sub);
    expect((await register(b.auth, sub)).statusCode).toBe(200);
    expect((await prefs(a.auth)).deviceCount).toBe(0);
    expect((await prefs(b.auth)).deviceCount).toBe(1);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([b.user.id]);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices per member, forgetting the least recently registered`, async () => {
    const m = await t.signUp();
    const subs = Array.from({ length: MAX_PUSH_DEVICES + 2 }, () => subscription());
    for (const s of subs) expect((await register(m.auth, s)).statusCode).toBe(200);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id));
    expect(rows).toHaveLength(MAX_PUSH_DEVICES);
    expect(rows.some((r) => r.endpoint === subs[subs.length - 1].endpoint)).toBe(true);
  });

  it("refuses malformed subscriptions with 400 naming the token", async () => {
    const m = await t.signUp();
    const good = subscription();
    const cases: [unknown, string][] = [
      ["not json", NOTIFICATIONS_TEXT.badSubscription],
      [{ ...good, endpoint: "http://fcm.googleapis.com/fcm/send/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://10.0.0.5/push/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://169.254.169.254/latest" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://[fd00::1]/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://metadata/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      // Names that look public, judged by what they resolve to (testing/dns-stand-in.ts).
      [{ ...good, endpoint: "https://127.0.0.1.nip.io/push/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://localhost./push/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://metadata.google.internal/computeMetadata/v1/" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://intranet.church.example/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://mixed.example.org/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://mapped.example.org/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://cgnat.example.org/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://no-such-name.example/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://push.example.org:8443/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "https://user:pw@push.example.org/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: "ftp://push.example.org/x" }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, endpoint: undefined }, NOTIFICATIONS_TEXT.badEndpoint],
      [{ ...good, keys: { ...good.keys, p256dh: "abc" } }, NOTIFICATIONS_TEXT.badP256dh],
      [{ ...good, keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url") } }, NOTIFICATIONS_TEXT.badP256dh],
      [{ ...good, keys: { ...good.keys, auth: randomBytes(8).toString("base64url") } }, NOTIFICATIONS_TEXT.badAuth],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, NOTIFICATIONS_TEXT.badAuth],
    ];
    for (const [sub, message] of cases) {
      const res = await register(m.auth, sub);
      expect(res.statusCode, JSON.stringify(sub)).toBe(400);
      expect(res.json()).toMatchObject({ error: message, issues: [{ path: "token", message }] });
    }
    expect((await register(m.auth, good, "ios")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/notifications/register-token", payload: { token: JSON.stringify(good), deviceType: "web" } })).statusCode).toBe(401);
    expect((await prefs(m.auth)).deviceCount).toBe(0);
  });

  it("allows plain-http localhost endpoints in tests only (the stand-in push service), not in development or production", async () => {
    const m = await t.signUp();
    expect((await register(m.auth, subscription("http://127.0.0.1:9/push/x"))).statusCode).toBe(200);
    const dev = await createTestApp({ env: { NODE_ENV: "development" }, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
    try {
      const res = await dev.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: m.auth, payload: { token: JSON.stringify(subscription("http://127.0.0.1:9/push/d")), deviceType: "web" } });
      expect(res.statusCode).toBe(400);
    } finally {
      await dev.close();
    }
    const prod = await createTestApp({ env: { NODE_ENV: "production" }, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
    try {
      const res = await prod.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: m.auth, payload: { token: JSON.stringify(subscription("http://127.0.0.1:9/push/y")), deviceType: "web" } });
      expect(res.statusCode).toBe(400);
      const https = await prod.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: m.auth, payload: { token: JSON.stringify(subscription("https://localhost/push/z")), deviceType: "web" } });
      expect(https.statusCode).toBe(400);
    } finally {
      await prod.close();
    }
  });

  it("removes only the member's own device by its URL-encoded token; another's is a 404", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const sub = subscription();
    const token = JSON.stringify(sub);
    await register(a.auth, sub);
    expect((await unregister(b.auth, token)).statusCode).toBe(404);
    expect((await prefs(a.auth)).deviceCount).toBe(1);
    expect((await t.app.inject({ method: "DELETE", url: `/api/notifications/token/${encodeURIComponent(token)}` })).statusCode).toBe(401);
    const res = await unregister(a.auth, token);
    expect(res.statusCode, res.body).toBe(204);
    expect((await prefs(a.auth)).deviceCount).toBe(0);
    expect((await unregister(a.auth, token)).statusCode).toBe(404);
    expect((await unregister(a.auth, "garbage")).statusCode).toBe(404);
  });
});
