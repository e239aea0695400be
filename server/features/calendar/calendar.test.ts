/**
 * The events calendar (issue 18, decision 0109): staff author events and members read and
 * register; repeating events keep their wall-clock time across daylight-saving changes (weekly
 * and monthly); the waitlist moves up exactly once under concurrent registrations and
 * cancellations, also from two server instances; the iCalendar feed and the per-event file parse
 * with ical.js and expand to the same times as the API; the day-before reminder is written once.
 * The church's time zone is America/New_York (config/church.json): clocks go back on
 * 2026-11-01 and forward on 2027-03-14.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import zlib from "node:zlib";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { CALENDAR_TEXT, ZCalendarEvent, ZManagedEvents, groupRsvps, withMyStatus, type CalendarEvent, type CalendarPage, type EventRsvps, type ManagedEvents, type MyRegistrations, type RsvpAnswer, type Week } from "../../../contract/calendar";
import { calendarRsvps } from "../../db/schema/calendar";
import { readEventRsvps } from "../../testing/event-rsvps";
import { users } from "../../db/schema/users";
import { notifications, notificationOptOuts, pushDeliveries } from "../../db/schema/notifications";
import { groupMembers, smallGroups } from "../../db/schema/connect";
import { sendEventReminders } from "./send-event-reminders";
import { occurrencesBetween } from "./occurrences";
import { localize, messagesFor } from "../../i18n";
import { createECDH, randomBytes } from "node:crypto";
import { journeyDays, journeyEnrolments, journeys } from "../../db/schema/connect";

let clock = new Date("2026-10-20T12:00:00Z");
const now = () => clock;
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
  second = await createTestApp({ now, sameDatabaseAs: sameDatabase(t) });
}, 60_000);
afterAll(async () => {
  await second.close();
  await t.close();
});

type Auth = { authorization: string };
const call = (auth: Auth | null, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, app = t.app) =>
  app.inject({ method, url, headers: auth ?? {}, ...(payload === undefined ? {} : { payload: payload as never }) });
const issues = (res: { json(): unknown }) => (res.json() as { issues: { path: string; message: string }[] }).issues;

async function createEvent(staff: Auth, body: Record<string, unknown>) {
  const res = await call(staff, "POST", "/api/calendar/events", { title: "Event", ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarEvent;
}
/** The range as a member's screen shows it: the shared list with their own registrations laid over it. */
const range = async (auth: Auth, from: string, to: string) => {
  const q = `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const [res, own] = await Promise.all([call(auth, "GET", `/api/calendar/events${q}`), call(auth, "GET", `/api/calendar/registrations${q}`)]);
  expect(res.statusCode, res.body).toBe(200);
  expect(own.statusCode, own.body).toBe(200);
  const page = res.json() as CalendarPage;
  return { timeZone: page.timeZone, occurrences: withMyStatus(page.occurrences, (own.json() as MyRegistrations).registrations) };
};
const rsvp = (auth: Auth, id: string, occurrence?: string, app = t.app) =>
  call(auth, "POST", `/api/calendar/events/${id}/rsvp`, occurrence ? { occurrence } : {}, app);
const cancel = (auth: Auth, id: string, occurrence?: string, app = t.app) =>
  call(auth, "DELETE", `/api/calendar/events/${id}/rsvp${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ""}`, undefined, app);

describe("who may do what", () => {
  it("members read and register; only staff author, see registrations and the Admin list (403 for members)", async () => {
    const member = await t.signUp("MEMBER", { firstName: "Ruth", lastName: "Moab" });
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { startsAt: "2026-11-10T19:00", endsAt: "2026-11-10T20:30", registration: true });
    const body = { title: "Mine", startsAt: "2026-11-10T19:00", endsAt: "2026-11-10T20:00" };
    expect((await call(member.auth, "POST", "/api/calendar/events", body)).statusCode).toBe(403);
    expect((await call(member.auth, "PATCH", `/api/calendar/events/${ev.id}`, { title: "Hijack" })).statusCode).toBe(403);
    expect((await call(member.auth, "DELETE", `/api/calendar/events/${ev.id}`)).statusCode).toBe(403);
    expect((await call(member.auth, "GET", `/api/calendar/events/${ev.id}/rsvps`)).statusCode).toBe(403);
    expect((await call(member.auth, "GET", "/api/calendar/manage")).statusCode).toBe(403);
    expect((await call(null, "GET", "/api/calendar/events?from=2026-11-01T00:00:00Z&to=2026-11-30T00:00:00Z")).statusCode).toBe(401);
    expect((await call(null, "POST", `/api/calendar/events/${ev.id}/rsvp`, {})).statusCode).toBe(401);
    expect(((await rsvp(member.auth, ev.id)).json() as RsvpAnswer).status).toBe("going");
    for (const role of ["PASTOR", "OWNER"] as const) {
      const s = await t.signUp(role);
      const res = await call(s.auth, "PATCH", `/api/calendar/events/${ev.id}`, { location: `Hall ${role}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await readEventRsvps(t.app, staff.auth, ev.id)).groups).toEqual([{ occurrence: "2026-11-11T00:00:00.000Z", goingCount: 1, waitlistCount: 0, going: ["Ruth Moab"], waitlisted: [] }]);
    // The feed and "Add to calendar" need no account.
    expect((await call(null, "GET", "/api/calendar.ics")).statusCode).toBe(200);
    expect((await call(null, "GET", `/api/calendar/events/${ev.id}/event.ics`)).statusCode).toBe(200);
    expect((await call(staff.auth, "DELETE", `/api/calendar/events/${ev.id}`)).statusCode).toBe(204);
    expect((await call(staff.auth, "DELETE", `/api/calendar/events/${ev.id}`)).statusCode).toBe(404);
    expect((await t.db.select().from(calendarRsvps).where(eq(calendarRsvps.eventId, ev.id))).length).toBe(0);
  });

  it("refuses bad events with the field and a clear message, in the member's language", async () => {
    const staff = await t.signUp("STAFF");
    const post = (b: Record<string, unknown>, lang?: string) =>
      call({ ...staff.auth, ...(lang ? { "accept-language": lang } : {}) } as Auth, "POST", "/api/calendar/events", {
        title: "Supper",
        startsAt: "2026-11-10T19:00",
        endsAt: "2026-11-10T20:00",
        ...b,
      });
    expect(issues(await post({ title: " " }))).toEqual([{ path: "body.title", message: CALENDAR_TEXT.titleRequired }]);
    expect(issues(await post({ startsAt: "next tuesday" }))).toEqual([{ path: "body.startsAt", message: CALENDAR_TEXT.badDateTime }]);
    expect(issues(await post({ endsAt: "2026-11-10T18:00" }))).toEqual([{ path: "body.endsAt", message: CALENDAR_TEXT.endBeforeStart }]);
    expect(issues(await post({ endsAt: "2026-11-30T18:00" }))).toEqual([{ path: "body.endsAt", message: CALENDAR_TEXT.tooLong }]);
    expect(issues(await post({ repeatUntil: "2026-12-01" }))).toEqual([{ path: "body.repeatUntil", message: CALENDAR_TEXT.untilWithoutRepeat }]);
    expect(issues(await post({ repeat: "weekly", repeatUntil: "2026-11-01" }))).toEqual([{ path: "body.repeatUntil", message: CALENDAR_TEXT.untilBeforeStart }]);
    expect(issues(await post({ capacity: 10 }))).toEqual([{ path: "body.capacity", message: CALENDAR_TEXT.capacityWithoutRegistration }]);
    expect(issues(await post({ registration: true, capacity: 0 }))).toEqual([{ path: "body.capacity", message: CALENDAR_TEXT.capacityInvalid }]);
    expect(issues(await post({ repeat: "daily" }))[0]!.path).toBe("body.repeat");
    expect(issues(await post({ title: "" }, "es"))[0]!.message).toBe("El título es obligatorio");
    // A range is bounded.
    const member = await t.signUp();
    const long = await call(member.auth, "GET", "/api/calendar/events?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z");
    expect(long.statusCode).toBe(400);
    expect(issues(long)).toEqual([{ path: "querystring.to", message: CALENDAR_TEXT.rangeTooLong }]);
  });
});

