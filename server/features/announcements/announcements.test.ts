/**
 * Announcements (issue 18, decision 0110): who may compose them, validation, audiences, each
 * channel by the member's preferences and language, scheduling (UTC in, UTC out; the church's
 * wall time to UTC across daylight saving), cancelling, and exactly once per member and channel
 * with two sender instances at once. The kill test is server/jobs/announcements.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID, randomBytes } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { announcementDeliveries, announcements } from "../../db/schema/announcements";
import { emailOptOuts, notificationOptOuts, notifications, pushDeliveries, pushSubscriptions } from "../../db/schema/notifications";
import { emailOutbox } from "../../db/schema/platform";
import { groupMembers, smallGroups } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { sendDueAnnouncements } from "./send-announcements";
import { ANNOUNCEMENT_TEXT, ZAnnouncementList, type Announcement, type AnnouncementList } from "../../../contract/announcements";
import { churchWallTimeToUtc, formatInTimeZone } from "../../../contract/zoned-time";
import { messagesFor } from "../../i18n";
import { ERROR_TEXT } from "../../../contract/errors-text";

let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestApp;
let staff: Awaited<ReturnType<TestApp["signUp"]>>;
let pastor: Awaited<ReturnType<TestApp["signUp"]>>;
let owner: Awaited<ReturnType<TestApp["signUp"]>>;
let member: Awaited<ReturnType<TestApp["signUp"]>>;

beforeAll(async () => {
  t = await createTestApp({ now, env: { RATE_LIMITS: "announcement=1000" } });
  staff = await t.signUp("STAFF", { firstName: "Sam", lastName: "Staff" });
  pastor = await t.signUp("PASTOR");
  owner = await t.signUp("OWNER");
  member = await t.signUp();
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = null;
  // Each test starts with no announcement and an empty outbox (members stay).
  await t.db.delete(announcements);
  await t.db.delete(notifications).where(eq(notifications.kind, "announcement"));
  await t.db.delete(emailOutbox);
});

const post = (who: { auth: Record<string, string> } | null, payload: unknown, lang?: string) =>
  t.app.inject({ method: "POST", url: "/api/announcements", payload: payload as object, headers: { ...who?.auth, ...(lang ? { "accept-language": lang } : {}) } });
const base = { title: "Potluck Sunday", body: "Bring a dish to share after the 11 am service.", audience: "everyone", channels: ["inbox", "email"] };
const list = async (who = staff) => (await t.app.inject({ method: "GET", url: "/api/announcements", headers: who.auth })).json() as AnnouncementList;
const compose = async (payload: object = {}, who = staff) => {
  const res = await post(who, { ...base, ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Announcement;
};
const inboxOf = (userId: string) => t.db.select().from(notifications).where(sql`${notifications.userId} = ${userId} and ${notifications.kind} = 'announcement'`);
const emailsTo = (address: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, address));

/** Members inserted directly (fast), with a language. */
async function addMembers(n: number, opts: { locale?: string; role?: "MEMBER" | "STAFF" } = {}) {
  const tag = randomBytes(4).toString("hex");
  return t.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `m${i}-${tag}@example.org`,
        passwordHash: "x",
        firstName: "M",
        lastName: String(i),
        role: opts.role ?? ("MEMBER" as const),
        locale: opts.locale ?? "en",
        createdAt: new Date(Date.now() - 60_000),
      })),
    )
    .returning();
}

