/**
 * Deleting an account leaves no harm behind (issue 20, decision 0117): a place the member held
 * at an event goes to the first on its waitlist, exactly once, as the member's own cancel would
 * (decision 0109), also while another member cancels at the same moment from a second server
 * instance; their group memberships and leaderships end and free their seats (decision 0107);
 * their recurring gifts are cancelled and the scheduler charges them no more.
 * The church's time zone is America/New_York (config/church.json).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { readEventRsvps } from "../../testing/event-rsvps";
import { API } from "../../../contract/api-paths";
import type { CalendarEvent, RsvpAnswer } from "../../../contract/calendar";
import type { AdminGroup, GroupRoster } from "../../../contract/groups";
import { calendarRsvps } from "../../db/schema/calendar";
import { groupJoinRequests, groupMembers, smallGroups } from "../../db/schema/connect";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { notifications } from "../../db/schema/notifications";
import { wallets } from "../../db/schema/wallet";
import pg from "pg";
import { runRecurringGifts } from "../../jobs/recurring-gifts";
import { syncGroupCounts } from "../../shared/group-counts";

let clock = new Date("2026-10-20T12:00:00Z");
const now = () => clock;
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now, env: { RATE_LIMITS: "*=1000" } });
  second = await createTestApp({ now, env: { RATE_LIMITS: "*=1000" }, sameDatabaseAs: sameDatabase(t) });
}, 60_000);
afterAll(async () => {
  await second.close();
  await t.close();
});

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
type Auth = Member["auth"];
const call = (auth: Auth | null, method: "GET" | "POST" | "DELETE", url: string, payload?: unknown, app = t.app) =>
  app.inject({ method, url, headers: auth ?? {}, ...(payload === undefined ? {} : { payload: payload as never }) });
const deleteAccount = async (m: Member, app = t.app) => {
  const res = await call(m.auth, "DELETE", API.myData.account(), { password: m.password }, app);
  expect(res.statusCode, res.body).toBe(204);
};

async function createEvent(staff: Auth, body: Record<string, unknown>) {
  const res = await call(staff, "POST", "/api/calendar/events", { title: "Event", registration: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarEvent;
}
const rsvp = async (m: Member, id: string, occurrence?: string) => {
  const res = await call(m.auth, "POST", `/api/calendar/events/${id}/rsvp`, occurrence ? { occurrence } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RsvpAnswer;
};
/** Who is going and who waits, by first name, per occurrence (the staff view of the event). */
async function lines(staff: Auth, id: string) {
  const { groups } = await readEventRsvps(t.app, staff, id);
  return Object.fromEntries(groups.map((o) => [o.occurrence, { going: o.going.map((n) => n.split(" ")[0]), waitlisted: o.waitlisted.map((n) => n.split(" ")[0]) }]));
}
const signUpNamed = (firstName: string) => t.signUp("MEMBER", { firstName, lastName: "Test", password: `${firstName}-password` });