describe("the month's list and one event's details", () => {
  it("the list carries what a card shows, no description; a member opens one event for its words (unknown: 404, no session: 401)", async () => {
    const staff = await t.signUp("PASTOR");
    const member = await t.signUp();
    const worded = await createEvent(staff.auth, {
      title: "Harvest Supper",
      description: "Bring a dish to share.\nChildren welcome.",
      location: "Fellowship Hall",
      startsAt: "2026-12-03T18:00",
      endsAt: "2026-12-03T20:00",
      repeat: "weekly",
      repeatUntil: "2026-12-10",
      registration: true,
      capacity: 30,
    });
    const bare = await createEvent(staff.auth, { title: "Choir Practice", startsAt: "2026-12-04T19:00", endsAt: "2026-12-04T20:00" });
    const page = await range(member.auth, "2026-12-01T05:00:00Z", "2026-12-31T05:00:00Z");
    const mine = page.occurrences.filter((o) => o.id === worded.id || o.id === bare.id);
    expect(mine.map((o) => [o.title, o.startsAt, o.hasDetails])).toEqual([
      ["Harvest Supper", "2026-12-03T23:00:00.000Z", true],
      ["Choir Practice", "2026-12-05T00:00:00.000Z", false],
      ["Harvest Supper", "2026-12-10T23:00:00.000Z", true],
    ]);
    expect(Object.keys(mine[0]!).sort()).toEqual(["capacity", "endsAt", "goingCount", "hasDetails", "id", "location", "myStatus", "registration", "repeat", "startsAt", "title", "waitlistCount"]);
    expect(mine[0]).toMatchObject({ location: "Fellowship Hall", repeat: "weekly", registration: true, capacity: 30, goingCount: 0, myStatus: null });

    const detail = await call(member.auth, "GET", `/api/calendar/events/${worded.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toEqual(worded);
    expect(ZCalendarEvent.parse(detail.json())).toEqual(detail.json());
    expect((detail.json() as CalendarEvent).description).toBe("Bring a dish to share.\nChildren welcome.");
    const unknown = await call(member.auth, "GET", "/api/calendar/events/00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(CALENDAR_TEXT.notFound);
    expect((await call(null, "GET", `/api/calendar/events/${worded.id}`)).statusCode).toBe(401);
  });
});

describe("the month's answer, compressed once", () => {
  it("every member gets the same shared bytes, already compressed (br or gzip, as asked); their own registrations are their own read", async () => {
    const staff = await t.signUp("PASTOR");
    const [reader, going] = [await t.signUp(), await t.signUp()];
    const ev = await createEvent(staff.auth, { title: "Carol Night", description: "Songs and cocoa.", startsAt: "2027-01-08T19:00", endsAt: "2027-01-08T21:00", registration: true });
    const other = await createEvent(staff.auth, { title: "Choir", startsAt: "2027-01-09T19:00", endsAt: "2027-01-09T21:00", registration: true });
    expect(((await rsvp(going.auth, ev.id)).json() as RsvpAnswer).status).toBe("going");
    const q = `?from=${encodeURIComponent("2027-01-01T05:00:00Z")}&to=${encodeURIComponent("2027-01-31T05:00:00Z")}`;
    const get = (auth: Auth, enc?: string, path = "/api/calendar/events") => t.app.inject({ method: "GET", url: `${path}${q}`, headers: { ...auth, ...(enc ? { "accept-encoding": enc } : {}) } });
    const plain = await get(reader.auth);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const page = plain.json() as CalendarPage;
    expect(page.occurrences.find((o) => o.id === ev.id)).toMatchObject({ goingCount: 1, waitlistCount: 0 });
    // Nothing of any one member is in the list.
    expect(page.occurrences.every((o) => !("myStatus" in o))).toBe(true);
    const br = await get(reader.auth, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(page);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
    const gz = await get(reader.auth, "gzip;q=1, br;q=0");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(page);
    // The member going gets the very same bytes...
    expect((await get(going.auth, "gzip, deflate, br, zstd")).rawPayload.equals(br.rawPayload)).toBe(true);
    // ...and their place from their own read; the reader's own read is empty.
    expect((await get(going.auth, undefined, "/api/calendar/registrations")).json()).toEqual({
      registrations: [{ eventId: ev.id, occurrence: "2027-01-09T00:00:00.000Z", status: "going" }],
    });
    expect((await get(reader.auth, undefined, "/api/calendar/registrations")).json()).toEqual({ registrations: [] });
    const seen = await range(going.auth, "2027-01-01T05:00:00Z", "2027-01-31T05:00:00Z");
    expect(seen.occurrences.find((o) => o.id === ev.id)?.myStatus).toBe("going");
    expect(seen.occurrences.find((o) => o.id === other.id)?.myStatus).toBeNull();
    // The range is checked as the list's is, and the read is for members signed in.
    expect((await call(going.auth, "GET", "/api/calendar/registrations?from=x&to=y")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/calendar/registrations${q}` })).statusCode).toBe(401);
  });
});