describe("who may compose", () => {
  it("OWNER, PASTOR and STAFF compose, list and cancel; a member gets 403 on each; no session 401", async () => {
    for (const who of [staff, pastor, owner]) expect((await post(who, base)).statusCode).toBe(201);
    const one = (await list()).scheduled?.[0] ?? (await list()).sent[0];
    expect(one.createdBy).toBeTruthy();
    expect((await post(member, base)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/announcements", headers: member.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: `/api/announcements/${one.id}/cancel`, headers: member.auth })).statusCode).toBe(403);
    expect((await post(null, base)).statusCode).toBe(401);
    // The member's refused attempt wrote nothing.
    expect(await t.db.select().from(announcements)).toHaveLength(3);
  });
});

describe("validation", () => {
  const issue = async (payload: object, lang?: string) => {
    const res = await post(staff, { ...base, ...payload }, lang);
    expect(res.statusCode, res.body).toBe(400);
    return (res.json() as { issues: { path: string; message: string }[] }).issues;
  };
  it("each bad field is a 400 naming the field with a clear message", async () => {
    expect(await issue({ title: "  " })).toContainEqual({ path: "body.title", message: ANNOUNCEMENT_TEXT.titleRequired });
    expect(await issue({ title: "x".repeat(121) })).toContainEqual({ path: "body.title", message: ANNOUNCEMENT_TEXT.titleTooLong });
    expect(await issue({ body: "" })).toContainEqual({ path: "body.body", message: ANNOUNCEMENT_TEXT.bodyRequired });
    expect(await issue({ url: "javascript:alert(1)" })).toContainEqual({ path: "body.url", message: ANNOUNCEMENT_TEXT.urlInvalid });
    expect(await issue({ url: "//evil.example" })).toContainEqual({ path: "body.url", message: ANNOUNCEMENT_TEXT.urlInvalid });
    expect(await issue({ url: "http://example.org" })).toContainEqual({ path: "body.url", message: ANNOUNCEMENT_TEXT.urlInvalid });
    expect(await issue({ titleEs: "Comida" })).toContainEqual({ path: "body.bodyEs", message: ANNOUNCEMENT_TEXT.spanishBoth });
    expect(await issue({ audience: "nobody" })).toContainEqual({ path: "body.audience", message: ANNOUNCEMENT_TEXT.audienceInvalid });
    expect(await issue({ audience: { group: randomUUID() } })).toContainEqual({ path: "body.audience.group", message: ANNOUNCEMENT_TEXT.groupNotFound });
    expect(await issue({ channels: [] })).toContainEqual({ path: "body.channels", message: ANNOUNCEMENT_TEXT.channelsRequired });
    expect((await issue({ channels: ["sms"] }))[0].path).toBe("body.channels.0");
    expect(await issue({ channels: ["push"] })).toContainEqual({ path: "body.channels", message: ANNOUNCEMENT_TEXT.pushNeedsInbox });
    expect(await issue({ sendAt: "2027-01-01 09:00" })).toContainEqual({ path: "body.sendAt", message: ANNOUNCEMENT_TEXT.sendAtInvalid });
    expect(await issue({ sendAt: new Date(Date.now() - 60_000).toISOString() })).toContainEqual({ path: "body.sendAt", message: ANNOUNCEMENT_TEXT.sendAtPast });
    expect(await issue({ sendAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).toContainEqual({ path: "body.sendAt", message: ANNOUNCEMENT_TEXT.sendAtTooFar });
    expect(await t.db.select().from(announcements)).toHaveLength(0);
  });

  it("in the member's language (Spanish)", async () => {
    const es = messagesFor("es").announcements;
    expect(await issue({ title: "" }, "es")).toContainEqual({ path: "body.title", message: es.titleRequired });
    expect(await issue({ sendAt: new Date(Date.now() - 60_000).toISOString() }, "es")).toContainEqual({ path: "body.sendAt", message: es.sendAtPast });
  });

  it("invisible characters are cleaned from what members will read; a link may be a page of the app or https", async () => {
    const a = await compose({ title: "Pot\u200Bluck\u202E", url: "/connect" });
    expect(a.title).toBe("Potluck");
    expect((await compose({ url: "https://example.org/signup" })).url).toBe("https://example.org/signup");
  });
});

describe("audience and channels", () => {
  it("everyone, staff or one group's members: each exactly the right members, in their language", async () => {
    const [es] = await addMembers(1, { locale: "es" });
    const [outsider] = await addMembers(1);
    const [group] = await t.db.insert(smallGroups).values({ name: `Young Adults ${randomUUID()}`, description: "", meetingInfo: "" }).returning();
    await t.db.insert(groupMembers).values([{ groupId: group.id, userId: es.id }, { groupId: group.id, userId: member.user.id }]);

    const toGroup = await compose({ audience: { group: group.id }, titleEs: "Comida compartida", bodyEs: "Traiga un plato.", channels: ["inbox"] });
    expect(toGroup.groupName).toBe(group.name);
    const toStaff = await compose({ title: "Staff meeting", audience: "staff", channels: ["inbox"] });
    await sendDueAnnouncements(t.deps);

    const subjects = async (userId: string) => (await inboxOf(userId)).map((n) => [n.subjectId, n.title]);
    expect(await subjects(es.id)).toEqual([[toGroup.id, "Comida compartida"]]);
    expect(await subjects(member.user.id)).toEqual([[toGroup.id, "Potluck Sunday"]]);
    expect(await subjects(outsider.id)).toEqual([]);
    for (const s of [staff, pastor, owner]) expect(await subjects(s.user.id)).toEqual([[toStaff.id, "Staff meeting"]]);
    const after = await list();
    expect(after.sent.find((a) => a.id === toGroup.id)).toMatchObject({ status: "sent", recipients: 2, reached: { inbox: 2, push: 0, email: 0 } });
    expect(after.sent.find((a) => a.id === toStaff.id)).toMatchObject({ status: "sent", recipients: 3, reached: { inbox: 3 } });

    // Everyone: every member, once.
    const all = await compose({ channels: ["inbox"] });
    await sendDueAnnouncements(t.deps);
    const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    expect((await list()).sent.find((a) => a.id === all.id)).toMatchObject({ recipients: total, reached: { inbox: total } });
  });

  it("each channel by the member's preferences: kind off skips inbox and push; Email updates off skips email; push needs a device", async () => {
    const [kindOff, emailOff, withDevice, plain, spanish] = await addMembers(5);
    await t.db.update(users).set({ locale: "es" }).where(eq(users.id, spanish.id));
    await t.db.insert(notificationOptOuts).values({ userId: kindOff.id, kind: "announcement" });
    // The Email updates switch, through the API, as the Profile page does.
    const res = await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: member.auth, payload: { emailUpdates: false } });
    expect(res.json()).toMatchObject({ emailUpdates: false });
    await t.db.insert(emailOptOuts).values({ userId: emailOff.id });
    await t.db.insert(pushSubscriptions).values({ userId: withDevice.id, endpoint: `https://push.example/${randomUUID()}`, p256dh: "k", auth: "a" });

    const a = await compose({ channels: ["inbox", "push", "email"], url: "/connect", titleEs: "Comida compartida", bodyEs: "Traiga un plato." });
    await sendDueAnnouncements(t.deps);

    expect(await inboxOf(kindOff.id)).toHaveLength(0);
    expect(await emailsTo(kindOff.email)).toHaveLength(1);
    expect(await inboxOf(emailOff.id)).toHaveLength(1);
    expect(await emailsTo(emailOff.email)).toHaveLength(0);
    expect(await emailsTo(member.user.email)).toHaveLength(0);
    const [n] = await inboxOf(withDevice.id);
    expect(n.url).toBe("/connect");
    expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, n.id))).toHaveLength(1);
    expect(await emailsTo(plain.email)).toHaveLength(1);

    // The email: the one layout, in the member's language, with the way to stop them.
    const [en] = await emailsTo(plain.email);
    expect(en.subject).toBe("Potluck Sunday");
    // Church news: cancelled if the member deletes their account before it goes (decision 0117).
    expect(en.kind).toBe("news");
    expect(en.html).toContain("<!doctype html>");
    expect(en.text).toContain("Bring a dish to share");
    expect(en.text).toContain(ANNOUNCEMENT_TEXT.emailFooter);
    expect(en.html).toContain(`${t.deps.config.publicUrl}/connect`);
    const [es] = await emailsTo(spanish.email);
    expect(es.subject).toBe("Comida compartida");
    expect(es.html).toContain('lang="es"');
    expect(es.text).toContain(messagesFor("es").announcements.emailFooter);
    expect((await inboxOf(spanish.id))[0].body).toBe("Traiga un plato.");

    // The record: one claim per member and channel; the counters match the rows.
    const rows = await t.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, a.id));
    const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    expect(rows).toHaveLength(total * 3);
    const delivered = (c: string) => rows.filter((r) => r.channel === c && r.outcome === "delivered").length;
    const sent = (await list()).sent.find((x) => x.id === a.id)!;
    expect(sent.reached).toEqual({ inbox: delivered("inbox"), push: delivered("push"), email: delivered("email") });
    expect(sent.reached.push).toBe(1);
    expect(sent.reached.inbox).toBe(total - 1);
    expect(sent.reached.email).toBe(total - 2);
    expect(rows.find((r) => r.userId === kindOff.id && r.channel === "inbox")?.outcome).toBe("skipped");
    expect(rows.find((r) => r.userId === emailOff.id && r.channel === "email")?.outcome).toBe("skipped");
  });

  it("the Email updates switch reads back, and turns on again", async () => {
    const off = await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: pastor.auth, payload: { emailUpdates: false } });
    expect(off.json()).toMatchObject({ emailUpdates: false });
    expect((await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: pastor.auth })).json()).toMatchObject({ emailUpdates: false });
    const on = await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: pastor.auth, payload: { emailUpdates: true } });
    expect(on.json()).toMatchObject({ emailUpdates: true });
    expect((await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: pastor.auth, payload: { emailUpdates: "no" } })).statusCode).toBe(400);
  });
});

