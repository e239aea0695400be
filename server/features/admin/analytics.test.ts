/**
 * Admin dashboard: the analytics tiles (Active Today in the church's time zone) and the Recent
 * Activity list built from real poll votes and testimonies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/harness";
import { testimonies } from "../../db/schema/testimonies";
import { memberActivity } from "../../db/schema/activity";
import { prayerRequests } from "../../db/schema/prayer";
import { funds, gifts } from "../../db/schema/giving";
import { eq } from "drizzle-orm";
import { churchDay, churchToday, churchWeek } from "./church-time";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;

// The church is in America/New_York. 03:30 UTC on 10 June is still 9 June, 23:30, in Orlando.
let clock = new Date("2030-06-10T03:30:00Z");
let t: TestApp;
let staff: Account;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  staff = await t.signUp("STAFF");
});
afterAll(() => t.close());

const analytics = async (auth = staff.auth) => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/analytics", headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { activeMembers: number; prayersToday: number; notesCompleted: number; givingTotal: number };
};
const touch = (a: Account) => t.app.inject({ method: "GET", url: "/api/church/me", headers: a.auth });

describe("church calendar", () => {
  it("computes the day, today's bounds and the week (Sunday to Sunday) in the church's time zone", () => {
    const tz = "America/New_York";
    expect(churchDay(tz, new Date("2030-06-10T03:30:00Z"))).toBe("2030-06-09");
    expect(churchDay(tz, new Date("2030-06-10T04:00:00Z"))).toBe("2030-06-10");
    expect(churchToday(tz, new Date("2030-06-10T03:30:00Z"))).toEqual({
      start: new Date("2030-06-09T04:00:00Z"),
      end: new Date("2030-06-10T04:00:00Z"),
    });
    // The day the clocks go forward (10 March 2030) has 23 hours.
    expect(churchToday(tz, new Date("2030-03-10T12:00:00Z"))).toEqual({
      start: new Date("2030-03-10T05:00:00Z"),
      end: new Date("2030-03-11T04:00:00Z"),
    });
    // Wednesday 12 June 2030 lies in the week from Sunday 9 June to Sunday 16 June.
    expect(churchWeek(tz, new Date("2030-06-12T15:00:00Z"))).toEqual({
      start: new Date("2030-06-09T04:00:00Z"),
      end: new Date("2030-06-16T04:00:00Z"),
    });
    // Late Saturday night in Orlando is already Sunday in UTC, but still the old week.
    expect(churchWeek(tz, new Date("2030-06-16T03:00:00Z")).start).toEqual(new Date("2030-06-09T04:00:00Z"));
  });
});

describe("GET /api/admin/analytics", () => {
  it("counts distinct members active on the church's today, once each however often they come", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await touch(a);
    await touch(a);
    await touch(b);
    // a, b and the staff member asking are active on 9 June (church time).
    expect(await analytics()).toEqual({ activeMembers: 3, prayersToday: 0, notesCompleted: 0, givingTotal: 0 });

    // Half an hour later it is 10 June in Orlando: a new day, only those who come now count.
    clock = new Date("2030-06-10T04:00:00Z");
    const c = await t.signUp();
    await touch(c);
    await touch(a);
    const today = await analytics();
    expect(today.activeMembers).toBe(3); // a, c and staff
    const days = await t.db.select().from(memberActivity);
    expect(days.filter((d) => d.userId === a.user.id).map((d) => d.day).sort()).toEqual(["2030-06-09", "2030-06-10"]);
    expect(days.filter((d) => d.userId === b.user.id).map((d) => d.day)).toEqual(["2030-06-09"]);
  });

  it("is for staff: a member gets 403, a visitor 401", async () => {
    const m = await t.signUp();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/analytics", headers: m.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/analytics" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/activity", headers: m.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/activity" })).statusCode).toBe(401);
  });
});

describe("Given This Week", () => {
  it("sums the completed gifts of the church's week (Sunday 00:00 to Sunday 00:00, church time), in dollars", async () => {
    const saved = clock;
    // Wednesday 12 June 2030, 11:00 in Orlando: the week began Sunday 9 June 00:00 EDT (04:00 UTC).
    clock = new Date("2030-06-12T15:00:00Z");
    try {
      const giver = await t.signUp();
      const [general] = await t.db.select({ id: funds.id }).from(funds).where(eq(funds.isDefault, true));
      const gift = (amountCents: number, at: string, status: "COMPLETED" | "FAILED" = "COMPLETED") => ({ userId: giver.user.id, fundId: general!.id, amountCents, status, createdAt: new Date(at) });
      await t.db.insert(gifts).values([
        gift(2500, "2030-06-09T04:00:00Z"), // the week's first moment
        gift(1000, "2030-06-09T03:59:59Z"), // Saturday 23:59:59 in Orlando (already Sunday in UTC): last week
        gift(700, "2030-06-10T12:00:00Z", "FAILED"), // declined: not given
        gift(1234, "2030-06-12T14:00:00Z"),
        gift(999, "2030-06-16T04:00:00Z"), // next week
      ]);
      expect((await analytics()).givingTotal).toBe(37.34);
    } finally {
      clock = saved;
    }
  });
});

describe("GET /api/admin/activity", () => {
  it("lists real poll responses and new testimonies, newest first, naming no one", async () => {
    const empty = await t.app.inject({ method: "GET", url: "/api/admin/activity", headers: staff.auth });
    expect(empty.json()).toEqual([]);

    const svc = (
      await t.app.inject({ method: "POST", url: "/api/services", headers: staff.auth, payload: { title: "Sunday", date: "2030-06-09T13:30:00Z" } })
    ).json();
    const poll = (
      await t.app.inject({
        method: "POST",
        url: `/api/services/${svc.id}/polls`,
        headers: staff.auth,
        payload: { question: "Favourite hymn?", options: ["Amazing Grace", "It Is Well"] },
      })
    ).json();
    const voter = await t.signUp("MEMBER", { firstName: "Zacchaeus" });
    const vote = await t.app.inject({ method: "POST", url: `/api/polls/${poll.id}/vote`, headers: voter.auth, payload: { optionIndex: 1 } });
    expect(vote.statusCode).toBe(201);
    await t.db.insert(testimonies).values({ userId: voter.user.id, text: "God provided a job for me this week, after months of waiting.", createdAt: new Date(Date.now() + 60_000) });

    await t.db.insert(prayerRequests).values([
      { userId: voter.user.id, title: "Healing for my father", description: "Surgery on Monday", isAnonymous: true, createdAt: new Date(Date.now() - 60_000) },
      { userId: voter.user.id, title: "Hidden by staff", description: "x", hiddenAt: new Date(), createdAt: new Date(Date.now() - 30_000) },
    ]);

    const res = await t.app.inject({ method: "GET", url: "/api/admin/activity", headers: staff.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(String), kind: "testimony", detail: "God provided a job for me this week, after months of waiting.", createdAt: expect.any(String) },
      { id: expect.any(String), kind: "poll-vote", detail: "Favourite hymn? → It Is Well", createdAt: expect.any(String) },
      { id: expect.any(String), kind: "prayer", detail: "Healing for my father", createdAt: expect.any(String) },
    ]);
    expect(res.body).not.toContain("Zacchaeus");
  });
});
