/**
 * Contact sync job against the GoHighLevel stand-in: what gets queued (members, visitor cards,
 * opted-in prayer requests; never anonymous ones), contacts upserted by email with tags added
 * and notes, retries with backoff, giving up with a reason, no duplicates (also with two
 * instances at once), leases, a revoked connection pausing the queue, and disconnect.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { startGhlStandIn, type GhlStandIn } from "../testing/ghl-stand-in";
import { connectGhlThroughStandIn } from "../testing/connect-ghl";
import { crmSyncItems, integrations } from "../db/schema/integrations";
import { prayerRequests } from "../db/schema/prayer";
import { backoffMs, CRM_SYNC, runCrmSync } from "./crm-sync";
import { CRM_TAGS, type Integration } from "../../contract/integrations";

let fixed: Date | null = null;
const now = () => fixed ?? new Date();
let ghl: GhlStandIn;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp["signUp"]>>;

beforeAll(async () => {
  ghl = await startGhlStandIn();
  t = await createTestApp({ now, env: ghl.env() });
  staff = await t.signUp("STAFF");
  await connectGhlThroughStandIn(t, staff.auth);
});
afterAll(async () => {
  await t.close();
  await ghl.close();
});
beforeEach(() => {
  fixed = null;
});

const itemOf = async (sourceId: string) => (await t.db.select().from(crmSyncItems).where(eq(crmSyncItems.sourceId, sourceId)))[0];
const upsertsFor = (email: string) => ghl.apiCalls("/contacts/upsert").filter((r) => r.body?.email === email);
const contact = (email: string) => ghl.state.contacts.get(email.toLowerCase());
const notesOf = (email: string) => ghl.state.notes.filter((n) => n.contactId === contact(email)?.id);
const listIntegrations = async () => (await t.app.inject({ method: "GET", url: "/api/integrations", headers: staff.auth })).json() as Integration[];

async function visitorCard(name: string, email: string, ip: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/visitors",
    remoteAddress: ip,
    payload: { name, email, phone: "(407) 555-0142", heardFrom: "A friend or family member", prayerRequest: "Pray for my new job" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function prayer(auth: { authorization: string }, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/prayer-requests", headers: auth, payload: { description: "Please pray with us.", category: "Health & Healing", ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe("queueing", () => {
  it("nothing is queued while the CRM is not connected", async () => {
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    await t.app.inject({ method: "DELETE", url: `/api/integrations/${row.id}`, headers: staff.auth });
    const m = await t.signUp();
    expect(await itemOf(m.user.id)).toBeUndefined();
    await connectGhlThroughStandIn(t, staff.auth);
    const later = await t.signUp();
    expect(await itemOf(later.user.id)).toMatchObject({ kind: "member", status: "pending", attempts: 0 });
  });

  it("the member's request never waits for the CRM: registering while the CRM fails makes no CRM call", async () => {
    await runCrmSync(t.deps); // drain
    const before = ghl.state.requests.length;
    ghl.failNext("/", 500, 50);
    const m = await t.signUp();
    expect(ghl.state.requests.length).toBe(before);
    expect(await itemOf(m.user.id)).toMatchObject({ status: "pending" });
    ghl.state.failures.length = 0;
  });
});

describe("sending", () => {
  it("a new member becomes a contact (upsert by email) with the member tags, once", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" });
    const result = await runCrmSync(t.deps);
    expect(result.sent).toBe(1);
    expect(contact(m.user.email)).toMatchObject({ email: m.user.email, firstName: "Lydia", lastName: "Thyatira", source: "Koinonia app", tags: [...CRM_TAGS.member] });
    const up = upsertsFor(m.user.email);
    expect(up).toHaveLength(1);
    expect(up[0].headers.authorization).toMatch(/^Bearer at_/);
    expect(up[0].headers.version).toBe("2021-07-28");
    expect(up[0].body?.locationId).toBe(ghl.locationId);
    expect(await itemOf(m.user.id)).toMatchObject({ status: "sent", attempts: 1, contactId: contact(m.user.email)!.id, leaseId: null });
    // Later passes send nothing more.
    await runCrmSync(t.deps);
    await runCrmSync(t.deps);
    expect(upsertsFor(m.user.email)).toHaveLength(1);
    expect((await listIntegrations())[0].sync!.sent).toBeGreaterThanOrEqual(1);
  });

  it("a first-time visitor card becomes a contact with a note", async () => {
    const id = await visitorCard("Cornelius of Caesarea", "cornelius@example.org", "10.1.0.1");
    await runCrmSync(t.deps);
    expect(contact("cornelius@example.org")).toMatchObject({ firstName: "Cornelius", lastName: "of Caesarea", phone: "(407) 555-0142", tags: [...CRM_TAGS.visitor] });
    const notes = notesOf("cornelius@example.org");
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain("How they heard about us: A friend or family member");
    expect(notes[0].body).toContain("Pray for my new job");
    expect(await itemOf(id)).toMatchObject({ kind: "visitor", status: "sent", noteId: notes[0].id });
  });

  it("adds tags without replacing the contact's own (a member who was a visitor keeps both)", async () => {
    await visitorCard("Priscilla Aquila", "priscilla@example.org", "10.1.0.2");
    await runCrmSync(t.deps);
    await t.signUp("MEMBER", { email: "priscilla@example.org", firstName: "Priscilla", lastName: "Aquila" });
    await runCrmSync(t.deps);
    expect(new Set(contact("priscilla@example.org")!.tags)).toEqual(new Set([...CRM_TAGS.visitor, ...CRM_TAGS.member]));
    expect(upsertsFor("priscilla@example.org").every((r) => r.body?.tags === undefined)).toBe(true);
  });

  it("prayer requests go only when the author opted in, and anonymous ones never", async () => {
    await runCrmSync(t.deps);
    const shared = await t.signUp("MEMBER", { firstName: "Hannah", lastName: "Elkanah" });
    const notShared = await t.signUp();
    const anonymous = await t.signUp("MEMBER", { firstName: "Quiet", lastName: "Member" });
    await runCrmSync(t.deps); // their member contacts
    const a = await prayer(shared.auth, { title: "Healing for Mom", isUrgent: true, shareWithCareTeam: true });
    const b = await prayer(notShared.auth, { title: "Private request" });
    const c = await prayer(anonymous.auth, { title: "Anonymous need", isAnonymous: true, shareWithCareTeam: true });
    expect(await itemOf(a)).toMatchObject({ kind: "prayer", status: "pending" });
    expect(await itemOf(b)).toBeUndefined();
    expect(await itemOf(c)).toBeUndefined();
    const [stored] = await t.db.select().from(prayerRequests).where(eq(prayerRequests.id, c));
    expect(stored.shareWithCareTeam).toBe(false);

    await runCrmSync(t.deps);
    const notes = notesOf(shared.user.email);
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain("Prayer request (URGENT): Healing for Mom");
    expect(notes[0].body).toContain("Category: Health & Healing");
    expect(new Set(contact(shared.user.email)!.tags)).toEqual(new Set([...CRM_TAGS.member, ...CRM_TAGS.prayer]));
    expect(notesOf(notShared.user.email)).toHaveLength(0);
    expect(notesOf(anonymous.user.email)).toHaveLength(0);
    expect(ghl.state.notes.some((n) => n.body.includes("Anonymous need") || n.body.includes("Private request"))).toBe(false);
  });

  it("a queued prayer later made anonymous (or deleted) is cancelled, not sent", async () => {
    const m = await t.signUp();
    await runCrmSync(t.deps);
    const id = await prayer(m.auth, { title: "Changed my mind", shareWithCareTeam: true });
    await t.db.update(prayerRequests).set({ isAnonymous: true }).where(eq(prayerRequests.id, id));
    const result = await runCrmSync(t.deps);
    expect(result.cancelled).toBe(1);
    expect(await itemOf(id)).toMatchObject({ status: "cancelled" });
    expect(ghl.state.notes.some((n) => n.body.includes("Changed my mind"))).toBe(false);
  });
});

describe("failures", () => {
  it("retries with exponential backoff, then sends", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp();
    const t0 = new Date(Date.now() + 60_000);
    fixed = t0;
    ghl.failNext("/contacts/upsert", 503, 2);
    expect(await runCrmSync(t.deps)).toMatchObject({ sent: 0, retried: 1 });
    let item = await itemOf(m.user.id);
    expect(item).toMatchObject({ status: "pending", attempts: 1, leaseId: null });
    expect(item.lastError).toContain("503");
    expect(item.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));
    expect(backoffMs(1)).toBe(60_000);

    // Not due yet: nothing happens.
    const calls = upsertsFor(m.user.email).length;
    await runCrmSync(t.deps);
    expect(upsertsFor(m.user.email)).toHaveLength(calls);

    fixed = new Date(item.nextAttemptAt.getTime() + 1000);
    expect(await runCrmSync(t.deps)).toMatchObject({ retried: 1 });
    item = await itemOf(m.user.id);
    expect(item.attempts).toBe(2);
    expect(item.nextAttemptAt.getTime()).toBe(fixed.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(120_000);

    fixed = new Date(item.nextAttemptAt.getTime() + 1000);
    expect(await runCrmSync(t.deps)).toMatchObject({ sent: 1 });
    expect(await itemOf(m.user.id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(upsertsFor(m.user.email)).toHaveLength(3); // two refused, one accepted
    expect(ghl.state.contacts.has(m.user.email)).toBe(true);
  });

  it("gives up after the bounded number of attempts and records why", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp();
    ghl.failNext("/contacts/upsert", 500, CRM_SYNC.maxAttempts);
    let at = Date.now() + 120_000;
    for (let i = 1; i <= CRM_SYNC.maxAttempts; i++) {
      fixed = new Date(at);
      await runCrmSync(t.deps);
      at += backoffMs(i) + 1000;
    }
    const item = await itemOf(m.user.id);
    expect(item).toMatchObject({ status: "failed", attempts: CRM_SYNC.maxAttempts });
    expect(item.lastError).toMatch(new RegExp(`^Gave up after ${CRM_SYNC.maxAttempts} attempts: .*500`));
    expect(backoffMs(30)).toBe(CRM_SYNC.maxDelayMs);
    fixed = new Date(at + 10 * 3_600_000);
    await runCrmSync(t.deps);
    expect(upsertsFor(m.user.email)).toHaveLength(CRM_SYNC.maxAttempts);
    const sync = (await listIntegrations())[0].sync!;
    expect(sync.failed).toBeGreaterThanOrEqual(1);
    expect(sync.lastError).toContain("Gave up after");
  });

  it("a request the CRM refuses for good (422) fails at once", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp();
    ghl.failNext("/contacts/upsert", 422, 1, { statusCode: 422, message: ["email must be an email"], error: "Unprocessable Entity" });
    expect(await runCrmSync(t.deps)).toMatchObject({ failed: 1 });
    expect(await itemOf(m.user.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "Refused by Go High Level: Go High Level answered 422 (upsert contact): email must be an email" });
  });

  it("a retry never repeats a step that succeeded (no second contact upsert, one note)", async () => {
    await runCrmSync(t.deps);
    const id = await visitorCard("Tabitha Joppa", "tabitha@example.org", "10.1.0.3");
    ghl.failNext(/\/notes$/, 502, 1);
    expect(await runCrmSync(t.deps)).toMatchObject({ retried: 1 });
    const item = await itemOf(id);
    expect(item.contactId).toBe(contact("tabitha@example.org")!.id);
    expect(item.noteId).toBeNull();
    fixed = new Date(item.nextAttemptAt.getTime() + 1000);
    expect(await runCrmSync(t.deps)).toMatchObject({ sent: 1 });
    expect(upsertsFor("tabitha@example.org")).toHaveLength(1);
    expect(notesOf("tabitha@example.org")).toHaveLength(1);
  });

  it("a revoked connection pauses the queue without spending attempts; reconnecting resumes it", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp();
    ghl.revokeAll();
    await runCrmSync(t.deps);
    expect(await itemOf(m.user.id)).toMatchObject({ status: "pending", attempts: 0, leaseId: null });
    expect((await listIntegrations())[0]).toMatchObject({ isActive: false });
    // Still queued while the connection waits for staff.
    const m2 = await t.signUp();
    expect(await itemOf(m2.user.id)).toMatchObject({ status: "pending" });
    await runCrmSync(t.deps); // inactive: does nothing
    await connectGhlThroughStandIn(t, staff.auth);
    await runCrmSync(t.deps);
    expect(await itemOf(m.user.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await itemOf(m2.user.id)).toMatchObject({ status: "sent" });
  });
});

describe("two instances and leases", () => {
  it("two instances at once send each thing exactly once", async () => {
    await runCrmSync(t.deps);
    const second = await createTestApp({ now, env: ghl.env(), sameDatabaseAs: t.databaseUrl ? { databaseUrl: t.databaseUrl } : { database: t.database } });
    (second.deps as { secrets: unknown }).secrets = t.deps.secrets; // one SECRETS_KEY for all instances
    try {
      const members = await Promise.all(Array.from({ length: 4 }, () => t.signUp()));
      const emails = ["silas@example.org", "timothy@example.org", "phoebe@example.org"];
      for (const [i, e] of emails.entries()) await visitorCard(`Visitor ${i}`, e, `10.2.0.${i}`);
      const results = await Promise.all([runCrmSync(t.deps), runCrmSync(second.deps), runCrmSync(t.deps), runCrmSync(second.deps)]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(members.length + emails.length);
      for (const m of members) expect(upsertsFor(m.user.email)).toHaveLength(1);
      for (const e of emails) {
        expect(upsertsFor(e)).toHaveLength(1);
        expect(notesOf(e)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it("a row held by a crashed instance is taken over once its lease expires", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp();
    const t0 = Date.now();
    await t.db
      .update(crmSyncItems)
      .set({ leaseId: "00000000-0000-4000-8000-00000000dead", leaseUntil: new Date(t0 + CRM_SYNC.leaseMs) })
      .where(and(eq(crmSyncItems.sourceId, m.user.id)));
    fixed = new Date(t0 + 1000);
    await runCrmSync(t.deps);
    expect(upsertsFor(m.user.email)).toHaveLength(0);
    fixed = new Date(t0 + CRM_SYNC.leaseMs + 1000);
    await runCrmSync(t.deps);
    expect(await itemOf(m.user.id)).toMatchObject({ status: "sent" });
    expect(upsertsFor(m.user.email)).toHaveLength(1);
  });

  it("keeps the access token fresh while the queue is idle", async () => {
    await runCrmSync(t.deps);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    const before = ghl.state.tokenCalls.filter((c) => c.grant_type === "refresh_token").length;
    fixed = new Date(row.expiresAt!.getTime() - 60_000);
    await runCrmSync(t.deps);
    expect(ghl.state.tokenCalls.filter((c) => c.grant_type === "refresh_token")).toHaveLength(before + 1);
    const [after] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    expect(after.expiresAt!.getTime()).toBeGreaterThan(row.expiresAt!.getTime());
  });

  it("disconnecting cancels what was still waiting", async () => {
    await runCrmSync(t.deps);
    const m = await t.signUp();
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    expect((await t.app.inject({ method: "DELETE", url: `/api/integrations/${row.id}`, headers: staff.auth })).statusCode).toBe(204);
    expect(await itemOf(m.user.id)).toMatchObject({ status: "cancelled", lastError: "Go High Level was disconnected" });
    await connectGhlThroughStandIn(t, staff.auth);
    await runCrmSync(t.deps);
    expect(upsertsFor(m.user.email)).toHaveLength(0);
  });
});