describe("scheduling and cancelling", () => {
  it("sendAt with an offset is stored and answered in UTC; nothing goes before it, everything after", async () => {
    // Two days ahead at 09:00 on a clock five hours behind UTC.
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const due = new Date(`${day}T14:00:00.000Z`);
    const a = await compose({ sendAt: `${day}T09:00:00-05:00`, channels: ["inbox"] });
    expect(a.sendAt).toBe(due.toISOString());
    expect(a.status).toBe("scheduled");
    expect((await list()).scheduled?.map((x) => x.id)).toEqual([a.id]);
    clock = new Date(due.getTime() - 1000);
    expect(await sendDueAnnouncements(t.deps)).toBe(0);
    expect(await inboxOf(member.user.id)).toHaveLength(0);
    clock = due;
    expect(await sendDueAnnouncements(t.deps)).toBeGreaterThan(0);
    expect(await inboxOf(member.user.id)).toHaveLength(1);
    clock = null;
    const sent = (await list()).sent.find((x) => x.id === a.id)!;
    expect(sent).toMatchObject({ status: "sent", startedAt: due.toISOString() });
  });

  it("the church's wall time becomes UTC across daylight saving (America/New_York), and shows back in the church's zone", () => {
    const zone = "America/New_York";
    // Winter (EST, -5) and summer (EDT, -4).
    expect(churchWallTimeToUtc("2027-01-10T09:00", zone)).toBe("2027-01-10T14:00:00.000Z");
    expect(churchWallTimeToUtc("2027-07-10T09:00", zone)).toBe("2027-07-10T13:00:00.000Z");
    // The day the clocks go forward: 01:30 is EST, 03:30 EDT; 02:30 does not exist and moves on an hour.
    expect(churchWallTimeToUtc("2027-03-14T01:30", zone)).toBe("2027-03-14T06:30:00.000Z");
    expect(churchWallTimeToUtc("2027-03-14T03:30", zone)).toBe("2027-03-14T07:30:00.000Z");
    expect(churchWallTimeToUtc("2027-03-14T02:30", zone)).toBe("2027-03-14T07:30:00.000Z");
    // The day they go back: 01:30 happens twice; the first (EDT) is taken.
    expect(churchWallTimeToUtc("2027-11-07T01:30", zone)).toBe("2027-11-07T05:30:00.000Z");
    expect(churchWallTimeToUtc("2027-11-07T09:00", zone)).toBe("2027-11-07T14:00:00.000Z");
    expect(churchWallTimeToUtc("not a time", zone)).toBeNull();
    // Back to the church's wall time, whatever the server's or the browser's zone.
    expect(formatInTimeZone("2027-07-10T13:00:00.000Z", zone, "en")).toMatch(/Jul 10.*9:00\s?AM/);
    expect(formatInTimeZone("2027-01-10T14:00:00.000Z", zone, "es")).toMatch(/10 ene.*9:00/);
  });

  it("a scheduled one can be cancelled until it starts sending: then nothing is sent; once sending, 409", async () => {
    const a = await compose({ sendAt: new Date(Date.now() + 3600_000).toISOString(), channels: ["inbox", "email"] });
    const res = await t.app.inject({ method: "POST", url: `/api/announcements/${a.id}/cancel`, headers: pastor.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled" });
    // Again: the same answer.
    expect((await t.app.inject({ method: "POST", url: `/api/announcements/${a.id}/cancel`, headers: pastor.auth })).json()).toMatchObject({ status: "cancelled" });
    clock = new Date(Date.now() + 7200_000);
    await sendDueAnnouncements(t.deps);
    expect(await inboxOf(member.user.id)).toHaveLength(0);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
    expect((await list()).sent.find((x) => x.id === a.id)).toMatchObject({ status: "cancelled", recipients: 0 });

    clock = null;
    const b = await compose({ channels: ["inbox"] });
    await sendDueAnnouncements(t.deps);
    const late = await t.app.inject({ method: "POST", url: `/api/announcements/${b.id}/cancel`, headers: staff.auth });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(ANNOUNCEMENT_TEXT.alreadySending);
    expect((await t.app.inject({ method: "POST", url: `/api/announcements/${randomUUID()}/cancel`, headers: staff.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `/api/announcements/not-an-id/cancel`, headers: staff.auth })).statusCode).toBe(400);
  });
});

describe("exactly once", () => {
  it("two sender instances at once, in small batches: every member exactly once per channel", async () => {
    // Everyone receives every channel here (earlier tests turned some off).
    await t.db.delete(notificationOptOuts);
    await t.db.delete(emailOptOuts);
    const extra = await addMembers(300);
    const second = await createTestApp({ now, sameDatabaseAs: sameDatabase(t) });
    try {
      const a = await compose({ channels: ["inbox", "email"] });
      const b = await compose({ title: "Second", channels: ["email"] });
      const run = (deps: typeof t.deps) => sendDueAnnouncements(deps, { batchSize: 7 });
      const [x, y] = await Promise.all([run(t.deps), run(second.deps)]);
      // Whatever either left (it found the other holding the row), one more round finishes.
      await Promise.all([run(t.deps), run(second.deps)]);
      expect(x + y).toBeGreaterThan(0);
      const total = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
      const perMember = (await t.db.execute(sql`
        select user_id, count(*)::int as n from notifications where subject_id = ${a.id}::uuid group by user_id having count(*) <> 1
      `)) as unknown as { rows: unknown[] };
      expect(perMember.rows).toEqual([]);
      const missing = (await t.db.execute(sql`select u.id, u.email, u.created_at, a.started_at from users u, announcements a where a.id = ${a.id}::uuid and not exists (select 1 from notifications n where n.user_id = u.id and n.subject_id = ${a.id}::uuid)`)) as unknown as { rows: unknown[] };
      expect(missing.rows).toEqual([]);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.subjectId, a.id))).toEqual([{ n: total }]);
      // Two announcements with email: each address exactly twice.
      const perAddress = (await t.db.execute(sql`select "to", count(*)::int as n from email_outbox group by "to"`)) as unknown as { rows: { n: number }[] };
      expect(perAddress.rows).toHaveLength(total);
      expect(perAddress.rows.every((r) => r.n === 2)).toBe(true);
      for (const e of extra.slice(0, 3)) expect(await emailsTo(e.email)).toHaveLength(2);
      const done = await list();
      expect(done.sent.filter((s) => [a.id, b.id].includes(s.id)).map((s) => s.status)).toEqual(["sent", "sent"]);
      expect(done.sent.find((s) => s.id === a.id)!.reached).toEqual({ inbox: total, push: 0, email: total });
    } finally {
      await second.close();
    }
  });
});