describe("event registrations", () => {
  it("a place the deleted member held goes to the first on the waitlist, once; a waitlisted member's deletion moves nobody", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { startsAt: "2026-11-10T19:00", endsAt: "2026-11-10T20:30", capacity: 1 });
    const [ann, ben, cat, dan] = await Promise.all(["Ann", "Ben", "Cat", "Dan"].map(signUpNamed));
    expect((await rsvp(ann, ev.id)).status).toBe("going");
    for (const m of [ben, cat, dan]) expect((await rsvp(m, ev.id)).status).toBe("waitlisted");
    const at = "2026-11-11T00:00:00.000Z";

    await deleteAccount(ann);
    expect(await lines(staff.auth, ev.id)).toEqual({ [at]: { going: ["Ben"], waitlisted: ["Cat", "Dan"] } });
    // The member moved up sees it on their own answer too (asking again answers the same).
    expect(await rsvp(ben, ev.id)).toMatchObject({ status: "going", goingCount: 1, waitlistCount: 2 });

    // A waitlisted member leaving frees no place: nobody moves up, the line closes behind them.
    await deleteAccount(cat);
    expect(await lines(staff.auth, ev.id)).toEqual({ [at]: { going: ["Ben"], waitlisted: ["Dan"] } });
    expect(await t.db.select().from(calendarRsvps).where(eq(calendarRsvps.userId, ann.user.id))).toEqual([]);
  });

  it("each upcoming occurrence of a repeating event moves its own waitlist up; one already begun moves nobody", async () => {
    clock = new Date("2026-10-20T12:00:00Z");
    const staff = await t.signUp("STAFF");
    // Weekly on Tuesdays at 19:00 New York time (23:00Z in October, 00:00Z next day after 1 November).
    const ev = await createEvent(staff.auth, { startsAt: "2026-10-27T19:00", endsAt: "2026-10-27T20:00", repeat: "weekly", capacity: 1 });
    const past = "2026-10-27T23:00:00.000Z";
    const next = "2026-11-04T00:00:00.000Z";
    const later = "2026-11-11T00:00:00.000Z";
    const [eve, fay, gus] = await Promise.all(["Eve", "Fay", "Gus"].map(signUpNamed));
    for (const at of [past, next, later]) expect((await rsvp(eve, ev.id, at)).status).toBe("going");
    for (const at of [past, next]) expect((await rsvp(fay, ev.id, at)).status).toBe("waitlisted");
    expect((await rsvp(gus, ev.id, later)).status).toBe("waitlisted");

    clock = new Date("2026-10-28T12:00:00Z"); // the first occurrence is over
    try {
      await deleteAccount(eve);
      expect(await lines(staff.auth, ev.id)).toEqual({
        [next]: { going: ["Fay"], waitlisted: [] },
        [later]: { going: ["Gus"], waitlisted: [] },
      });
      // The staff view lists upcoming occurrences only: the one begun is read from its rows.
      const begun = await t.db.select().from(calendarRsvps).where(and(eq(calendarRsvps.eventId, ev.id), eq(calendarRsvps.occurrenceStart, new Date(past))));
      expect(begun.map((r) => [r.userId, r.status])).toEqual([[fay.user.id, "waitlisted"]]);
    } finally {
      clock = new Date("2026-10-20T12:00:00Z");
    }
  });

  it("a deletion and another member's cancel at the same moment, on two instances: each freed place moves the line up once", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { startsAt: "2026-11-17T19:00", endsAt: "2026-11-17T20:00", capacity: 2 });
    const [hal, ida, jon, kim, lee] = await Promise.all(["Hal", "Ida", "Jon", "Kim", "Lee"].map(signUpNamed));
    for (const m of [hal, ida]) expect((await rsvp(m, ev.id)).status).toBe("going");
    for (const m of [jon, kim, lee]) expect((await rsvp(m, ev.id)).status).toBe("waitlisted");

    const [cancelled] = await Promise.all([call(ida.auth, "DELETE", `/api/calendar/events/${ev.id}/rsvp`, undefined, second.app), deleteAccount(hal)]);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect(await lines(staff.auth, ev.id)).toEqual({ "2026-11-18T00:00:00.000Z": { going: ["Jon", "Kim"], waitlisted: ["Lee"] } });
  });
});