describe("time zones and daylight saving", () => {
  it("a weekly 10:00 event stays at 10:00 in the church's zone when clocks go back (14:00Z, then 15:00Z)", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { title: "Men's Breakfast", startsAt: "2026-10-17T10:00", endsAt: "2026-10-17T11:30", repeat: "weekly", repeatUntil: "2026-11-14" });
    expect(ev.startsAt).toBe("2026-10-17T14:00:00.000Z");
    const page = await range(staff.auth, "2026-10-01T00:00:00Z", "2026-12-01T00:00:00Z");
    const mine = page.occurrences.filter((o) => o.id === ev.id);
    expect(page.timeZone).toBe("America/New_York");
    expect(mine.map((o) => o.startsAt)).toEqual([
      "2026-10-17T14:00:00.000Z",
      "2026-10-24T14:00:00.000Z",
      "2026-10-31T14:00:00.000Z",
      "2026-11-07T15:00:00.000Z",
      "2026-11-14T15:00:00.000Z",
    ]);
    // Each lasts as long as the first, and a range in the middle finds only what overlaps it.
    expect(mine.every((o) => Date.parse(o.endsAt) - Date.parse(o.startsAt) === 90 * 60_000)).toBe(true);
    const middle = await range(staff.auth, "2026-11-07T15:30:00Z", "2026-11-08T00:00:00Z");
    expect(middle.occurrences.filter((o) => o.id === ev.id).map((o) => o.startsAt)).toEqual(["2026-11-07T15:00:00.000Z"]);
    // An offset given explicitly is taken as it is.
    const explicit = await createEvent(staff.auth, { startsAt: "2026-12-06T10:00:00-05:00", endsAt: "2026-12-06T11:00:00-05:00" });
    expect(explicit.startsAt).toBe("2026-12-06T15:00:00.000Z");
  });

  it("monthly repeats keep the day and the wall clock across the spring change, and skip months without the day", async () => {
    const tz = "America/New_York";
    const first = { startsAt: new Date("2027-01-31T23:30:00Z"), endsAt: new Date("2027-02-01T00:30:00Z"), repeat: "monthly" as const, repeatUntil: null };
    // 18:30 local on the 31st: none in February or April.
    expect(occurrencesBetween(tz, first, new Date("2027-01-01T00:00:00Z"), new Date("2027-06-01T00:00:00Z")).map((o) => o.start.toISOString())).toEqual([
      "2027-01-31T23:30:00.000Z",
      "2027-03-31T22:30:00.000Z",
      "2027-05-31T22:30:00.000Z",
    ]);
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { title: "Prayer Night", startsAt: "2027-02-10T19:00", endsAt: "2027-02-10T21:00", repeat: "monthly" });
    // 19:00 EST before the change on March 14, 19:00 EDT after it.
    const page = await range(staff.auth, "2027-03-01T00:00:00Z", "2027-04-30T00:00:00Z");
    expect(page.occurrences.filter((o) => o.id === ev.id).map((o) => o.startsAt)).toEqual(["2027-03-11T00:00:00.000Z", "2027-04-10T23:00:00.000Z"]);
    // A weekly event far in the future (the fast skip ahead) is still on its day and time.
    const weekly = { startsAt: new Date("2026-10-17T14:00:00Z"), endsAt: new Date("2026-10-17T15:00:00Z"), repeat: "weekly" as const, repeatUntil: null };
    const later = occurrencesBetween(tz, weekly, new Date("2030-07-01T00:00:00Z"), new Date("2030-07-15T00:00:00Z"));
    expect(later.map((o) => o.start.toISOString())).toEqual(["2030-07-06T14:00:00.000Z", "2030-07-13T14:00:00.000Z"]);
  });

  it("a wall-clock time in the hour skipped in spring is read with the offset before the change (RFC 5545)", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { startsAt: "2027-03-14T02:30", endsAt: "2027-03-14T04:00" });
    expect(ev.startsAt).toBe("2027-03-14T07:30:00.000Z");
  });
});

