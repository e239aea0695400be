/**
 * The registrations counted per occurrence (issue 23; decision 0139): calendar_occurrence_counts,
 * kept by triggers on calendar_rsvps, always equals a fresh count of the registrations, after
 * registrations (one at a time and many at once), cancellations of a place and of a waitlisted
 * one, waitlist moves (a cancellation, a larger capacity), a one-off event moved, a repeating
 * event's schedule changed, registration turned off, an account deleted, raw SQL (a status
 * changed, rows inserted and deleted together, the reminder job's reminded_at: no change), an
 * event deleted (its rows go with it) and a truncate. Admin → Events and the range read show the
 * kept counts. Real PGlite by default; PostgreSQL with TEST_DATABASE_URL. And the migration fills
 * the table from the registrations a database already holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_DIR, openPglite } from "../../db/client";
import { createTestApp, type TestApp } from "../../testing/harness";
import type { CalendarEvent, CalendarPage, ManagedEvents } from "../../../contract/calendar";
import { API } from "../../../contract/api-paths";
import { calendarOccurrenceCounts } from "../../db/schema/calendar";
import { sendEventReminders } from "./send-event-reminders";

const clock = new Date("2026-10-20T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
}, 60_000);
afterAll(() => t.close());

type Auth = { authorization: string };
type Who = Awaited<ReturnType<TestApp["signUp"]>>;
const call = (auth: Auth, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as never }) });

async function createEvent(staff: Who, body: Record<string, unknown>) {
  const res = await call(staff.auth, "POST", "/api/calendar/events", { title: "Event", registration: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarEvent;
}
async function rsvp(who: Who, id: string, occurrence?: string) {
  const res = await call(who.auth, "POST", `/api/calendar/events/${id}/rsvp`, occurrence ? { occurrence } : {});
  expect(res.statusCode, res.body).toBe(200);
}
async function cancel(who: Who, id: string, occurrence?: string) {
  const res = await call(who.auth, "DELETE", `/api/calendar/events/${id}/rsvp${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ""}`);
  expect(res.statusCode, res.body).toBe(204);
}
async function patch(staff: Who, id: string, body: Record<string, unknown>) {
  const res = await call(staff.auth, "PATCH", `/api/calendar/events/${id}`, body);
  expect(res.statusCode, res.body).toBe(200);
}
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The kept table and the same counts worked out afresh from every registration; answers the kept rows. */
async function compare() {
  const fresh = rows<{ key: string; going: number; waiting: number }>(
    await t.db.execute(sql`
      select event_id || ' ' || to_char(occurrence_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as key,
        count(*) filter (where status = 'going')::int as going, count(*) filter (where status = 'waitlisted')::int as waiting
      from calendar_rsvps group by event_id, occurrence_start`),
  );
  const kept = rows<{ key: string; going: number; waiting: number }>(
    await t.db.execute(sql`
      select event_id || ' ' || to_char(occurrence_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as key, going, waiting
      from calendar_occurrence_counts`),
  );
  const asMap = (list: typeof fresh) => Object.fromEntries(list.map((r) => [r.key, [Number(r.going), Number(r.waiting)]]).sort());
  expect(asMap(kept)).toEqual(asMap(fresh));
  return asMap(kept);
}
const keyOf = (id: string, at: string) => `${id} ${at.slice(0, 19)}`;

