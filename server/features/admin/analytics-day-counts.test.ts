/**
 * The Dashboard's counts kept per church day (issue 23; decision 0131) always equal fresh counts
 * of the rows: members' days of use (recorded by the auth hook, raw inserts, a deleted user's
 * cascade, a day moved), prayer requests (the API, hidden by staff: still counted, raw SQL
 * around the church's midnight, a created_at moved, a delete) and personal notes (the API, many at
 * once, edited: no change, deleted by their author, gone with a deleted account, truncated), and
 * after a change of the church's time zone, which moves prayers and notes between days. The
 * fresh counts bucket each row with the app's own wall clock (contract/zoned-time.ts), so
 * PostgreSQL's day and the app's agree too; and the analytics answer is read from the table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { churchDayCounts, memberActivity } from "../../db/schema/activity";
import { prayerRequests } from "../../db/schema/prayer";
import { personalNotes } from "../../db/schema/notes";
import { users } from "../../db/schema/users";
import { zonedDate, zonedDayBounds } from "../../../contract/zoned-time";
import { API } from "../../../contract/api-paths";

let t: TestApp;
type Who = Awaited<ReturnType<TestApp["signUp"]>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (who: Who, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as never }) });

/** The table, and the same counts worked out afresh from every row with the app's wall clock. */
async function compare() {
  const tz = t.deps.church.timeZone;
  const fresh = new Map<string, number>();
  const add = (day: string, kind: string) => fresh.set(`${day}|${kind}`, (fresh.get(`${day}|${kind}`) ?? 0) + 1);
  for (const r of await t.db.select({ day: memberActivity.day }).from(memberActivity)) add(r.day, "active");
  for (const r of await t.db.select({ at: prayerRequests.createdAt }).from(prayerRequests)) add(zonedDate(tz, r.at), "prayers");
  for (const r of await t.db.select({ at: personalNotes.createdAt }).from(personalNotes)) add(zonedDate(tz, r.at), "notes");
  const kept = new Map((await t.db.select().from(churchDayCounts)).map((r) => [`${r.day}|${r.kind}`, r.n]));
  expect(Object.fromEntries([...kept].sort())).toEqual(Object.fromEntries([...fresh].sort()));
  return kept.size;
}

async function analytics(who: Who) {
  const res = await send(who, "GET", API.admin.analytics());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { activeMembers: number; prayersToday: number; notesCompleted: number; givingTotal: number };
}

const HOUR = 3_600_000;

describe("the Dashboard's day counts equal fresh counts of the rows", () => {
  it("after every kind of change, concurrent ones and a change of time zone included", async () => {
    const [owner, staff, a, b] = await Promise.all([t.signUp("OWNER"), t.signUp("STAFF"), t.signUp(), t.signUp()]);
    const tz = t.deps.church.timeZone;

    // Days of use: each signed-in request records one (written in a batch, flushed by the read).
    await Promise.all([a, b, staff].map((w) => send(w, "GET", API.church.me())));
    await analytics(staff);
    await t.db.insert(memberActivity).values([
      { userId: a.user.id, day: "2030-01-01" },
      { userId: b.user.id, day: "2030-01-01" },
      { userId: a.user.id, day: "2030-01-02" },
    ]);
    expect(await compare()).toBeGreaterThan(0);

    // Prayers through the API, and by raw SQL on both sides of the church's midnight.
    for (const w of [a, b]) {
      const res = await send(w, "POST", API.prayer.requests(), { title: "Healing", description: "For my aunt" });
      expect(res.statusCode, res.body).toBe(201);
    }
    const midnight = zonedDayBounds(tz, new Date()).start;
    const around = [-2, -1, 0, 1, 2, 23, 25].map((h) => new Date(midnight.getTime() + h * HOUR));
    await t.db.insert(prayerRequests).values(around.map((createdAt, i) => ({ userId: i % 2 ? a.user.id : b.user.id, title: `Raw ${i}`, description: "x", createdAt })));
    await compare();

    // Hidden by staff (moderation): still counted, as before.
    const [one] = await t.db.select({ id: prayerRequests.id }).from(prayerRequests).where(eq(prayerRequests.title, "Healing")).limit(1);
    expect((await send(staff, "POST", API.prayer.hide({ id: one!.id }))).statusCode).toBeLessThan(300);
    await compare();

    // Notes: many at once, edited (no change), and one deleted by its author.
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i % 2 ? a : b, "POST", API.notes.list(), { title: `Note ${i}`, content: "Grace upon grace" })));
    for (const r of made) expect(r.statusCode, r.body).toBe(201);
    const noteId = (made[0]!.json() as { id: string }).id;
    expect((await send(b, "PUT", API.notes.one({ id: noteId }), { title: "Edited", content: "More grace" })).statusCode).toBe(200);
    await compare();
    expect((await send(b, "DELETE", API.notes.one({ id: noteId }))).statusCode).toBeLessThan(300);
    await compare();
    expect(await analytics(staff)).toMatchObject({ notesCompleted: 7 });

    // Raw SQL: a multi-row insert of notes days apart, a created_at moved to another day, deletes.
    await t.db.insert(personalNotes).values(around.map((createdAt, i) => ({ userId: a.user.id, title: `Old ${i}`, content: "x", createdAt, updatedAt: createdAt })));
    await t.db.execute(sql`update personal_notes set created_at = created_at - interval '3 days' where title = 'Old 0'`);
    await t.db.execute(sql`update prayer_requests set created_at = created_at + interval '1 day' where title in ('Raw 1', 'Raw 2')`);
    await t.db.execute(sql`update member_activity set day = day + 1 where day = '2030-01-02'`);
    await t.db.execute(sql`delete from prayer_requests where title = 'Raw 3'`);
    await compare();

    // A deleted account: its notes go (the use case), and a user row removed cascades everywhere.
    const gone = await send(a, "DELETE", API.myData.account(), { password: a.password });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    await compare();
    await t.db.delete(users).where(eq(users.id, b.user.id));
    await compare();

    // The church moves to another time zone: prayers and notes change days, rebuilt in that transaction.
    const c = await t.signUp();
    await send(c, "POST", API.notes.list(), { title: "Before the move", content: "x" });
    await t.db.insert(personalNotes).values(around.map((createdAt, i) => ({ userId: c.user.id, title: `Late ${i}`, content: "x", createdAt, updatedAt: createdAt })));
    await t.db.insert(prayerRequests).values(around.map((createdAt, i) => ({ userId: c.user.id, title: `Late ${i}`, description: "x", createdAt })));
    await compare();
    const moved = await send(owner, "PATCH", API.admin.church(), { timeZone: "Asia/Tokyo" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(t.deps.church.timeZone).toBe("Asia/Tokyo");
    await compare();
    // Today's tiles are the table's rows for the church's today.
    const tokyoToday = zonedDate("Asia/Tokyo", new Date());
    const kept = async (kind: string) =>
      (await t.db.select().from(churchDayCounts).where(sql`${churchDayCounts.day} = ${tokyoToday} and ${churchDayCounts.kind} = ${kind}`))[0]?.n ?? 0;
    expect(await analytics(owner)).toMatchObject({ activeMembers: await kept("active"), prayersToday: await kept("prayers"), notesCompleted: await kept("notes") });
    await send(owner, "PATCH", API.admin.church(), { timeZone: "America/New_York" });
    await compare();

    // Truncated: nothing left to count.
    await t.db.execute(sql`truncate personal_notes`);
    await compare();
  });
});
