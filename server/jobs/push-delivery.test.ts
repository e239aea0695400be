/**
 * Push delivery against a local stand-in push service that checks the VAPID signature and
 * decrypts the payload with the subscription's private key, as a browser would: delivery,
 * removal on 404/410, bounded retries, expiry, and two workers never sending twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import { createTestApp, type TestApp } from "../testing/harness";
import { startPushServiceStandIn, type PushServiceStandIn } from "../testing/push-service-stand-in";
import { notifications, pushDeliveries, pushSubscriptions } from "../db/schema/notifications";
import { backoffMs, MAX_PUSH_ATTEMPTS, runPushDelivery, startPushDelivery } from "./push-delivery";
import { PUSH_TTL_SECONDS } from "../../contract/notifications";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

const vapid = webpush.generateVAPIDKeys();
const env = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:pushes@koinonia.test" };
let clock: Date | null = null;
const now = () => clock ?? new Date();
let t: TestApp;
let second: TestApp;
let push: PushServiceStandIn;
let staff: Account;

beforeAll(async () => {
  t = await createTestApp({ now, env });
  second = await createTestApp({ now, env, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
  push = await startPushServiceStandIn();
  push.expectVapidKey(vapid.publicKey);
  staff = await t.signUp("STAFF");
});
afterAll(async () => {
  await push.close();
  await second.close();
  await t.close();
});

/** A member with `devices` browsers subscribed at the stand-in. */
async function memberWithDevices(devices = 1) {
  const m = await t.signUp();
  const ids: string[] = [];
  for (let i = 0; i < devices; i++) {
    const s = push.subscribe();
    const res = await t.app.inject({ method: "POST", url: "/api/notifications/register-token", headers: m.auth, payload: { token: s.token, deviceType: "web" } });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(s.id);
  }
  return { ...m, devices: ids };
}

/** The member's testimony, approved by staff: one testimonyApproved notification for them. */
async function approvedTestimony(m: Account) {
  const shared = await t.app.inject({ method: "POST", url: "/api/testimonies", headers: m.auth, payload: { text: "Our son came home safe from the hospital." } });
  const id = (shared.json() as { id: string }).id;
  const res = await t.app.inject({ method: "PATCH", url: `/api/testimonies/${id}`, headers: staff.auth, payload: { isApproved: true } });
  expect(res.statusCode, res.body).toBe(200);
  const [n] = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.subjectId, id), eq(notifications.kind, "testimonyApproved")));
  return n;
}

const deliveriesOf = (notificationId: string) => t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, notificationId));