describe("registration and the waitlist", () => {
  it("going up to the capacity, then waitlisted in order; a cancellation moves the first in line up", async () => {
    const staff = await t.signUp("STAFF");
    const [a, b, c] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const ev = await createEvent(staff.auth, { title: "Marriage Retreat", startsAt: "2026-11-20T18:00", endsAt: "2026-11-22T12:00", registration: true, capacity: 1 });
    expect((await rsvp(a!.auth, ev.id)).json()).toEqual({ status: "going", occurrence: "2026-11-20T23:00:00.000Z", goingCount: 1, waitlistCount: 0, waitlistPosition: null });
    expect((await rsvp(b!.auth, ev.id)).json()).toMatchObject({ status: "waitlisted", waitlistPosition: 1, goingCount: 1, waitlistCount: 1 });
    expect((await rsvp(c!.auth, ev.id)).json()).toMatchObject({ status: "waitlisted", waitlistPosition: 2, waitlistCount: 2 });
    // Asking again answers the same, without a second row.
    expect((await rsvp(b!.auth, ev.id)).json()).toMatchObject({ status: "waitlisted", waitlistPosition: 1 });
    const seen = (await range(b!.auth, "2026-11-15T00:00:00Z", "2026-11-30T00:00:00Z")).occurrences.find((o) => o.id === ev.id)!;
    expect(seen).toMatchObject({ goingCount: 1, waitlistCount: 2, myStatus: "waitlisted", capacity: 1 });
    // The range read is shared (one load for everyone); each member still sees their own place.
    const [seenA, seenC, seenStaff] = await Promise.all(
      [a!, c!, staff].map(async (who) => (await range(who.auth, "2026-11-15T00:00:00Z", "2026-11-30T00:00:00Z")).occurrences.find((o) => o.id === ev.id)!),
    );
    expect([seenA.myStatus, seenC.myStatus, seenStaff.myStatus]).toEqual(["going", "waitlisted", null]);
    expect(seenStaff).toMatchObject({ goingCount: 1, waitlistCount: 2 });
    expect((await cancel(a!.auth, ev.id)).statusCode).toBe(204);
    expect((await rsvp(b!.auth, ev.id)).json()).toMatchObject({ status: "going", goingCount: 1, waitlistCount: 1 });
    expect((await rsvp(c!.auth, ev.id)).json()).toMatchObject({ status: "waitlisted", waitlistPosition: 1 });
    expect((await cancel(a!.auth, ev.id)).statusCode).toBe(404);
    // A larger capacity lets the line in.
    expect((await call(staff.auth, "PATCH", `/api/calendar/events/${ev.id}`, { capacity: 5 })).statusCode).toBe(200);
    expect((await rsvp(c!.auth, ev.id)).json()).toMatchObject({ status: "going", goingCount: 2, waitlistCount: 0 });
    const managed = (await call(staff.auth, "GET", "/api/calendar/manage?limit=100")).json() as ManagedEvents;
    expect(managed.events.find((e) => e.id === ev.id)).toMatchObject({ nextOccurrence: "2026-11-20T23:00:00.000Z", goingCount: 2, waitlistCount: 0 });
  });

  it("refuses what cannot be registered for: no registration, a started event, a time the event does not have", async () => {
    const staff = await t.signUp("STAFF");
    const m = await t.signUp();
    const open = await createEvent(staff.auth, { startsAt: "2026-11-03T19:00", endsAt: "2026-11-03T20:00" });
    expect((await rsvp(m.auth, open.id)).statusCode).toBe(409);
    const past = await createEvent(staff.auth, { startsAt: "2026-10-01T19:00", endsAt: "2026-10-01T20:00", registration: true });
    expect(issues(await rsvp(m.auth, past.id))).toEqual([{ path: "body.occurrence", message: CALENDAR_TEXT.alreadyStarted }]);
    const weekly = await createEvent(staff.auth, { startsAt: "2026-10-27T19:00", endsAt: "2026-10-27T20:00", repeat: "weekly", registration: true, capacity: 1 });
    expect(issues(await rsvp(m.auth, weekly.id))).toEqual([{ path: "body.occurrence", message: CALENDAR_TEXT.occurrenceRequired }]);
    expect(issues(await rsvp(m.auth, weekly.id, "2026-11-03T23:30:00Z"))).toEqual([{ path: "body.occurrence", message: CALENDAR_TEXT.noSuchOccurrence }]);
    // Per occurrence: full on one date, still open on the next (after the clocks change: 00:00Z).
    expect(((await rsvp(m.auth, weekly.id, "2026-10-27T23:00:00Z")).json() as RsvpAnswer).status).toBe("going");
    const other = await t.signUp();
    expect(((await rsvp(other.auth, weekly.id, "2026-10-27T23:00:00Z")).json() as RsvpAnswer).status).toBe("waitlisted");
    expect(((await rsvp(other.auth, weekly.id, "2026-11-04T00:00:00Z")).json() as RsvpAnswer).status).toBe("going");
    // Moving the weekly event drops the upcoming registrations of times it no longer has.
    expect((await call(staff.auth, "PATCH", `/api/calendar/events/${weekly.id}`, { startsAt: "2026-10-28T19:00", endsAt: "2026-10-28T20:00" })).statusCode).toBe(200);
    expect((await t.db.select().from(calendarRsvps).where(eq(calendarRsvps.eventId, weekly.id))).length).toBe(0);
  });

  it("concurrent registrations from two instances fill exactly the capacity; concurrent cancellations move up exactly one each", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { title: "Youth Lock-in", startsAt: "2026-12-04T19:00", endsAt: "2026-12-05T07:00", registration: true, capacity: 3 });
    const members = await Promise.all(Array.from({ length: 12 }, () => t.signUp()));
    const answers = await Promise.all(members.map((m, i) => rsvp(m.auth, ev.id, undefined, i % 2 ? second.app : t.app)));
    const statuses = answers.map((r) => (r.json() as RsvpAnswer).status);
    expect(statuses.filter((s) => s === "going")).toHaveLength(3);
    expect(statuses.filter((s) => s === "waitlisted")).toHaveLength(9);
    const going = members.filter((_, i) => statuses[i] === "going");
    // The three going cancel at once, and two waitlisted members leave at the same moment.
    const leaving = members.filter((_, i) => statuses[i] === "waitlisted").slice(0, 2);
    const cancels = await Promise.all([...going, ...leaving].map((m, i) => cancel(m.auth, ev.id, undefined, i % 2 ? t.app : second.app)));
    expect(cancels.map((r) => r.statusCode)).toEqual([204, 204, 204, 204, 204]);
    const rows = await t.db.select().from(calendarRsvps).where(eq(calendarRsvps.eventId, ev.id));
    expect(rows.filter((r) => r.status === "going")).toHaveLength(3);
    expect(rows.filter((r) => r.status === "waitlisted")).toHaveLength(4);
    // The ones moved up are the first in line who stayed, in registration order.
    const line = [...rows].sort((a, b) => a.seq - b.seq);
    expect(line.slice(0, 3).every((r) => r.status === "going")).toBe(true);
  });
});

