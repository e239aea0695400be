/**
 * An event's kept head (calendar_events.json_head, migration 0054, decision 0149): written by
 * PostgreSQL from the row on every insert and update, whoever writes it, it is always the event's
 * answer as the contract writes it (ZCalendarEvent's fields in order), for words with quotes,
 * backslashes, line breaks and a line separator; Admin → Events and one event's read send it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { calendarEvents } from "../../db/schema/calendar";
import { ZCalendarEvent, ZManagedEvents, type CalendarEvent } from "../../../contract/calendar";
import { toEvent } from "./event-view";

let t: TestApp;
let staff: { authorization: string };
let member: { authorization: string };
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date("2026-10-20T12:00:00Z") });
  staff = (await t.signUp("STAFF")).auth;
  member = (await t.signUp("MEMBER")).auth;
});
afterAll(() => t.close());

async function createEvent(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: "POST", url: "/api/calendar/events", headers: staff, payload: { title: "Event", ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarEvent;
}

/** Every event's kept head, closed, is byte for byte the contract's JSON of its columns. */
async function expectHeadsExact(ids: string[]) {
  const rows = await t.db.select().from(calendarEvents).where(inArray(calendarEvents.id, ids));
  expect(rows).toHaveLength(ids.length);
  for (const row of rows) expect(`${row.jsonHead}}`).toBe(JSON.stringify(ZCalendarEvent.parse(toEvent(row))));
}

describe("an event's kept head", () => {
  it("is the contract's JSON of the row after every kind of change, by the routes and by plain SQL", async () => {
    const oneOff = await createEvent({ startsAt: "2026-11-10T19:00", endsAt: "2026-11-10T20:30", registration: true, capacity: 12 });
    const weekly = await createEvent({ title: "Choir", startsAt: "2026-10-22T19:00", endsAt: "2026-10-22T20:00", repeat: "weekly", repeatUntil: "2027-02-01" });
    const ids = [oneOff.id, weekly.id];
    await expectHeadsExact(ids);
    const patch = await t.app.inject({ method: "PATCH", url: `/api/calendar/events/${oneOff.id}`, headers: staff, payload: { location: "Hall B", capacity: null } });
    expect(patch.statusCode, patch.body).toBe(200);
    await expectHeadsExact(ids);
    const odd = 'Quote " backslash \\ line\nbreak tab\t sep\u2028 emoji 🙏 </script>';
    for (const change of [
      { title: odd },
      { description: odd },
      { location: "Ñuñoa's \"hall\"" },
      { startsAt: new Date("2026-11-10T18:00:00.123Z"), endsAt: new Date("2026-11-11T01:02:03.456Z") },
      { registration: false },
      { capacity: 5 },
    ]) {
      await t.db.update(calendarEvents).set(change).where(eq(calendarEvents.id, oneOff.id));
      await expectHeadsExact(ids);
    }
    await t.db.update(calendarEvents).set({ repeatUntil: null }).where(eq(calendarEvents.id, weekly.id));
    await t.db.update(calendarEvents).set({ repeat: "monthly" }).where(eq(calendarEvents.id, weekly.id));
    await expectHeadsExact(ids);
    // A row written by plain SQL with its head emptied is written again.
    await t.db.execute(sql`update calendar_events set json_head = '' where id = ${oneOff.id}::uuid`);
    await expectHeadsExact(ids);
  });

  it("is what Admin → Events and one event's read send, parsed with their strict schemas", async () => {
    const ev = await createEvent({ title: 'Supper "at 6"\nbring a dish', description: "Back\\slash", startsAt: "2026-10-30T18:00", endsAt: "2026-10-30T20:00", registration: true });
    await createEvent({ title: "Bible study", startsAt: "2026-10-21T19:00", endsAt: "2026-10-21T20:00", repeat: "weekly" });
    const one = await t.app.inject({ method: "GET", url: `/api/calendar/events/${ev.id}`, headers: member });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.body).toBe(JSON.stringify(ZCalendarEvent.strict().parse(JSON.parse(one.body))));
    expect(one.json()).toStrictEqual(ev);
    const page = await t.app.inject({ method: "GET", url: "/api/calendar/manage?limit=100", headers: staff });
    expect(page.statusCode, page.body).toBe(200);
    const parsed = ZManagedEvents.parse(JSON.parse(page.body));
    expect(page.body).toBe(JSON.stringify(parsed));
    const managed = parsed.events.find((e) => e.id === ev.id)!;
    expect(managed).toStrictEqual({ ...ev, nextOccurrence: ev.startsAt, goingCount: 0, waitlistCount: 0 });
    const rsvp = await t.app.inject({ method: "POST", url: `/api/calendar/events/${ev.id}/rsvp`, headers: member, payload: {} });
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    const again = (await t.app.inject({ method: "GET", url: "/api/calendar/manage?limit=100", headers: staff })).json() as { events: { id: string; goingCount: number }[] };
    expect(again.events.find((e) => e.id === ev.id)!.goingCount).toBe(1);
    const weekly = parsed.events.find((e) => e.title === "Bible study")!;
    expect(weekly.nextOccurrence).toBe("2026-10-21T23:00:00.000Z");
  });
});
