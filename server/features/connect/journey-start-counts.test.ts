/**
 * The open enrolments kept per journey and start date (journey_start_counts, decision 0143)
 * always equal a fresh count of journey_enrolments: enrolling, switching journeys (the old one
 * ended, a new one started, in one transaction), the email's unsubscribe link, a deleted
 * account's cascade, many enrolments in one statement, raw SQL moving a start date or a journey,
 * reopening an ended enrolment, and a truncate; and concurrent switches in opposite directions
 * on the same day all land (no deadlock between the kept rows). Admin → Journeys' reach and
 * locked days are read from the kept rows and match the enrolments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { seedJourneyContent } from "../../seed/connect";
import { journeyEnrolments, journeyStartCounts, journeys } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { API } from "../../../contract/api-paths";
import type { AdminJourney } from "../../../contract/connect";

let t: TestApp;
beforeAll(async () => {
  // Members switch journeys more often here than the per-member enrol limit allows.
  t = await createTestApp({ env: { RATE_LIMITS: "journeyEnroll=1000" } });
  await seedJourneyContent(t.db);
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<TestApp["signUp"]>>;
const enrol = async (who: Who, sequenceKey: string) => {
  const res = await t.app.inject({ method: "POST", url: API.connect.dailyEnroll(), headers: who.auth, payload: { sequenceKey } });
  expect(res.statusCode, res.body).toBe(201);
};

/** Moves a member's open enrolment three weeks back: its 14 days are over, so they may start another. */
const finish = (who: Who) => t.db.execute(sql`update journey_enrolments set start_date = start_date - 21 where user_id = ${who.user.id} and ended_at is null`);

/** The kept rows, and the same counts worked out afresh from every open enrolment. */
async function compare() {
  const fresh = new Map<string, number>();
  for (const r of await t.db.select().from(journeyEnrolments)) {
    if (r.endedAt) continue;
    const k = `${r.sequenceKey}|${r.startDate}`;
    fresh.set(k, (fresh.get(k) ?? 0) + 1);
  }
  const kept = (await t.db.select().from(journeyStartCounts)).map((r) => [`${r.sequenceKey}|${r.startDate}`, r.n] as const);
  expect(kept.every(([, n]) => n > 0)).toBe(true);
  expect(Object.fromEntries(kept.sort())).toEqual(Object.fromEntries([...fresh].sort()));
  return fresh;
}

async function adminReach(staff: Who) {
  const res = await t.app.inject({ method: "GET", url: API.admin.journeys(), headers: staff.auth });
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json() as AdminJourney[]).map((j) => [j.key, j]));
}