describe("iCalendar", () => {
  it("the public feed parses with ical.js: the church's TZID with its VTIMEZONE, RRULE expanding to the API's times", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, {
      title: "Wednesday Bible Study",
      description: "Romans, chapter by chapter; bring a friend, coffee provided",
      location: "Room 12",
      startsAt: "2026-10-21T19:00",
      endsAt: "2026-10-21T20:30",
      repeat: "weekly",
      repeatUntil: "2026-11-18",
    });
    const res = await call(null, "GET", "/api/calendar.ics");
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const tzComp = cal.getFirstSubcomponent("vtimezone")!;
    expect(tzComp.getFirstPropertyValue("tzid")).toBe("America/New_York");
    const zone = new ICAL.Timezone(tzComp);
    ICAL.TimezoneService.register(zone, "America/New_York");
    const vevent = cal.getAllSubcomponents("vevent").find((v) => String(v.getFirstPropertyValue("uid")).startsWith(ev.id))!;
    expect(vevent.getFirstPropertyValue("summary")).toBe("Wednesday Bible Study");
    expect(vevent.getFirstPropertyValue("description")).toBe("Romans, chapter by chapter; bring a friend, coffee provided");
    expect(vevent.getFirstPropertyValue("location")).toBe("Room 12");
    expect(vevent.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("America/New_York");
    expect(String(vevent.getFirstPropertyValue("rrule"))).toMatch(/FREQ=WEEKLY/);
    const event = new ICAL.Event(vevent);
    const it = event.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 10; next = it.next()) starts.push(next.toJSDate().toISOString());
    const api = (await range(staff.auth, "2026-10-01T00:00:00Z", "2026-11-30T00:00:00Z")).occurrences.filter((o) => o.id === ev.id).map((o) => o.startsAt);
    expect(starts).toEqual(api);
    expect(starts).toEqual(["2026-10-21T23:00:00.000Z", "2026-10-28T23:00:00.000Z", "2026-11-05T00:00:00.000Z", "2026-11-12T00:00:00.000Z", "2026-11-19T00:00:00.000Z"]);
  });

  it("'Add to calendar' is one event's file; an unknown event is a 404", async () => {
    const staff = await t.signUp("STAFF");
    const ev = await createEvent(staff.auth, { title: "Christmas Eve Candlelight", startsAt: "2026-12-24T18:00", endsAt: "2026-12-24T19:00" });
    const res = await call(null, "GET", `/api/calendar/events/${ev.id}/event.ics`);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="event.ics"/);
    const cal = new ICAL.Component(ICAL.parse(res.body));
    const events = cal.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    ICAL.TimezoneService.register(new ICAL.Timezone(cal.getFirstSubcomponent("vtimezone")!), "America/New_York");
    const e = new ICAL.Event(events[0]!);
    expect(e.summary).toBe("Christmas Eve Candlelight");
    expect(e.startDate.toJSDate().toISOString()).toBe("2026-12-24T23:00:00.000Z");
    expect(e.endDate.toJSDate().toISOString()).toBe("2026-12-25T00:00:00.000Z");
    expect((await call(null, "GET", "/api/calendar/events/00000000-0000-4000-8000-000000000000/event.ics")).statusCode).toBe(404);
  });
});

describe("the day-before reminder", () => {
  it("reaches each member going once, even with two instances at once; not the waitlisted, not who turned the kind off", async () => {
    const staff = await t.signUp("STAFF");
    const [going, waiting, optedOut] = [await t.signUp(), await t.signUp(), await t.signUp()];
    await t.db.insert(notificationOptOuts).values({ userId: optedOut!.user.id, kind: "eventReminder" });
    const ev = await createEvent(staff.auth, { title: "Fall Festival", startsAt: "2026-10-25T16:00", endsAt: "2026-10-25T19:00", registration: true, capacity: 2 });
    for (const m of [going, optedOut, waiting]) await rsvp(m!.auth, ev.id);
    const remindersOf = (userId: string) =>
      t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "eventReminder")));
    // Too early: more than a day before.
    expect(await sendEventReminders(t.deps)).toBe(0);
    clock = new Date("2026-10-24T20:30:00Z");
    try {
      const [a, b] = await Promise.all([sendEventReminders(t.deps), sendEventReminders(second.deps)]);
      expect(a + b).toBe(1);
      expect(await sendEventReminders(t.deps)).toBe(0);
      const mine = await remindersOf(going!.user.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ title: "Event Tomorrow", body: "Tomorrow, 4:00 PM: Fall Festival", url: "/calendar" });
      expect(await remindersOf(waiting!.user.id)).toHaveLength(0);
      // Registered less than a day before: no reminder (they have just said yes).
      const late = await t.signUp();
      const soon = await createEvent(staff.auth, { title: "Late", startsAt: "2026-10-25T10:00", endsAt: "2026-10-25T11:00", registration: true });
      expect(((await rsvp(late.auth, soon.id)).json() as RsvpAnswer).status).toBe("going");
      expect(await sendEventReminders(t.deps)).toBe(0);
      expect(await remindersOf(late.user.id)).toHaveLength(0);
      expect(await remindersOf(optedOut!.user.id)).toHaveLength(0);
      // Shown in Spanish to a Spanish reader.
      expect(localize(mine[0]!.title, "es")).toBe("Evento mañana");
      expect(localize(mine[0]!.body, "es")).toBe("Mañana, 4:00 PM: Fall Festival");
    } finally {
      clock = new Date("2026-10-20T12:00:00Z");
    }
  });
});