describe("groups", () => {
  it("memberships and leaderships end, requests go, and the seats they held are free again", async () => {
    const staff = await t.signUp("STAFF");
    const [led, full, asked] = await t.db
      .insert(smallGroups)
      .values([
        { name: `Led ${Date.now()}`, description: "Tuesdays" },
        { name: `Full ${Date.now()}`, description: "Wednesdays", capacity: 2 },
        { name: `Asked ${Date.now()}`, description: "Thursdays", joinPolicy: "ask" },
      ])
      .returning();
    const [mia, ned, oli] = await Promise.all(["Mia", "Ned", "Oli"].map(signUpNamed));
    await t.db.insert(groupMembers).values([
      { groupId: led.id, userId: mia.user.id, isLeader: true },
      { groupId: led.id, userId: ned.user.id },
      { groupId: full.id, userId: mia.user.id },
      { groupId: full.id, userId: ned.user.id },
    ]);
    // Written without the membership use cases: the kept counts and leaders made fresh, as the seeds do (decisions 0125, 0141).
    await syncGroupCounts(t.db, [led.id, full.id]);
    expect((await call(mia.auth, "POST", API.groups.join({ id: asked.id }))).statusCode).toBe(200);
    const group = async (id: string) => ((await call(ned.auth, "GET", `${API.groups.list()}?limit=100`)).json() as { groups: AdminGroup[] }).groups.find((g) => g.id === id)!;
    expect((await group(led.id)).leaders.map((l) => l.firstName)).toEqual(["Mia"]);
    expect((await call(oli.auth, "POST", API.groups.join({ id: full.id }))).statusCode).toBe(409);

    await deleteAccount(mia);

    const ledNow = await group(led.id);
    expect(ledNow.leaders).toEqual([]);
    expect(ledNow.memberCount).toBe(1);
    const roster = (await call(staff.auth, "GET", API.groups.members({ id: led.id }))).json() as GroupRoster;
    expect(roster.members.map((m) => m.firstName)).toEqual(["Ned"]);
    const askedRoster = (await call(staff.auth, "GET", API.groups.members({ id: asked.id }))).json() as GroupRoster;
    expect(askedRoster.requests).toEqual([]);
    // The seat Mia held in the full group is free again.
    const joined = await call(oli.auth, "POST", API.groups.join({ id: full.id }));
    expect(joined.statusCode, joined.body).toBe(200);
    expect((joined.json() as AdminGroup).myStatus).toBe("member");
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, mia.user.id))).toEqual([]);
    expect(await t.db.select().from(groupJoinRequests).where(eq(groupJoinRequests.userId, mia.user.id))).toEqual([]);
  });
});

describe("recurring gifts", () => {
  it("are cancelled, and the scheduler charges them no more; another member's is charged as due", async () => {
    const [general] = await t.db.select({ id: funds.id }).from(funds).where(eq(funds.isDefault, true));
    const [pia, quin] = await Promise.all(["Pia", "Quin"].map(signUpNamed));
    const due = { fundId: general!.id, amountCents: 2500, frequency: "monthly" as const, nextPaymentDate: "2026-10-20", anchorDay: 20, cardLastFour: "4242", cardBrand: "visa" };
    const [leaving] = await t.db.insert(recurringGifts).values({ ...due, userId: pia.user.id, gatewayProfileId: "sbx_cus_ok_000000000000000000000001" }).returning();
    const [staying] = await t.db.insert(recurringGifts).values({ ...due, userId: quin.user.id, gatewayProfileId: "sbx_cus_ok_000000000000000000000002" }).returning();

    await deleteAccount(pia);
    expect((await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, leaving.id)))[0].status).toBe("CANCELLED");
    await runRecurringGifts(t.deps);
    expect(await t.db.select().from(gifts).where(eq(gifts.recurringGiftId, leaving.id))).toEqual([]);
    expect((await t.db.select().from(gifts).where(and(eq(gifts.recurringGiftId, staying.id), eq(gifts.status, "COMPLETED")))).length).toBe(1);
  });
});

// Two real connections are needed: PostgreSQL only (PGlite has one).
if (process.env.TEST_DATABASE_URL)
  describe("locks", () => {
    it("a deletion waiting for a lock lets its holder's insert naming the member through: no deadlock", async () => {
      const m = await signUpNamed("Rex");
      await t.db.insert(wallets).values({ userId: m.user.id }).onConflictDoNothing();
      const other = new pg.Client({ connectionString: t.databaseUrl });
      await other.connect();
      try {
        // Another piece of work holds the member's wallet lock (as a ledger change does) ...
        await other.query("begin");
        await other.query("select 1 from wallets where user_id = $1 for update", [m.user.id]);
        let answered = false;
        const deleting = deleteAccount(m).then(() => (answered = true));
        await new Promise((r) => setTimeout(r, 700));
        expect(answered).toBe(false); // waiting for the wallet
        // ... then writes a row naming the member (its foreign key locks the users row FOR KEY SHARE).
        await other.query("set local lock_timeout = '3s'");
        await other.query(`insert into notifications (user_id, kind, subject_id, title, body, url) values ($1, 'prayerAnswered', $1, 'Someone prayed', 'b', '/prayer')`, [m.user.id]);
        await other.query("commit");
        await deleting;
        expect(await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id))).toEqual([]);
      } finally {
        await other.end();
      }
    });
});