describe("push delivery", () => {
  it("delivers an encrypted, VAPID-signed push that the browser's keys decrypt, once per device", async () => {
    const m = await memberWithDevices(2);
    const n = await approvedTestimony(m);
    const stats = await runPushDelivery(t.deps);
    expect(stats.sent).toBeGreaterThanOrEqual(2);
    for (const id of m.devices) {
      const got = push.pushesTo(id);
      expect(got).toHaveLength(1);
      expect(got[0].status).toBe(201);
      expect(got[0].error).toBeUndefined();
      expect(got[0].vapid).toMatchObject({ aud: push.url, sub: "mailto:pushes@koinonia.test", k: vapid.publicKey });
      expect(got[0].payload).toEqual({ id: n.id, kind: "testimonyApproved", title: "Testimony Approved", body: n.body, url: "/connect", icon: t.deps.church.logoUrl });
      expect(Number(got[0].ttl)).toBeGreaterThan(PUSH_TTL_SECONDS.testimonyApproved - 60);
      expect(got[0].topic).toBe(n.id.replace(/-/g, ""));
    }
    const rows = await deliveriesOf(n.id);
    expect(rows.map((r) => [r.status, r.attempts, r.lastStatus])).toEqual([
      ["sent", 1, 201],
      ["sent", 1, 201],
    ]);
    // Nothing is sent again.
    await runPushDelivery(t.deps);
    for (const id of m.devices) expect(push.pushesTo(id)).toHaveLength(1);
  });

  it("a member who chose Spanish gets the push in Spanish; the inbox keeps the English it was stored in", async () => {
    const m = await memberWithDevices(1);
    const chose = await t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: m.auth, payload: { locale: "es" } });
    expect(chose.statusCode, chose.body).toBeLessThan(300);
    const n = await approvedTestimony(m);
    expect(n.title).toBe("Testimony Approved");
    await runPushDelivery(t.deps);
    const [got] = push.pushesTo(m.devices[0]);
    expect(got.payload).toMatchObject({ id: n.id, title: "Testimonio aprobado", body: "Su testimonio ya se comparte con la iglesia. ¡Gracias!", url: "/connect" });
  });

  it("forgets a device whose push service answers 410 Gone or 404, with its queue; others still get theirs", async () => {
    const m = await memberWithDevices(3);
    const [gone, missing, fine] = m.devices;
    push.respond(gone, 410);
    push.respond(missing, 404);
    const n = await approvedTestimony(m);
    await runPushDelivery(t.deps);
    expect(push.pushesTo(fine).map((p) => p.status)).toEqual([201]);
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([`${push.url}/push/${fine}`]);
    expect((await deliveriesOf(n.id)).map((d) => d.status)).toEqual(["sent"]);
    const prefs = await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: m.auth });
    expect(prefs.json()).toMatchObject({ deviceCount: 1 });
  });

  it("retries a failing push service with back-off, and stops after a bounded number of attempts", async () => {
    const m = await memberWithDevices(2);
    const [flaky, down] = m.devices;
    push.respond(flaky, 503); // then 201
    push.respond(down, ...Array.from({ length: MAX_PUSH_ATTEMPTS + 3 }, () => 500));
    clock = new Date();
    const n = await approvedTestimony(m);
    await runPushDelivery(t.deps);
    let rows = await deliveriesOf(n.id);
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(rows[0].lastError).toMatch(/50[03]/);

    // Not before its back-off has passed.
    await runPushDelivery(t.deps);
    expect(push.pushesTo(flaky)).toHaveLength(1);

    for (let attempt = 1; attempt < MAX_PUSH_ATTEMPTS + 2; attempt++) {
      clock = new Date(clock.getTime() + backoffMs(attempt) + 1000);
      await runPushDelivery(t.deps);
    }
    clock = null;
    expect(push.pushesTo(flaky).map((p) => p.status)).toEqual([503, 201]);
    expect(push.pushesTo(down)).toHaveLength(MAX_PUSH_ATTEMPTS);
    rows = await deliveriesOf(n.id);
    const bySub = Object.fromEntries(
      await Promise.all(rows.map(async (r) => [(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, r.subscriptionId)))[0].endpoint.split("/").pop(), r])),
    );
    expect(bySub[flaky]).toMatchObject({ status: "sent", attempts: 2 });
    expect(bySub[down]).toMatchObject({ status: "failed", attempts: MAX_PUSH_ATTEMPTS, lastStatus: 500 });
    // A device that keeps failing is kept (it may recover); only 404/410 remove it.
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id))).toHaveLength(2);
  });

  it("does not retry answers that will never succeed (a push signed with the wrong key is refused)", async () => {
    const m = await memberWithDevices(1);
    const other = webpush.generateVAPIDKeys();
    const wrongKey = await createTestApp({
      now,
      env: { VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: other.privateKey },
      sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database },
    });
    try {
      const n = await approvedTestimony(m);
      await runPushDelivery(wrongKey.deps);
      expect(push.pushesTo(m.devices[0]).map((p) => p.status)).toEqual([403]);
      expect((await deliveriesOf(n.id))[0]).toMatchObject({ status: "failed", attempts: 1, lastStatus: 403 });
    } finally {
      await wrongKey.close();
    }
  });

  it("drops a push still waiting after its kind's TTL instead of sending it late", async () => {
    const m = await memberWithDevices(1);
    clock = new Date(Date.now() - (PUSH_TTL_SECONDS.testimonyApproved + 60) * 1000);
    const n = await approvedTestimony(m);
    clock = null;
    const stats = await runPushDelivery(t.deps);
    expect(stats.expired).toBeGreaterThanOrEqual(1);
    expect(push.pushesTo(m.devices[0])).toHaveLength(0);
    expect((await deliveriesOf(n.id))[0].status).toBe("expired");
  });

  it("two workers on two server instances at once send each push exactly once", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => memberWithDevices(2)));
    const pastor = await t.signUp("PASTOR");
    const created = await t.app.inject({ method: "POST", url: "/api/services", headers: pastor.auth, payload: { title: "Sunday Worship", date: new Date().toISOString() } });
    const serviceId = (created.json() as { id: string }).id;
    expect((await t.app.inject({ method: "PATCH", url: `/api/services/${serviceId}`, headers: pastor.auth, payload: { isLive: true } })).statusCode).toBe(200);

    const runs = await Promise.all([runPushDelivery(t.deps), runPushDelivery(second.deps), runPushDelivery(t.deps), runPushDelivery(second.deps)]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThanOrEqual(12);
    for (const m of members) {
      for (const id of m.devices) {
        const got = push.pushesTo(id).filter((p) => (p.payload as { kind?: string })?.kind === "serviceStarted");
        expect(got, id).toHaveLength(1);
        expect(got[0].payload).toMatchObject({ title: "Service Started", body: "Sunday Worship is now live!", url: "/sunday" });
        expect(got[0].urgency).toBe("high");
      }
    }
    const ids = (
      await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.subjectId, serviceId), inArray(notifications.userId, members.map((m) => m.user.id))))
    ).map((r) => r.id);
    expect(ids).toHaveLength(members.length);
    const rows = await t.db.select().from(pushDeliveries).where(inArray(pushDeliveries.notificationId, ids));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    await t.app.inject({ method: "PATCH", url: `/api/services/${serviceId}`, headers: pastor.auth, payload: { isLive: false } });
  });

  it("the running job is woken by new notifications, without waiting for its interval", async () => {
    const m = await memberWithDevices(1);
    const job = startPushDelivery(second.deps, { intervalMs: 3_600_000 });
    try {
      await new Promise((r) => setTimeout(r, 200)); // its first pass finds nothing of this member's
      await approvedTestimony(m);
      await push.waitFor(() => push.pushesTo(m.devices[0]).length === 1, 10_000);
      expect(push.pushesTo(m.devices[0])[0].payload).toMatchObject({ kind: "testimonyApproved" });
    } finally {
      await job.stop();
    }
  });
});