describe("deleting an event tells who is registered", () => {
  /** A push device of the member's own (a Web Push subscription as a browser makes one). */
  function device() {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const sub = { endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString("base64url")}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") } };
    return { token: JSON.stringify(sub), deviceType: "web" };
  }
  const cancelledFor = (userId: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "eventCancelled")));

  it("members going or waitlisted for a date still ahead get one notice each (inbox and push, by their preferences), in the delete's transaction; past and other events' members do not", async () => {
    const staff = await t.signUp("STAFF");
    const [going, waiting, twoDates, optedOut, past, other, bystander] = [await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp(), await t.signUp()];
    await t.db.insert(notificationOptOuts).values({ userId: optedOut!.user.id, kind: "eventCancelled" });
    await t.db.update(users).set({ locale: "es" }).where(eq(users.id, waiting!.user.id));
    expect((await call(going!.auth, "POST", "/api/notifications/register-token", device())).statusCode).toBe(200);
    expect((await call(waiting!.auth, "POST", "/api/notifications/register-token", device())).statusCode).toBe(200);

    // Weekly from Tuesday 13 October, 19:00 (the first date is before the test's clock, 20 October).
    const ev = await createEvent(staff.auth, { title: "Youth Night", startsAt: "2026-10-13T19:00", endsAt: "2026-10-13T21:00", repeat: "weekly", registration: true, capacity: 1 });
    const kept = await createEvent(staff.auth, { title: "Choir", startsAt: "2026-10-28T19:00", endsAt: "2026-10-28T20:00", registration: true });
    const dates = (await range(staff.auth, "2026-10-01T00:00:00Z", "2026-11-30T00:00:00Z")).occurrences.filter((o) => o.id === ev.id).map((o) => o.startsAt);
    const [oct13, , oct27, nov3, nov10, nov17] = dates;
    // A registration for a date that is past by now: made before it, when it was still ahead.
    clock = new Date("2026-10-10T12:00:00Z");
    try {
      expect(((await rsvp(past!.auth, ev.id, oct13)).json() as RsvpAnswer).status).toBe("going");
    } finally {
      clock = new Date("2026-10-20T12:00:00Z");
    }
    expect(((await rsvp(going!.auth, ev.id, oct27)).json() as RsvpAnswer).status).toBe("going");
    expect(((await rsvp(waiting!.auth, ev.id, oct27)).json() as RsvpAnswer).status).toBe("waitlisted");
    for (const at of [nov3!, nov10!]) expect((await rsvp(twoDates!.auth, ev.id, at)).statusCode).toBe(200);
    expect((await rsvp(optedOut!.auth, ev.id, nov17)).statusCode).toBe(200);
    expect((await rsvp(other!.auth, kept.id)).statusCode).toBe(200);

    // An unknown event: 404, and nobody is told anything.
    expect((await call(staff.auth, "DELETE", "/api/calendar/events/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect(await cancelledFor(going!.user.id)).toEqual([]);

    expect((await call(staff.auth, "DELETE", `/api/calendar/events/${ev.id}`)).statusCode).toBe(204);
    // Gone with its registrations; the other event keeps its own.
    expect(await t.db.select().from(calendarRsvps).where(eq(calendarRsvps.eventId, ev.id))).toEqual([]);
    expect(await t.db.select().from(calendarRsvps).where(eq(calendarRsvps.eventId, kept.id))).toHaveLength(1);

    for (const who of [going!, waiting!, twoDates!]) {
      const mine = await cancelledFor(who.user.id);
      expect(mine, "one notice, however many dates").toHaveLength(1);
      expect(mine[0]).toMatchObject({ subjectId: ev.id, title: "Event Cancelled", body: "Youth Night was cancelled. Your registration is removed.", url: "/calendar" });
    }
    for (const who of [optedOut!, past!, other!, bystander!, staff]) expect(await cancelledFor(who.user.id)).toEqual([]);
    // Pushed to the devices of those told.
    for (const who of [going!, waiting!]) {
      const [n] = await cancelledFor(who.user.id);
      expect(await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, n!.id))).toHaveLength(1);
    }
    // In the member's language: stored once in English, shown (inbox) and pushed in Spanish to a Spanish reader.
    const [es] = await cancelledFor(waiting!.user.id);
    expect(localize(es!.title, "es")).toBe(messagesFor("es").notifications.eventCancelledTitle);
    expect(localize(es!.body, "es")).toBe(messagesFor("es").notifications.eventCancelledBody("Youth Night"));
    expect(localize(es!.body, "es")).toBe("Se canceló Youth Night. Su inscripción quedó eliminada.");
    // The member's inbox answer has it.
    const inbox = await call(twoDates!.auth, "GET", "/api/notifications");
    expect(inbox.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "eventCancelled", title: "Event Cancelled" })]));
  });
});

describe("the week", () => {
  it("shows this week's events, the service times, the member's groups and today's journey day", async () => {
    const staff = await t.signUp("STAFF");
    const m = await t.signUp();
    const ev = await createEvent(staff.auth, { title: "Thursday Choir", startsAt: "2026-10-22T19:00", endsAt: "2026-10-22T20:00" });
    await createEvent(staff.auth, { title: "Next week", startsAt: "2026-10-26T19:00", endsAt: "2026-10-26T20:00" });
    const [group] = await t.db.insert(smallGroups).values({ name: `Young Adults ${m.user.id}`, description: "d", meetingPlace: "Room 4", meetingDay: 2, meetingTime: "19:00" }).returning();
    await t.db.insert(groupMembers).values({ groupId: group!.id, userId: m.user.id });
    // A 3-day journey begun yesterday (church calendar): today is day 2.
    await t.db.insert(journeys).values({ key: "WEEK_TEST", titleEn: "Week test", titleEs: "Prueba", dayCount: 3, published: true });
    await t.db.insert(journeyDays).values([1, 2, 3].flatMap((day) => [
      { sequenceKey: "WEEK_TEST", day, title: `Day ${day} title`, content: "c", locale: "en" },
      { sequenceKey: "WEEK_TEST", day, title: `Día ${day}`, content: "c", locale: "es" },
    ]));
    await t.db.insert(journeyEnrolments).values({ userId: m.user.id, sequenceKey: "WEEK_TEST", startDate: "2026-10-19", unsubscribeToken: `tok-${m.user.id}` });
    const res = await call(m.auth, "GET", "/api/week");
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json() as Week;
    expect(week.start).toBe("2026-10-18T04:00:00.000Z");
    expect(week.end).toBe("2026-10-25T04:00:00.000Z");
    expect(week.events.map((e) => e.id)).toContain(ev.id);
    expect(week.events.some((e) => e.title === "Next week")).toBe(false);
    expect(week.services[0]).toEqual({ day: "Sundays", times: ["8:00AM", "9:30AM", "11:00AM"] });
    expect(week.groups).toEqual([{ id: group!.id, name: group!.name, meetingDay: 2, meetingTime: "19:00", meetingInfo: "Room 4" }]);
    expect(week.journey).toEqual({ sequenceKey: "WEEK_TEST", day: 2, totalDays: 3, title: "Day 2 title" });
    const other = (await call((await t.signUp()).auth, "GET", "/api/week")).json() as Week;
    expect(other.groups).toEqual([]);
    expect(other.journey).toBeNull();

    // The day's title in the member's language; the enrolment past the journey's end shows no day.
    await t.db.update(users).set({ locale: "es" }).where(eq(users.id, m.user.id));
    expect(((await call(m.auth, "GET", "/api/week")).json() as Week).journey).toEqual({ sequenceKey: "WEEK_TEST", day: 2, totalDays: 3, title: "Día 2" });
    await t.db.update(journeyEnrolments).set({ startDate: "2026-10-10" }).where(eq(journeyEnrolments.userId, m.user.id));
    expect(((await call(m.auth, "GET", "/api/week")).json() as Week).journey).toBeNull();

    // A registration shows as the member's own status in their week only (the occurrences are shared, the status is not).
    const reg = await createEvent(staff.auth, { title: "Friday Supper", startsAt: "2026-10-23T18:00", endsAt: "2026-10-23T19:00", registration: true, capacity: 10 });
    const third = await t.signUp();
    expect(((await call(third.auth, "GET", "/api/week")).json() as Week).events.find((e) => e.id === reg.id)).toMatchObject({ myStatus: null, goingCount: 0 });
    expect((await rsvp(m.auth, reg.id)).statusCode).toBe(200);
    expect(((await call(m.auth, "GET", "/api/week")).json() as Week).events.find((e) => e.id === reg.id)).toMatchObject({ myStatus: "going", goingCount: 1 });
    expect(((await call(third.auth, "GET", "/api/week")).json() as Week).events.find((e) => e.id === reg.id)).toMatchObject({ myStatus: null, goingCount: 1 });
  });
});

