/**
 * Admin → Journeys and Admin → Challenges (issue 18, decision 0108): staff-only authoring,
 * validation, publish/unpublish, correcting a published journey while a member is on it (the
 * next daily email is the corrected text of the right day, exactly once), days members reached
 * keep their place, archiving a challenge keeps members' streaks, and a database without demo
 * content has no journeys or challenges.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { createTestApp, type TestApp } from "../../testing/harness";
import { emailOutbox } from "../../db/schema/platform";
import { runDailyJourney } from "../../jobs/daily-journey";
import { z } from "zod";
import { JOURNEY_ADMIN_TEXT, ZAdminJourney, ZAdminJourneyDetail, type AdminChallenge, type AdminJourney, type AdminJourneyDetail, type Challenge, type DailyPreview, type JourneyOption, type NewJourney, type UserChallenge } from "../../../contract/connect";

let fixed: Date | null = null;
const now = () => fixed ?? new Date();
const at = (iso: string) => {
  fixed = new Date(iso);
};

let t: TestApp;
beforeAll(async () => {
  // No demo seed: a church starting from an empty database (SEED_DEMO=false).
  t = await createTestApp({ now });
});
afterAll(() => t.close());
beforeEach(() => {
  fixed = null;
});

type Auth = { authorization: string };
const call = (method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, auth?: Auth, payload?: object, lang?: string) =>
  t.app.inject({ method, url, headers: { ...(auth ?? {}), ...(lang ? { "accept-language": lang } : {}) }, ...(payload ? { payload } : {}) });
const emailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

const day = (n: number, extra = "") => ({
  en: { title: `Day ${n} title${extra}`, verseRef: `John 3:${n}`, verseText: `Verse ${n}`, content: `Reading for day ${n}${extra}.` },
  es: { title: `Título del día ${n}${extra}`, verseRef: `Juan 3:${n}`, verseText: `Versículo ${n}`, content: `Lectura del día ${n}${extra}.` },
});
const newJourney = (title: string, days: number): NewJourney => ({
  title,
  titleEs: `${title} (es)`,
  description: "Short mornings with Jesus",
  descriptionEs: "Mañanas breves con Jesús",
  days: Array.from({ length: days }, (_, i) => day(i + 1)),
});
const draftsOf = (d: AdminJourneyDetail) => d.days.map((x) => ({ from: x.day, en: x.en, es: x.es }));

describe("a church without demo content", () => {
  it("has no journeys and no challenges, and nothing breaks", async () => {
    const m = await t.signUp();
    const pastor = await t.signUp("PASTOR");
    expect((await call("GET", "/api/daily/journeys", m.auth)).json()).toEqual([]);
    expect((await call("GET", "/api/challenges", m.auth)).json()).toEqual([]);
    expect((await call("GET", "/api/challenges/mine", m.auth)).json()).toEqual([]);
    expect((await call("GET", "/api/daily/preview", m.auth)).json()).toMatchObject({ enrolled: false, totalDays: 0, content: null });
    expect((await call("GET", "/api/admin/journeys", pastor.auth)).json()).toEqual([]);
    expect((await call("GET", "/api/admin/challenges", pastor.auth)).json()).toEqual([]);
    expect(await runDailyJourney(t.deps)).toBe(0);
  });
});

describe("who may author", () => {
  it("members get 403 on every authoring route; staff (OWNER, PASTOR, STAFF) may", async () => {
    const m = await t.signUp();
    const id = randomUUID();
    const routes: [Parameters<typeof call>[0], string, object?][] = [
      ["GET", "/api/admin/journeys"],
      ["POST", "/api/admin/journeys", newJourney("Nope", 1)],
      ["GET", `/api/admin/journeys/${id}`],
      ["PATCH", `/api/admin/journeys/${id}`, { published: true }],
      ["PUT", `/api/admin/journeys/${id}/days`, { days: [day(1)] }],
      ["GET", `/api/admin/journeys/${id}/preview?day=1`],
      ["GET", "/api/admin/challenges"],
      ["POST", "/api/challenges", { title: "x", description: "y", titleEs: "x", descriptionEs: "y", days: 3 }],
      ["PATCH", `/api/challenges/${id}`, { days: 4 }],
      ["DELETE", `/api/challenges/${id}`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, m.auth, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const role of ["OWNER", "PASTOR", "STAFF"] as const) {
      const staff = await t.signUp(role);
      expect((await call("GET", "/api/admin/journeys", staff.auth)).statusCode).toBe(200);
      expect((await call("GET", `/api/admin/journeys/${id}`, staff.auth)).statusCode).toBe(404);
    }
  });
});

describe("validation", () => {
  it("refuses a bad journey with the field and a clear message, in the member's language", async () => {
    const pastor = await t.signUp("PASTOR");
    const noTitle = await call("POST", "/api/admin/journeys", pastor.auth, { ...newJourney("x", 1), title: "  " });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().issues).toContainEqual({ path: "body.title", message: JOURNEY_ADMIN_TEXT.titleRequired });
    const noDays = await call("POST", "/api/admin/journeys", pastor.auth, { ...newJourney("x", 1), days: [] }, "es");
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().issues).toContainEqual({ path: "body.days", message: "Un recorrido necesita al menos un día" });
    const noReading = newJourney("x", 2);
    noReading.days[1].es.content = "\u200b ";
    const r = await call("POST", "/api/admin/journeys", pastor.auth, noReading);
    expect(r.statusCode).toBe(400);
    expect(r.json().issues).toContainEqual({ path: "body.days.1.es.content", message: JOURNEY_ADMIN_TEXT.readingRequired });
    expect((await call("POST", "/api/admin/journeys", pastor.auth, newJourney("x", 61))).json().issues).toContainEqual({ path: "body.days", message: JOURNEY_ADMIN_TEXT.tooManyDays });

    const badChallenge = await call("POST", "/api/challenges", pastor.auth, { title: "Fast", description: "A week", titleEs: "", descriptionEs: "Una semana", days: 0 });
    expect(badChallenge.statusCode).toBe(400);
    const paths = (badChallenge.json().issues as { path: string }[]).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["body.titleEs", "body.days"]));
  });
});

describe("publish, enrol and the daily email", () => {
  it("a draft is hidden; published it is chosen on Connect; unpublished it stays with the members on it", async () => {
    at("2031-03-03T15:00:00Z"); // Mon 3 March, 10:00 EST
    const pastor = await t.signUp("PASTOR");
    const m = await t.signUp("MEMBER", { firstName: "Ana" });
    const created = await call("POST", "/api/admin/journeys", pastor.auth, newJourney("Advent Week", 3));
    expect(created.statusCode).toBe(201);
    const j = created.json() as AdminJourney;
    expect(j).toMatchObject({ key: "ADVENT_WEEK_3", dayCount: 3, published: false, archived: false, enrolled: 0, lockedDays: 0 });

    expect((await call("GET", "/api/daily/journeys", m.auth)).json()).toEqual([]);
    expect((await call("POST", "/api/daily/enroll", m.auth, { sequenceKey: j.key })).statusCode).toBe(404);

    // Preview a day as the member sees it, in both languages.
    const pv = (await call("GET", `/api/admin/journeys/${j.id}/preview?day=2&locale=es`, pastor.auth)).json() as DailyPreview;
    expect(pv).toMatchObject({ currentDay: 2, totalDays: 3, journeyTitle: "Advent Week (es)", content: { title: "Título del día 2", verse: "Versículo 2 (Juan 3:2)", content: "Lectura del día 2." } });

    expect((await call("PATCH", `/api/admin/journeys/${j.id}`, pastor.auth, { published: true })).json()).toMatchObject({ published: true });
    const options = (await call("GET", "/api/daily/journeys", m.auth)).json() as JourneyOption[];
    expect(options).toEqual([{ key: j.key, title: "Advent Week", description: "Short mornings with Jesus", days: 3 }]);

    const enrolled = await call("POST", "/api/daily/enroll", m.auth, { sequenceKey: j.key });
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json()).toMatchObject({ currentDay: 1, totalDays: 3 });
    expect((await call("GET", "/api/daily/preview", m.auth)).json()).toMatchObject({ enrolled: true, currentDay: 1, totalDays: 3, journeyTitle: "Advent Week", content: { title: "Day 1 title" } });
    expect((await emailsTo(m.user.email)).map((e) => e.subject)).toEqual(["Day 1 of 3: Day 1 title"]);

    // Unpublished: no one new may choose it, the member on it keeps going.
    await call("PATCH", `/api/admin/journeys/${j.id}`, pastor.auth, { published: false });
    expect((await call("GET", "/api/daily/journeys", m.auth)).json()).toEqual([]);
    const other = await t.signUp();
    expect((await call("POST", "/api/daily/enroll", other.auth, { sequenceKey: j.key })).statusCode).toBe(404);
    at("2031-03-04T12:00:00Z"); // Tue 07:00 EST
    await runDailyJourney(t.deps);
    expect((await emailsTo(m.user.email)).map((e) => e.subject).sort()).toEqual(["Day 1 of 3: Day 1 title", "Day 2 of 3: Day 2 title"]);
    expect((await call("GET", `/api/admin/journeys/${j.id}`, pastor.auth)).json()).toMatchObject({ enrolled: 1, lockedDays: 2 });

    // Archived: cannot be published again until restored.
    await call("PATCH", `/api/admin/journeys/${j.id}`, pastor.auth, { archived: true });
    const refused = await call("PATCH", `/api/admin/journeys/${j.id}`, pastor.auth, { published: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(JOURNEY_ADMIN_TEXT.archivedCannotPublish);
  });

  it("correcting a published journey while a member is on it: the next email is the corrected text of the right day, once; reached days keep their place", async () => {
    at("2031-06-02T14:00:00Z"); // Mon 2 June, 10:00 EDT
    const pastor = await t.signUp("PASTOR");
    const m = await t.signUp("MEMBER", { firstName: "Ruth" });
    const j = (await call("POST", "/api/admin/journeys", pastor.auth, newJourney("Psalms of Ascent", 4))).json() as AdminJourney;
    await call("PATCH", `/api/admin/journeys/${j.id}`, pastor.auth, { published: true });
    expect((await call("POST", "/api/daily/enroll", m.auth, { sequenceKey: j.key })).statusCode).toBe(201);

    // Tuesday before the email hour: the member is on day 2 today, so days 1 and 2 keep their place.
    at("2031-06-03T08:00:00Z"); // 04:00 EDT
    const detail = (await call("GET", `/api/admin/journeys/${j.id}`, pastor.auth)).json() as AdminJourneyDetail;
    expect(detail).toMatchObject({ enrolled: 1, lockedDays: 2 });
    // Written by PostgreSQL (decision 0138): what the contract's schema outputs, each day in order.
    expect(ZAdminJourneyDetail.parse(detail)).toEqual(detail);
    expect(detail.days).toEqual([1, 2, 3, 4].map((n) => ({ day: n, ...day(n) })));
    const list = (await call("GET", "/api/admin/journeys", pastor.auth)).json() as AdminJourney[];
    expect(z.array(ZAdminJourney).parse(list)).toEqual(list);
    expect(list.find((x) => x.id === j.id)).toEqual({ ...j, published: true, enrolled: 1, lockedDays: 2 });
    const drafts = draftsOf(detail);

    const swapReached = [drafts[1], drafts[0], drafts[2], drafts[3]];
    const locked = await call("PUT", `/api/admin/journeys/${j.id}/days`, pastor.auth, { days: swapReached });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(JOURNEY_ADMIN_TEXT.lockedDays(2));
    const dropReached = await call("PUT", `/api/admin/journeys/${j.id}/days`, pastor.auth, { days: [drafts[0], drafts[2], drafts[3]] });
    expect(dropReached.statusCode).toBe(409);
    const es = await call("PUT", `/api/admin/journeys/${j.id}/days`, pastor.auth, { days: swapReached }, "es");
    expect(es.json().error).toBe("Hay miembros que ya están en los días 1 a 2: esos días se quedan en su lugar (todavía puede corregir su texto)");
    const fromTwice = await call("PUT", `/api/admin/journeys/${j.id}/days`, pastor.auth, { days: [drafts[0], drafts[1], drafts[1]] });
    expect(fromTwice.statusCode).toBe(400);
    expect(fromTwice.json().issues).toEqual([{ path: "body.days", message: JOURNEY_ADMIN_TEXT.badDayOrder }]);

    // Correct day 2's text, swap days 3 and 4 (not reached yet) and add a fifth day: one save.
    const corrected = { ...drafts[1], en: { ...drafts[1].en, title: "Lifting Our Eyes", content: "Corrected reading." } };
    const saved = await call("PUT", `/api/admin/journeys/${j.id}/days`, pastor.auth, { days: [drafts[0], corrected, drafts[3], drafts[2], { from: null, ...day(5) }] });
    expect(saved.statusCode).toBe(200);
    const after = saved.json() as AdminJourneyDetail;
    expect(after.dayCount).toBe(5);
    expect(after.days.map((d) => d.en.title)).toEqual(["Day 1 title", "Lifting Our Eyes", "Day 4 title", "Day 3 title", "Day 5 title"]);

    at("2031-06-03T11:00:00Z"); // 07:00 EDT
    const second = await createTestApp({ now, sameDatabaseAs: t.databaseUrl ? { databaseUrl: t.databaseUrl } : { database: t.database } });
    try {
      await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps), runDailyJourney(t.deps)]);
      await runDailyJourney(second.deps);
    } finally {
      await second.close();
    }
    const mails = await emailsTo(m.user.email);
    const day2 = mails.filter((e) => e.subject.startsWith("Day 2"));
    expect(day2).toHaveLength(1);
    expect(day2[0].subject).toBe("Day 2 of 5: Lifting Our Eyes");
    expect(day2[0].text).toContain("Corrected reading.");
    expect((await call("GET", "/api/daily/preview", m.auth)).json()).toMatchObject({ currentDay: 2, totalDays: 5, content: { title: "Lifting Our Eyes" } });

    // Wednesday: the day now at position 3 (what was day 4).
    at("2031-06-04T11:00:00Z");
    await runDailyJourney(t.deps);
    expect((await emailsTo(m.user.email)).filter((e) => e.subject.startsWith("Day 3")).map((e) => e.subject)).toEqual(["Day 3 of 5: Day 4 title"]);
  });
});

describe("challenges authored by staff", () => {
  it("create, edit in both languages; archiving hides it from the join list and keeps members' streaks", async () => {
    at("2031-09-01T15:00:00Z");
    const pastor = await t.signUp("PASTOR");
    const m = await t.signUp();
    const late = await t.signUp();
    const res = await call("POST", "/api/challenges", pastor.auth, {
      title: "Psalm a Day",
      description: "Read one psalm each morning.",
      titleEs: "Un salmo al día",
      descriptionEs: "Lea un salmo cada mañana.",
      days: 10,
      type: "bible",
    });
    expect(res.statusCode).toBe(201);
    const c = res.json() as AdminChallenge;
    expect(c).toMatchObject({ type: "BIBLE", archived: false, members: 0 });

    const edited = await call("PATCH", `/api/challenges/${c.id}`, pastor.auth, { days: 12, descriptionEs: "Lea un salmo cada mañana, en voz alta." });
    expect(edited.json()).toMatchObject({ days: 12, descriptionEs: "Lea un salmo cada mañana, en voz alta.", title: "Psalm a Day" });

    // A member reading in Spanish sees the Spanish texts.
    await call("PUT", "/api/auth/locale", m.auth, { locale: "es" });
    const list = (await call("GET", "/api/challenges", m.auth)).json() as Challenge[];
    expect(list.find((x) => x.id === c.id)).toMatchObject({ title: "Un salmo al día", days: 12 });

    expect((await call("POST", `/api/challenges/${c.id}/join`, m.auth)).statusCode).toBe(200);
    expect((await call("POST", `/api/challenges/${c.id}/progress`, m.auth)).json()).toMatchObject({ streak: 1 });

    const archived = await call("DELETE", `/api/challenges/${c.id}`, pastor.auth);
    expect(archived.json()).toMatchObject({ archived: true, members: 1 });

    // Hidden from members who did not join; they cannot join it.
    expect(((await call("GET", "/api/challenges", late.auth)).json() as Challenge[]).map((x) => x.id)).not.toContain(c.id);
    expect((await call("POST", `/api/challenges/${c.id}/join`, late.auth)).statusCode).toBe(404);
    // The member who joined keeps it, and the streak keeps counting.
    const own = (await call("GET", "/api/challenges", m.auth)).json() as Challenge[];
    expect(own.find((x) => x.id === c.id)).toMatchObject({ archived: true, title: "Un salmo al día", description: "Lea un salmo cada mañana, en voz alta." });
    // Their list is their own read; the rest of it is the open list every member reading Spanish shares.
    await call("PUT", "/api/auth/locale", late.auth, { locale: "es" });
    expect(own.filter((x) => x.id !== c.id)).toEqual((await call("GET", "/api/challenges", late.auth)).json());
    await call("PUT", "/api/auth/locale", late.auth, { locale: "en" });
    expect((await call("POST", `/api/challenges/${c.id}/join`, m.auth)).statusCode).toBe(200);
    at("2031-09-02T15:00:00Z");
    expect((await call("POST", `/api/challenges/${c.id}/progress`, m.auth)).json()).toMatchObject({ streak: 2 });
    const mine = (await call("GET", "/api/challenges/mine", m.auth)).json() as UserChallenge[];
    expect(mine.find((x) => x.challengeId === c.id)?.progressJson.completedDays).toEqual(["2031-09-01", "2031-09-02"]);

    // Staff still see it (archived), and may restore it.
    expect(((await call("GET", "/api/admin/challenges", pastor.auth)).json() as AdminChallenge[]).find((x) => x.id === c.id)).toMatchObject({ archived: true, members: 1 });
    await call("PATCH", `/api/challenges/${c.id}`, pastor.auth, { archived: false });
    expect(((await call("GET", "/api/challenges", late.auth)).json() as Challenge[]).map((x) => x.id)).toContain(c.id);
  });
});