describe("calendar_occurrence_counts equals fresh counts of the registrations", () => {
  it("after registrations, cancellations, waitlist moves, changes of an event, deleted accounts, raw SQL and deleted events", async () => {
    const staff = await t.signUp("STAFF");
    const m = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));

    // A one-off event with 2 places: 2 going, then 3 in line (concurrent registrations).
    const once = await createEvent(staff, { startsAt: "2026-11-10T19:00", endsAt: "2026-11-10T20:00", capacity: 2 });
    await rsvp(m[0]!, once.id);
    await rsvp(m[1]!, once.id);
    await Promise.all([m[2]!, m[3]!, m[4]!].map((w) => rsvp(w, once.id)));
    expect((await compare())[keyOf(once.id, once.startsAt)]).toEqual([2, 3]);
    // Asking again changes nothing.
    await rsvp(m[0]!, once.id);
    await compare();

    // A waitlisted member cancels; then one going: the first in line moves up.
    await cancel(m[3]!, once.id);
    expect((await compare())[keyOf(once.id, once.startsAt)]).toEqual([2, 2]);
    await cancel(m[0]!, once.id);
    expect((await compare())[keyOf(once.id, once.startsAt)]).toEqual([2, 1]);
    // A larger capacity lets the line in.
    await patch(staff, once.id, { capacity: 5 });
    expect((await compare())[keyOf(once.id, once.startsAt)]).toEqual([3, 0]);
    // The event moves: its registrations follow it, and so do its counts.
    await patch(staff, once.id, { startsAt: "2026-11-11T19:00", endsAt: "2026-11-11T20:00" });
    let kept = await compare();
    expect(kept[keyOf(once.id, once.startsAt)]).toBeUndefined();
    const movedAt = "2026-11-12T00:00:00";
    expect(kept[keyOf(once.id, movedAt)]).toEqual([3, 0]);
    // Everyone cancels: the row goes.
    for (const w of [m[1]!, m[2]!, m[4]!]) await cancel(w, once.id);
    expect((await compare())[keyOf(once.id, movedAt)]).toBeUndefined();

    // A weekly event with 1 place: registrations on three dates.
    const weekly = await createEvent(staff, { startsAt: "2026-10-27T19:00", endsAt: "2026-10-27T20:00", repeat: "weekly", capacity: 1 });
    const dates = ["2026-10-27T23:00:00.000Z", "2026-11-04T00:00:00.000Z", "2026-11-11T00:00:00.000Z"];
    for (const at of dates) for (const w of m.slice(0, 3)) await rsvp(w, weekly.id, at);
    kept = await compare();
    for (const at of dates) expect(kept[keyOf(weekly.id, at)]).toEqual([1, 2]);
    // Admin → Events and the range read show the kept counts.
    const managed = (await call(staff.auth, "GET", `${API.calendar.manage()}?limit=100`)).json() as ManagedEvents;
    expect(managed.events.find((e) => e.id === weekly.id)).toMatchObject({ nextOccurrence: dates[0], goingCount: 1, waitlistCount: 2 });
    const page = (await call(staff.auth, "GET", `/api/calendar/events?from=2026-10-26T00:00:00Z&to=2026-11-16T00:00:00Z`)).json() as CalendarPage;
    expect(page.occurrences.filter((o) => o.id === weekly.id).map((o) => [o.startsAt, o.goingCount, o.waitlistCount])).toEqual([
      [dates[0], 1, 2],
      [dates[1], 1, 2],
      [dates[2], 1, 2],
    ]);

    // The schedule changes to Wednesdays: the upcoming Tuesday registrations go.
    await patch(staff, weekly.id, { startsAt: "2026-10-28T19:00", endsAt: "2026-10-28T20:00" });
    expect(Object.keys(await compare()).filter((k) => k.startsWith(weekly.id))).toEqual([]);
    const wednesday = "2026-11-05T00:00:00.000Z";
    for (const w of m.slice(0, 4)) await rsvp(w, weekly.id, wednesday);
    expect((await compare())[keyOf(weekly.id, wednesday)]).toEqual([1, 3]);

    // A deleted account: its place goes to the first in line.
    const leaving = await t.signUp("MEMBER", { password: "leaving-pass" });
    const small = await createEvent(staff, { startsAt: "2026-11-20T19:00", endsAt: "2026-11-20T20:00", capacity: 1 });
    await rsvp(leaving, small.id);
    await rsvp(m[5]!, small.id);
    await rsvp(leaving, weekly.id, wednesday);
    expect((await compare())[keyOf(small.id, small.startsAt)]).toEqual([1, 1]);
    const gone = await t.app.inject({ method: "DELETE", url: API.myData.account(), headers: leaving.auth, payload: { password: "leaving-pass" } as never });
    expect(gone.statusCode, gone.body).toBe(204);
    kept = await compare();
    expect(kept[keyOf(small.id, small.startsAt)]).toEqual([1, 0]);
    expect(kept[keyOf(weekly.id, wednesday)]).toEqual([1, 3]);

    // Raw SQL: many rows at once, a status changed by hand, some deleted together.
    await t.db.execute(sql`
      insert into calendar_rsvps (event_id, occurrence_start, user_id, status)
      select ${small.id}::uuid, ${small.startsAt}::timestamptz, id, 'waitlisted' from users where id in (${m[6]!.user.id}::uuid, ${m[7]!.user.id}::uuid)`);
    expect((await compare())[keyOf(small.id, small.startsAt)]).toEqual([1, 2]);
    await t.db.execute(sql`update calendar_rsvps set status = 'going' where event_id = ${small.id}::uuid and user_id = ${m[6]!.user.id}::uuid`);
    expect((await compare())[keyOf(small.id, small.startsAt)]).toEqual([2, 1]);
    await t.db.execute(sql`delete from calendar_rsvps where user_id in (${m[6]!.user.id}::uuid, ${m[7]!.user.id}::uuid)`);
    expect((await compare())[keyOf(small.id, small.startsAt)]).toEqual([1, 0]);
    // The day-before reminder writes reminded_at: counted the same.
    clock.setTime(new Date("2026-11-20T12:00:00Z").getTime());
    try {
      await sendEventReminders(t.deps);
    } finally {
      clock.setTime(new Date("2026-10-20T12:00:00Z").getTime());
    }
    expect(rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from calendar_rsvps where reminded_at is not null`))[0]!.n).toBeGreaterThan(0);
    await compare();

    // Registration turned off: the upcoming registrations, and their counts, go.
    await patch(staff, small.id, { registration: false });
    expect((await compare())[keyOf(small.id, small.startsAt)]).toBeUndefined();

    // A deleted event takes its registrations and its counts with it.
    expect(Object.keys(await compare()).some((k) => k.startsWith(weekly.id))).toBe(true);
    expect((await call(staff.auth, "DELETE", `/api/calendar/events/${weekly.id}`)).statusCode).toBe(204);
    expect(Object.keys(await compare()).some((k) => k.startsWith(weekly.id))).toBe(false);
    // Raw SQL deleting events (several at once, with registrations).
    const a = await createEvent(staff, { startsAt: "2026-11-21T19:00", endsAt: "2026-11-21T20:00" });
    const b = await createEvent(staff, { startsAt: "2026-11-22T19:00", endsAt: "2026-11-22T20:00" });
    for (const w of m.slice(0, 3)) await Promise.all([rsvp(w, a.id), rsvp(w, b.id)]);
    expect((await compare())[keyOf(b.id, b.startsAt)]).toEqual([3, 0]);
    await t.db.execute(sql`delete from calendar_events where id in (${a.id}::uuid, ${b.id}::uuid)`);
    expect(Object.keys(await compare()).some((k) => k.startsWith(a.id) || k.startsWith(b.id))).toBe(false);

    // A truncate empties it.
    await rsvp(m[0]!, once.id);
    expect(Object.keys(await compare()).length).toBeGreaterThan(0);
    await t.db.execute(sql`truncate calendar_rsvps`);
    expect(await compare()).toEqual({});
    expect(await t.db.select().from(calendarOccurrenceCounts)).toEqual([]);
  });
});

describe("the migration that adds calendar_occurrence_counts", () => {
  it("fills it from the registrations already there, and the triggers keep it from then on", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "occurrence-counts-migration-"));
    const database = await openPglite();
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag.endsWith("_calendar_occurrence_counts"));
      expect(at).toBeGreaterThan(0);
      fs.cpSync(MIGRATIONS_DIR, tmp, { recursive: true });
      fs.writeFileSync(path.join(tmp, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      const db = database.db;
      await migratePglite(db as never, { migrationsFolder: tmp });
      await db.execute(sql`insert into users (email, password_hash, first_name, last_name) select 'm' || i || '@example.org', 'x', 'M', 'N' || i from generate_series(1, 5) i`);
      await db.execute(sql`insert into calendar_events (title, starts_at, ends_at, repeat, registration, capacity) values
        ('Once', '2026-12-01T19:00Z', '2026-12-01T20:00Z', 'none', true, 2), ('Weekly', '2026-12-02T19:00Z', '2026-12-02T20:00Z', 'weekly', true, null)`);
      await db.execute(sql`insert into calendar_rsvps (event_id, occurrence_start, user_id, status)
        select e.id, e.starts_at, u.id, case when e.title = 'Once' and u.email >= 'm3@' then 'waitlisted' else 'going' end from calendar_events e, users u
        union all
        select e.id, e.starts_at + interval '7 days', u.id, 'going' from calendar_events e, users u where e.title = 'Weekly' and u.email < 'm3@'`);

      await database.migrate();

      const counts = async () =>
        rows<{ title: string; at: string; going: number; waiting: number }>(
          await db.execute(sql`select e.title, to_char(c.occurrence_start at time zone 'UTC', 'MM-DD') as at, c.going, c.waiting
            from calendar_occurrence_counts c join calendar_events e on e.id = c.event_id order by 1, 2`),
        );
      expect(await counts()).toEqual([
        { title: "Once", at: "12-01", going: 2, waiting: 3 },
        { title: "Weekly", at: "12-02", going: 5, waiting: 0 },
        { title: "Weekly", at: "12-09", going: 2, waiting: 0 },
      ]);
      await db.execute(sql`delete from calendar_rsvps where status = 'waitlisted'`);
      expect((await counts())[0]).toEqual({ title: "Once", at: "12-01", going: 2, waiting: 0 });
    } finally {
      await database.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