describe("Admin → Events, a page at a time (issue 23)", () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ now: () => new Date("2026-10-20T12:00:00Z") });
  }, 60_000);
  afterAll(() => p.close());
  const get = (auth: Auth, url: string) => p.app.inject({ method: "GET", url, headers: auth });
  const make = async (staff: Auth, title: string, body: Record<string, unknown>) => {
    const res = await p.app.inject({ method: "POST", url: "/api/calendar/events", headers: staff, payload: { title, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CalendarEvent;
  };
  async function walk(auth: Auth, limit?: number) {
    const pages: ManagedEvents[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(auth, `/api/calendar/manage?${limit ? `limit=${limit}` : ""}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json() as ManagedEvents);
      cursor = pages[pages.length - 1]!.nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  }

  it("upcoming by next occurrence, then the started and finished by first start, without gaps or repeats; counts of the next occurrence", async () => {
    const staff = await p.signUp("STAFF");
    const [a, b] = [await p.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" }), await p.signUp("MEMBER", { firstName: "Dorcas", lastName: "Joppa" })];
    // Now is Tuesday 2026-10-20 08:00 in New York.
    const weekly = await make(staff.auth, "Tuesday Prayer", { startsAt: "2026-09-01T19:00", endsAt: "2026-09-01T20:00", repeat: "weekly", registration: true });
    const soonA = await make(staff.auth, "Thursday Supper", { startsAt: "2026-10-22T10:00", endsAt: "2026-10-22T12:00", registration: true });
    const soonB = await make(staff.auth, "Thursday Choir", { startsAt: "2026-10-22T10:00", endsAt: "2026-10-22T11:00" });
    const sunday = await make(staff.auth, "Sunday Picnic", { startsAt: "2026-10-25T12:00", endsAt: "2026-10-25T15:00", registration: true, capacity: 1 });
    const far = await make(staff.auth, "Anniversary", { startsAt: "2028-01-09T10:00", endsAt: "2028-01-09T12:00" });
    const done = await make(staff.auth, "Summer Bible Club", { startsAt: "2026-08-03T09:00", endsAt: "2026-08-03T12:00", repeat: "weekly", repeatUntil: "2026-09-28" });
    const past = await make(staff.auth, "Harvest Fair", { startsAt: "2026-10-10T10:00", endsAt: "2026-10-10T16:00" });
    const running = await make(staff.auth, "Prayer Morning", { startsAt: "2026-10-20T06:00", endsAt: "2026-10-20T10:00" });
    await make(staff.auth, "Easter", { startsAt: "2026-04-05T10:00", endsAt: "2026-04-05T12:00" });

    // Registrations: the weekly event's occurrence after next only, then the next one too; the picnic fills and waits.
    expect((await rsvp(a!.auth, weekly.id, "2026-10-27T23:00:00.000Z", p.app)).statusCode).toBe(200);
    expect((await rsvp(a!.auth, sunday.id, undefined, p.app)).statusCode).toBe(200);
    expect((await rsvp(b!.auth, sunday.id, undefined, p.app)).statusCode).toBe(200);

    const upcoming = [weekly, ...[soonA, soonB].sort((x, y) => x.id.localeCompare(y.id)), sunday, far];
    const expected = [...upcoming, done, past, running].map((e) => e.title);
    for (const limit of [undefined, 1, 2, 3, 9]) {
      const pages = await walk(staff.auth, limit);
      expect(pages.flatMap((pg) => pg.events.map((e) => e.title)), `limit ${limit}`).toEqual(expected);
      expect(pages.every((pg) => pg.timeZone === "America/New_York")).toBe(true);
      expect(pages[pages.length - 1]!.nextCursor).toBeNull();
      if (limit) expect(pages.slice(0, -1).every((pg) => pg.events.length === limit)).toBe(true);
    }
    // Written by PostgreSQL and completed here: exactly what the contract's schemas put out.
    for (const pg of await walk(staff.auth, 4)) expect(ZManagedEvents.parse(pg)).toEqual(pg);
    const byTitle = new Map((await walk(staff.auth)).flatMap((pg) => pg.events).map((e) => [e.title, e]));
    expect(byTitle.get("Tuesday Prayer")).toMatchObject({ nextOccurrence: "2026-10-20T23:00:00.000Z", goingCount: 0, waitlistCount: 0 });
    expect(byTitle.get("Sunday Picnic")).toMatchObject({ nextOccurrence: "2026-10-25T16:00:00.000Z", goingCount: 1, waitlistCount: 1, capacity: 1 });
    expect(byTitle.get("Anniversary")).toMatchObject({ nextOccurrence: "2028-01-09T15:00:00.000Z", startsAt: "2028-01-09T15:00:00.000Z" });
    for (const title of ["Summer Bible Club", "Harvest Fair", "Prayer Morning"]) expect(byTitle.get(title)).toMatchObject({ nextOccurrence: null, goingCount: 0 });
    expect(byTitle.get("Summer Bible Club")).toMatchObject({ repeat: "weekly", repeatUntil: "2026-09-28", startsAt: "2026-08-03T13:00:00.000Z", endsAt: "2026-08-03T16:00:00.000Z" });

    // Registering for the next occurrence counts it; the registrations list both occurrences in order.
    expect((await rsvp(b!.auth, weekly.id, "2026-10-20T23:00:00.000Z", p.app)).statusCode).toBe(200);
    const first = (await get(staff.auth, "/api/calendar/manage?limit=1")).json() as ManagedEvents;
    expect(first.events).toMatchObject([{ id: weekly.id, goingCount: 1 }]);
    expect((await readEventRsvps(p.app, staff.auth, weekly.id)).groups).toEqual([
      { occurrence: "2026-10-20T23:00:00.000Z", goingCount: 1, waitlistCount: 0, going: ["Dorcas Joppa"], waitlisted: [] },
      { occurrence: "2026-10-27T23:00:00.000Z", goingCount: 1, waitlistCount: 0, going: ["Lydia Thyatira"], waitlisted: [] },
    ]);
    expect((await readEventRsvps(p.app, staff.auth, sunday.id)).groups).toEqual([
      { occurrence: "2026-10-25T16:00:00.000Z", goingCount: 1, waitlistCount: 1, going: ["Lydia Thyatira"], waitlisted: ["Dorcas Joppa"] },
    ]);
    expect((await get(staff.auth, `/api/calendar/events/${far.id}/rsvps`)).json()).toEqual({ occurrences: [], nextCursor: null });
    expect((await get(staff.auth, "/api/calendar/events/00000000-0000-4000-8000-000000000000/rsvps")).statusCode).toBe(404);
  });

  it("an event's registrations come a page at a time: soonest occurrence first, going before the waitlist in order, no name twice or missed", async () => {
    const staff = await p.signUp("STAFF");
    const member = await p.signUp("MEMBER", { firstName: "Late", lastName: "Comer" });
    // Wednesdays at 19:00 in New York, two places: the third and fourth to register wait.
    const weekly = await make(staff.auth, "Wednesday Supper", { startsAt: "2026-10-21T19:00", endsAt: "2026-10-21T20:00", repeat: "weekly", registration: true, capacity: 2 });
    const occurrences = ["2026-10-21T23:00:00.000Z", "2026-10-28T23:00:00.000Z", "2026-11-05T00:00:00.000Z"];
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await p.signUp("MEMBER", { firstName: `Page${i}`, lastName: "Reader" }));
    // Registered in a different order per occurrence, so the order shown is registration order, not the member's.
    for (const [k, occurrence] of occurrences.entries()) {
      for (const i of [0, 1, 2, 3].map((j) => (j + k) % 4)) expect((await rsvp(people[i]!.auth, weekly.id, occurrence, p.app)).statusCode).toBe(200);
    }
    // A registration for an occurrence already past is not listed.
    await p.db.insert(calendarRsvps).values({ eventId: weekly.id, occurrenceStart: new Date("2026-10-14T23:00:00Z"), userId: member.user.id, status: "going" });
    const name = (i: number) => `Page${i} Reader`;
    const expected = occurrences.map((occurrence, k) => {
      const order = [0, 1, 2, 3].map((j) => name((j + k) % 4));
      return { occurrence, goingCount: 2, waitlistCount: 2, going: order.slice(0, 2), waitlisted: order.slice(2) };
    });
    for (const limit of [undefined, 1, 2, 3, 5, 12, 13]) {
      const { pages, groups } = await readEventRsvps(p.app, staff.auth, weekly.id, limit);
      expect(groups, `limit ${limit}`).toEqual(expected);
      const names = (pg: EventRsvps) => pg.occurrences.reduce((n, o) => n + o.going.length + o.waitlisted.length, 0);
      if (limit) expect(pages.slice(0, -1).every((pg) => names(pg) === limit), `limit ${limit}`).toBe(true);
      expect(pages.length, `limit ${limit}`).toBe(limit ? Math.max(1, Math.ceil(12 / limit)) : 1);
      // A page names only occurrences with a name on it.
      for (const pg of pages) expect(pg.occurrences.every((o) => o.going.length + o.waitlisted.length > 0)).toBe(true);
    }

    // A member who registers while staff page through joins the end of that occurrence's waitlist: the next pages show them once, and nothing shifts.
    const first = (await get(staff.auth, `/api/calendar/events/${weekly.id}/rsvps?limit=5`)).json() as EventRsvps;
    expect((await rsvp(member.auth, weekly.id, occurrences[2], p.app)).statusCode).toBe(200);
    const after = (await get(staff.auth, `/api/calendar/events/${weekly.id}/rsvps?limit=100&cursor=${encodeURIComponent(first.nextCursor!)}`)).json() as EventRsvps;
    const fresh = (await readEventRsvps(p.app, staff.auth, weekly.id, 100)).pages;
    expect(fresh).toHaveLength(1);
    expect(groupRsvps([first, after])).toEqual(fresh[0]!.occurrences);
    expect(fresh[0]!.occurrences[2]).toEqual({ ...expected[2], waitlistCount: 3, waitlisted: [...expected[2]!.waitlisted, "Late Comer"] });

    // Bad cursors and sizes are the field's 400; members are refused; an unknown event is a 404, with or without a cursor.
    const b64 = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    for (const bad of ["zz", b64(["2026-10-21T23:00:00.000000Z", "going", "x"]), b64(["2026-10-21T23:00:00.000000Z", "going", "-1"]), b64(["soon", "going", "1"]), b64(["2026-10-21T23:00:00.000000Z", "going"])]) {
      const res = await get(staff.auth, `/api/calendar/events/${weekly.id}/rsvps?cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(issues(res)[0]).toMatchObject({ path: "query.cursor" });
    }
    for (const limit of ["0", "501", "x"]) {
      const res = await get(staff.auth, `/api/calendar/events/${weekly.id}/rsvps?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(issues(res)[0]).toMatchObject({ path: "querystring.limit" });
    }
    expect((await get(member.auth, `/api/calendar/events/${weekly.id}/rsvps?cursor=${first.nextCursor}`)).statusCode).toBe(403);
    expect((await get(staff.auth, `/api/calendar/events/00000000-0000-4000-8000-000000000000/rsvps?cursor=${first.nextCursor}`)).statusCode).toBe(404);
  });

  it("a cursor no page wrote is a 400 on query.cursor; members are refused with or without one", async () => {
    const staff = await p.signUp("STAFF");
    const member = await p.signUp();
    const cursor = (await get(staff.auth, "/api/calendar/manage?limit=1")).json().nextCursor as string;
    expect(cursor).toBeTruthy();
    const b64 = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    for (const bad of ["zz", b64(["2", "2026-10-20T12:00:00.000000Z", "00000000-0000-4000-8000-000000000000"]), b64(["0", "2026-02-30T12:00:00Z", "x"]), b64(["0", "soon"])]) {
      const res = await get(staff.auth, `/api/calendar/manage?cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(issues(res)[0]).toMatchObject({ path: "query.cursor" });
    }
    for (const limit of ["0", "101", "x"]) expect((await get(staff.auth, `/api/calendar/manage?limit=${limit}`)).statusCode).toBe(400);
    expect((await get(member.auth, `/api/calendar/manage?cursor=${cursor}`)).statusCode).toBe(403);
  });
});