describe("the staff list in pages (issue 23)", () => {
  it("what was sent, newest first, each once across pages (same send times included); what is scheduled on the first page; no texts; a bad cursor is a 400", async () => {
    // 25 sent (five sharing each instant, microseconds apart in one millisecond for some), 2 scheduled, 1 cancelled.
    const at = (i: number) => new Date(Date.UTC(2030, 0, 1 + Math.floor(i / 5)));
    const rows = await t.db
      .insert(announcements)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          title: `Sent ${i}`,
          body: "x".repeat(2000),
          audienceKind: "everyone" as const,
          channels: ["inbox" as const],
          status: "sent" as const,
          sendAt: at(i),
          createdBy: staff.user.id,
        })),
      )
      .returning({ id: announcements.id });
    await t.db.execute(sql`update announcements set send_at = send_at + (random() * interval '900 microseconds') where title like 'Sent 1%'`);
    const later = new Date(Date.now() + 86_400_000);
    await t.db.insert(announcements).values([
      { title: "Soon", body: "b", audienceKind: "staff", channels: ["inbox"], status: "scheduled", sendAt: later },
      { title: "Sooner", body: "b", audienceKind: "staff", channels: ["inbox"], status: "scheduled", sendAt: new Date(later.getTime() - 60_000) },
      { title: "Called off", body: "b", audienceKind: "staff", channels: ["email"], status: "cancelled", sendAt: at(30), cancelledAt: at(29) },
    ]);
    const expected = (
      await t.db
        .select({ id: announcements.id })
        .from(announcements)
        .where(sql`${announcements.status} <> 'scheduled'`)
        .orderBy(desc(announcements.sendAt), desc(announcements.id))
    ).map((r) => r.id);
    expect(expected).toHaveLength(rows.length + 1);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.app.inject({ method: "GET", url: `/api/announcements?limit=4${cursor ? `&cursor=${cursor}` : ""}`, headers: staff.auth });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as AnnouncementList;
      if (pages === 0) {
        expect(page.scheduled?.map((a) => a.title)).toEqual(["Sooner", "Soon"]);
        expect(page.sent[0]).toMatchObject({ title: "Called off", status: "cancelled", cancelledAt: at(29).toISOString() });
        expect(res.body).not.toContain("xxxx");
        expect(Object.keys(page.sent[0]!)).not.toContain("body");
      } else expect(page.scheduled).toBeNull();
      expect(page.sent.length).toBeLessThanOrEqual(4);
      seen.push(...page.sent.map((a) => a.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toEqual(expected);
    expect(pages).toBe(7);
    // The default page is ANNOUNCEMENTS_PAGE_SIZE.
    expect((await list()).sent).toHaveLength(20);

    for (const bad of ["nope", Buffer.from(JSON.stringify(["2030-01-01", "x"])).toString("base64url")]) {
      const res = await t.app.inject({ method: "GET", url: `/api/announcements?cursor=${bad}`, headers: staff.auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: "query.cursor", message: ERROR_TEXT.invalidCursor }]);
    }
    const first = await list();
    expect((await t.app.inject({ method: "GET", url: `/api/announcements?cursor=${first.nextCursor}`, headers: member.auth })).statusCode).toBe(403);
  });

  it("the list's JSON, written by PostgreSQL, is what its contract schema outputs (every field and kind; words with quotes, backslashes, line breaks)", async () => {
    const gone = await addMembers(1);
    const group = randomUUID();
    const tricky = 'A "quoted" \\ title, \n with ", \n " inside — ¿sí?';
    await t.db.insert(announcements).values([
      { title: tricky, body: "b", audienceKind: "group", audienceGroupId: group, audienceGroupName: 'The "Young" Adults', channels: ["inbox", "push", "email"], status: "sent",
        sendAt: new Date(Date.UTC(2030, 0, 1, 9, 30, 0, 123)), startedAt: new Date(Date.UTC(2030, 0, 1, 9, 30, 1)), finishedAt: new Date(Date.UTC(2030, 0, 1, 9, 31)),
        recipients: 7, reachedInbox: 7, reachedPush: 3, reachedEmail: 5, createdBy: staff.user.id },
      { title: "No author", body: "b", audienceKind: "everyone", channels: ["email"], status: "cancelled", sendAt: new Date(Date.UTC(2030, 0, 2)), cancelledAt: new Date(Date.UTC(2030, 0, 1)), createdBy: gone[0]!.id },
      { title: "Later", body: "b", audienceKind: "staff", channels: ["inbox"], status: "scheduled", sendAt: new Date(Date.now() + 3_600_000), createdBy: staff.user.id },
    ]);
    await t.db.delete(users).where(eq(users.id, gone[0]!.id));

    const res = await t.app.inject({ method: "GET", url: "/api/announcements", headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AnnouncementList;
    expect(ZAnnouncementList.parse(body)).toEqual(body);
    expect(body.scheduled).toMatchObject([{ title: "Later", audience: "staff", createdBy: "Sam Staff", startedAt: null, recipients: 0, reached: { inbox: 0, push: 0, email: 0 } }]);
    expect(body.sent).toEqual([
      expect.objectContaining({ title: "No author", audience: "everyone", status: "cancelled", createdBy: null, cancelledAt: "2030-01-01T00:00:00.000Z", channels: ["email"] }),
      expect.objectContaining({
        title: tricky,
        audience: { group },
        groupName: 'The "Young" Adults',
        channels: ["inbox", "push", "email"],
        sendAt: "2030-01-01T09:30:00.123Z",
        startedAt: "2030-01-01T09:30:01.000Z",
        finishedAt: "2030-01-01T09:31:00.000Z",
        cancelledAt: null,
        createdBy: "Sam Staff",
        recipients: 7,
        reached: { inbox: 7, push: 3, email: 5 },
      }),
    ]);
    expect(body.nextCursor).toBeNull();
    // A later page: no scheduled part, the same item shape.
    const next = await t.app.inject({ method: "GET", url: "/api/announcements?limit=1", headers: staff.auth });
    const cursor = (next.json() as AnnouncementList).nextCursor!;
    const page = (await t.app.inject({ method: "GET", url: `/api/announcements?limit=1&cursor=${cursor}`, headers: staff.auth })).json() as AnnouncementList;
    expect(ZAnnouncementList.parse(page)).toEqual(page);
    expect(page).toMatchObject({ scheduled: null, sent: [{ title: tricky }], nextCursor: null });
  });
});