describe("journey_start_counts equals fresh counts of the open enrolments", () => {
  it("after enrolments, switches, unsubscribes, cascades, raw SQL and a truncate", async () => {
    const pastor = await t.signUp("PASTOR");
    const [a, b, c, d, e] = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));

    await Promise.all([a, b, c].map((w) => enrol(w, "SCRIPTURES_14")));
    await Promise.all([d, e].map((w) => enrol(w, "AFFIRMATIONS_14")));
    let fresh = await compare();
    expect([...fresh.values()].reduce((x, y) => x + y, 0)).toBe(5);
    let reach = await adminReach(pastor);
    expect(reach.get("SCRIPTURES_14")).toMatchObject({ enrolled: 3, lockedDays: 1 });
    expect(reach.get("AFFIRMATIONS_14")).toMatchObject({ enrolled: 2, lockedDays: 1 });

    // A switch, once the first journey is finished: the old enrolment ended and a new one
    // started in one transaction.
    await finish(a);
    await enrol(a, "AFFIRMATIONS_14");
    await compare();
    reach = await adminReach(pastor);
    expect(reach.get("SCRIPTURES_14")?.enrolled).toBe(2);
    expect(reach.get("AFFIRMATIONS_14")?.enrolled).toBe(3);

    // The email's unsubscribe link ends the enrolment (the same link twice stops nothing more).
    const [bRow] = await t.db.select().from(journeyEnrolments).where(eq(journeyEnrolments.userId, b.user.id));
    for (let i = 0; i < 2; i++) await t.app.inject({ method: "GET", url: `${API.connect.dailyUnsubscribe()}?token=${bRow!.unsubscribeToken}` });
    await compare();
    expect((await adminReach(pastor)).get("SCRIPTURES_14")?.enrolled).toBe(1);

    // Raw SQL: a start moved into the past (the reach window and locked days follow it), an
    // ended enrolment reopened, one moved to another journey, an update that changes nothing counted.
    await t.db.execute(sql`update journey_enrolments set start_date = start_date - 5 where user_id = ${c.user.id}`);
    await t.db.execute(sql`update journey_enrolments set ended_at = null where user_id = ${b.user.id}`);
    await t.db.execute(sql`update journey_enrolments set sequence_key = 'SCRIPTURES_14' where user_id = ${d.user.id} and ended_at is null`);
    await t.db.execute(sql`update journey_enrolments set created_at = created_at where user_id = ${e.user.id}`);
    fresh = await compare();
    reach = await adminReach(pastor);
    expect(reach.get("SCRIPTURES_14")).toMatchObject({ enrolled: 3, lockedDays: 6 });
    expect(reach.get("AFFIRMATIONS_14")?.enrolled).toBe(2);

    // A start older than the journey's length: still open (kept), but no longer on it today.
    await t.db.execute(sql`update journey_enrolments set start_date = start_date - 30 where user_id = ${c.user.id}`);
    await compare();
    expect((await adminReach(pastor)).get("SCRIPTURES_14")).toMatchObject({ enrolled: 2, lockedDays: 1 });

    // Many rows in one statement, then a deleted account's cascade.
    const others = await Promise.all(Array.from({ length: 4 }, () => t.signUp()));
    await t.db.insert(journeyEnrolments).values(others.map((o, i) => ({ userId: o.user.id, sequenceKey: "AFFIRMATIONS_14", startDate: `2020-01-0${i + 1}`, unsubscribeToken: `tok-${o.user.id}` })));
    await compare();
    await t.db.delete(users).where(eq(users.id, a.user.id));
    await t.db.delete(users).where(eq(users.id, others[0]!.user.id));
    await compare();

    // Long-past starts are kept (still open) but not on the journey today.
    expect((await adminReach(pastor)).get("AFFIRMATIONS_14")?.enrolled).toBe(1);

    // A journey with nobody on it answers 0, not null; every zero row is gone from the table.
    await t.db.update(journeyEnrolments).set({ endedAt: new Date() }).where(eq(journeyEnrolments.sequenceKey, "SCRIPTURES_14"));
    fresh = await compare();
    expect([...fresh.keys()].some((k) => k.startsWith("SCRIPTURES_14|"))).toBe(false);
    expect((await adminReach(pastor)).get("SCRIPTURES_14")).toMatchObject({ enrolled: 0, lockedDays: 0 });
    const [j] = await t.db.select().from(journeys).where(eq(journeys.key, "AFFIRMATIONS_14"));
    const detail = await t.app.inject({ method: "GET", url: API.admin.journey({ id: j!.id }), headers: pastor.auth });
    expect(detail.json()).toMatchObject({ enrolled: 1, lockedDays: 1 });

    await t.db.execute(sql`truncate journey_enrolments cascade`);
    expect(await compare()).toEqual(new Map());
  });

  it("concurrent switches in opposite directions, from the same start day, all land", async () => {
    const left = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    const right = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    await Promise.all([...left.map((w) => enrol(w, "SCRIPTURES_14")), ...right.map((w) => enrol(w, "AFFIRMATIONS_14"))]);
    for (let round = 0; round < 3; round++) {
      const [to, from] = round % 2 ? ["SCRIPTURES_14", "AFFIRMATIONS_14"] : ["AFFIRMATIONS_14", "SCRIPTURES_14"];
      await Promise.all([...left, ...right].map(finish));
      await Promise.all([...left.map((w) => enrol(w, to)), ...right.map((w) => enrol(w, from))]);
    }
    const fresh = await compare();
    expect([...fresh].map(([k, n]) => [k.split("|")[0], n]).sort()).toEqual([
      ["AFFIRMATIONS_14", 8],
      ["SCRIPTURES_14", 8],
    ]);
  });
});
