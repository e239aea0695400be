/**
 * Connect (spec sections 2-4, 7-9): the daily journey (day arithmetic in the church's time
 * zone, enrolment, emails exactly once per day with two schedulers, unsubscribe), challenges
 * and streaks and the recent sermons list (small groups: server/features/groups/).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { createTestApp, eventually, type TestApp } from "../../testing/harness";
import { emailOutbox } from "../../db/schema/platform";
import { journeyDays, journeyDeliveries, journeyEnrolments, userChallenges } from "../../db/schema/connect";
import { videos } from "../../db/schema/videos";
import { seedConnectDemo, seedJourneyContent } from "../../seed/connect";
import { runDailyJourney } from "../../jobs/daily-journey";
import { DAILY_TEXT, journeyDay, localDate, streakOf, type Challenge, type DailyPreview, type MediaItem, type UserChallenge } from "../../../contract/connect";

/** The app's clock: real time unless a test fixes it. Sessions are issued and expire by it too. */
let fixed: Date | null = null;
const now = () => fixed ?? new Date();
const at = (iso: string) => {
  fixed = new Date(iso);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
  await seedJourneyContent(t.db);
  await seedJourneyContent(t.db); // idempotent
  await seedConnectDemo(t.db);
  await seedConnectDemo(t.db);
});
afterAll(() => t.close());
beforeEach(() => {
  fixed = null;
});

type Auth = { authorization: string };
const get = (url: string, auth?: Auth) => t.app.inject({ method: "GET", url, headers: auth ?? {} });
const post = (url: string, auth: Auth, payload?: object) => t.app.inject({ method: "POST", url, headers: auth, ...(payload ? { payload } : {}) });
const preview = async (auth: Auth) => (await get("/api/daily/preview", auth)).json() as DailyPreview;
const emailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

describe("journey day arithmetic (church time zone)", () => {
  const tz = "America/New_York";
  it("the date changes at local midnight, not UTC midnight", () => {
    expect(localDate(new Date("2024-06-01T03:59:00Z"), tz)).toBe("2024-05-31");
    expect(localDate(new Date("2024-06-01T04:00:00Z"), tz)).toBe("2024-06-01");
  });
  it("counts calendar days across daylight-saving changes and stops at 14", () => {
    expect(journeyDay("2024-03-09", "2024-03-10", 14)).toBe(2); // spring forward (23-hour day)
    expect(journeyDay("2024-03-09", "2024-03-11", 14)).toBe(3);
    expect(journeyDay("2024-11-02", "2024-11-03", 14)).toBe(2); // fall back (25-hour day)
    expect(journeyDay("2024-11-02", "2024-11-15", 14)).toBe(14);
    expect(journeyDay("2024-11-02", "2024-12-25", 14)).toBe(14);
  });
});

describe("daily journey", () => {
  it("is not enrolled at first, and enrolment needs a valid sequence and a session", async () => {
    const m = await t.signUp();
    expect(await preview(m.auth)).toMatchObject({ enrolled: false, totalDays: 0, content: null, journeyTitle: null });
    expect((await post("/api/daily/enroll", m.auth, { sequenceKey: "PSALMS_30" })).statusCode).toBe(404);
    expect((await post("/api/daily/enroll", m.auth, { sequenceKey: "psalms; drop" })).statusCode).toBe(400);
    expect((await get("/api/daily/preview")).statusCode).toBe(401);
  });

  it("a member who chose Spanish gets the journey and its email in Spanish (Reina-Valera 1909); English stays English", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Lidia" });
    expect((await t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: m.auth, payload: { locale: "es" } })).statusCode).toBeLessThan(300);
    at("2024-03-10T04:30:00Z");
    expect((await post("/api/daily/enroll", m.auth, { sequenceKey: "AFFIRMATIONS_14" })).statusCode).toBe(201);
    const p1 = await preview(m.auth);
    expect(p1.content?.title).toBe("Soy amado");
    expect(p1.content?.verse).toContain("Romanos 8:38-39 (RV1909)");
    const [mail] = await emailsTo(m.user.email);
    expect(mail.subject).toBe("Día 1 de 14: Soy amado");
    // One layout for every email (server/shared/email/layout.ts): the page's language is the member's locale, as in the others.
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain("Hola, Lidia:");
    expect(mail.html).toContain("14 días de afirmaciones");
    expect(mail.html).toContain("Cancelar la suscripción");
    expect(mail.text).toContain("ni ninguna criatura nos podrá apartar del amor de Dios");
    expect(mail.text).toContain("Con cariño,");
    expect(mail.text).not.toMatch(/Hi Lidia|With love|Unsubscribe/);
  });

  it("every journey day exists in English and in Spanish", async () => {
    const rows = await t.db.select({ key: journeyDays.sequenceKey, day: journeyDays.day, locale: journeyDays.locale }).from(journeyDays);
    for (const key of ["SCRIPTURES_14", "AFFIRMATIONS_14"])
      for (const locale of ["en", "es"]) expect(rows.filter((r) => r.key === key && r.locale === locale).map((r) => r.day).sort((a, b) => a - b), `${key} ${locale}`).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });

  it("advances by calendar day across a spring-forward night and sends day 1 at enrolment", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Lydia" });
    at("2024-03-10T04:30:00Z"); // Sat 9 March, 23:30 EST
    const res = await post("/api/daily/enroll", m.auth, { sequenceKey: "SCRIPTURES_14" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ startDate: "2024-03-09", currentDay: 1, totalDays: 14 });
    const p1 = await preview(m.auth);
    expect(p1).toMatchObject({ enrolled: true, currentDay: 1, totalDays: 14, sequenceKey: "SCRIPTURES_14", finished: false });
    expect(p1.content?.title).toBe("The Lord Is My Shepherd");
    expect(p1.content?.verse).toContain("Psalm 23:1-2 (WEB)");

    const mails = await emailsTo(m.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Day 1 of 14: The Lord Is My Shepherd");
    expect(mails[0].html.startsWith("<!doctype html>")).toBe(true);
    expect(mails[0].html.trim().endsWith("</html>")).toBe(true);
    expect(mails[0].html).toContain("Hi Lydia,");
    expect(mails[0].html).toMatch(/href="http[^"]+\/api\/daily\/unsubscribe\?token=[\w-]+"/);
    expect(mails[0].text).toContain("Yahweh is my shepherd");
    // One-click unsubscribe (RFC 8058, decision 0118): the same link, POSTed as a mail client does, ends the journey.
    expect(mails[0].headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // News: cancelled if the member deletes their account before it goes (decision 0117).
    expect(mails[0].kind).toBe("news");
    const oneClick = /^<https?:\/\/[^/]+(\/api\/daily\/unsubscribe\?token=[\w%-]+)>$/.exec(mails[0].headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(mails[0].html).toContain(oneClick!.replace(/&/g, "&amp;"));

    at("2024-03-10T05:30:00Z"); // Sun 10 March, 00:30 EST: a new day
    expect((await preview(m.auth)).currentDay).toBe(2);
    at("2024-03-11T03:59:00Z"); // Sun 10 March, 23:59 EDT: still day 2
    expect((await preview(m.auth)).currentDay).toBe(2);
    at("2024-03-11T04:01:00Z"); // Mon 11 March, 00:01 EDT
    expect((await preview(m.auth)).currentDay).toBe(3);

    // Re-enrolling while it runs is a clear 409.
    const again = await post("/api/daily/enroll", m.auth, { sequenceKey: "AFFIRMATIONS_14" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(DAILY_TEXT.alreadyEnrolled);

    // Day 14 is the last; after it the journey is finished and can be restarted.
    at("2024-03-22T16:00:00Z");
    expect(await preview(m.auth)).toMatchObject({ currentDay: 14, finished: false });
    at("2024-04-20T16:00:00Z");
    expect(await preview(m.auth)).toMatchObject({ currentDay: 14, finished: true });
    const restart = await post("/api/daily/enroll", m.auth, { sequenceKey: "AFFIRMATIONS_14" });
    expect(restart.statusCode).toBe(201);
    expect(await preview(m.auth)).toMatchObject({ enrolled: true, currentDay: 1, sequenceKey: "AFFIRMATIONS_14", finished: false });
    expect((await preview(m.auth)).content?.title).toBe("I Am Loved");
  });

  it("advances by calendar day across a fall-back night", async () => {
    const m = await t.signUp();
    at("2024-11-03T03:00:00Z"); // Sat 2 November, 23:00 EDT
    await post("/api/daily/enroll", m.auth, { sequenceKey: "AFFIRMATIONS_14" });
    at("2024-11-04T04:30:00Z"); // Sun 3 November, 23:30 EST (a 25-hour day): still day 2
    expect((await preview(m.auth)).currentDay).toBe(2);
    at("2024-11-04T05:30:00Z"); // Mon 4 November, 00:30 EST
    expect((await preview(m.auth)).currentDay).toBe(3);
  });

  it("two concurrent enrolments leave one journey and one day-1 email", async () => {
    const m = await t.signUp();
    const results = await Promise.all([
      post("/api/daily/enroll", m.auth, { sequenceKey: "SCRIPTURES_14" }),
      post("/api/daily/enroll", m.auth, { sequenceKey: "SCRIPTURES_14" }),
      post("/api/daily/enroll", m.auth, { sequenceKey: "AFFIRMATIONS_14" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await emailsTo(m.user.email)).toHaveLength(1);
  });
});

describe("daily journey emails (scheduler)", () => {
  it("sends each running enrolment exactly one email per day with two schedulers at once", async () => {
    at("2031-05-05T14:00:00Z"); // 10:00 EDT; sessions are issued (and expire) by the app's clock
    const members = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));
    for (const m of members) expect((await post("/api/daily/enroll", m.auth, { sequenceKey: "SCRIPTURES_14" })).statusCode).toBe(201);

    const second = await createTestApp({ now, sameDatabaseAs: t.databaseUrl ? { databaseUrl: t.databaseUrl } : { database: t.database } });
    try {
      // Early morning before the configured hour (6:00): nothing goes out.
      at("2031-05-06T09:30:00Z"); // 05:30 EDT
      expect(await runDailyJourney(t.deps)).toBe(0);

      at("2031-05-06T11:00:00Z"); // 07:00 EDT
      const sent = await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps), runDailyJourney(t.deps), runDailyJourney(second.deps)]);
      // Other tests' running journeys may be due too; ours must each get exactly one day-2 email.
      expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(members.length);
      for (const m of members) {
        const mails = await emailsTo(m.user.email);
        expect(mails.map((x) => x.subject).sort()).toEqual(["Day 1 of 14: The Lord Is My Shepherd", "Day 2 of 14: Trust Him With Your Path"]);
      }
      // Later the same day: nothing more.
      at("2031-05-06T20:00:00Z");
      expect(await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps)])).toEqual([0, 0]);

      // The unsubscribe link in the email stops the journey.
      const [mail] = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, members[0].user.email), like(emailOutbox.subject, "Day 2%")));
      const link = /href="http[^"]+(\/api\/daily\/unsubscribe\?token=[\w-]+)"/.exec(mail.html)![1];
      const un = await t.app.inject({ method: "GET", url: link });
      expect(un.statusCode).toBe(200);
      expect(un.body).toContain(DAILY_TEXT.unsubscribed);
      expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(404);
      expect((await preview(members[0].auth)).enrolled).toBe(false);

      at("2031-05-07T11:00:00Z");
      await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps)]);
      expect(await emailsTo(members[0].user.email)).toHaveLength(2);
      for (const m of members.slice(1)) {
        const subjects = (await emailsTo(m.user.email)).map((x) => x.subject);
        expect(subjects.filter((s) => s.startsWith("Day 3 of 14"))).toHaveLength(1);
      }

      // After the last day, no more emails.
      at("2031-05-25T11:00:00Z");
      await runDailyJourney(t.deps);
      for (const m of members.slice(1)) expect(await emailsTo(m.user.email)).toHaveLength(3);

      // The one-click unsubscribe (RFC 8058, decision 0118): a mail client POSTs to the header's link.
      const [last] = (await emailsTo(members[1].user.email)).filter((x) => x.subject.startsWith("Day 1 of"));
      const header = /<https?:\/\/[^/]+([^>]+)>/.exec(last.headers?.["List-Unsubscribe"] ?? "")![1];
      const post = await t.app.inject({ method: "POST", url: header, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
      expect(post.statusCode).toBe(204);
      // Already stopped by the POST: the GET link finds nothing left to stop.
      expect((await t.app.inject({ method: "GET", url: header })).statusCode).toBe(404);
      expect((await preview(members[1].auth)).enrolled).toBe(false);
    } finally {
      await second.close();
    }
  });
});

describe("daily journey emails after a crash", () => {
  it("a claim a crashed process left unsent is taken over after its lease and queued once, never twice", async () => {
    at("2031-06-02T14:00:00Z"); // Monday 10:00 EDT
    const m = await t.signUp();
    expect((await post("/api/daily/enroll", m.auth, { sequenceKey: "SCRIPTURES_14" })).statusCode).toBe(201);
    const [enrolment] = await t.db.select().from(journeyEnrolments).where(eq(journeyEnrolments.userId, m.user.id));
    // Tuesday 07:00: a process claims day 2 and dies before it queues the email.
    at("2031-06-03T11:00:00Z");
    await t.db.insert(journeyDeliveries).values({ enrolmentId: enrolment!.id, deliveryDate: "2031-06-03", day: 2, createdAt: now() });
    expect(await runDailyJourney(t.deps)).toBe(0); // within the lease: someone may still be sending it
    expect(await emailsTo(m.user.email)).toHaveLength(1);
    at("2031-06-03T11:11:00Z"); // past the lease
    const second = await createTestApp({ now, sameDatabaseAs: t.databaseUrl ? { databaseUrl: t.databaseUrl } : { database: t.database } });
    try {
      await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps)]);
      await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps)]);
    } finally {
      await second.close();
    }
    expect((await emailsTo(m.user.email)).map((x) => x.subject).sort()).toEqual(["Day 1 of 14: The Lord Is My Shepherd", "Day 2 of 14: Trust Him With Your Path"]);
  });
});

describe("challenges and streaks", () => {
  it("streak rules: consecutive days count, today or yesterday ends it, a missed day breaks it", () => {
    expect(streakOf([], "2024-05-10")).toBe(0);
    expect(streakOf(["2024-05-08", "2024-05-09", "2024-05-10"], "2024-05-10")).toBe(3);
    expect(streakOf(["2024-05-08", "2024-05-09"], "2024-05-10")).toBe(2); // yesterday still counts
    expect(streakOf(["2024-05-07", "2024-05-08"], "2024-05-10")).toBe(0); // missed yesterday
    expect(streakOf(["2024-05-06", "2024-05-08", "2024-05-09", "2024-05-10"], "2024-05-10")).toBe(3); // gap
    expect(streakOf(["2024-02-28", "2024-02-29", "2024-03-01"], "2024-03-01")).toBe(3); // leap day
  });

  it("lists the seeded challenges with their types", async () => {
    const m = await t.signUp();
    const list = (await get("/api/challenges", m.auth)).json() as Challenge[];
    expect(new Set(list.map((c) => c.type))).toEqual(new Set(["PRAYER", "BIBLE", "GRATITUDE"]));
    expect(list.every((c) => c.days > 0)).toBe(true);
    expect((await get("/api/challenges")).statusCode).toBe(401);
  });

  it("staff add challenges; members cannot", async () => {
    const staff = await t.signUp("STAFF");
    const m = await t.signUp();
    const body = {
      title: `Fasting week ${Date.now()}`,
      description: "One meal a day given to prayer.",
      titleEs: `Semana de ayuno ${Date.now()}`,
      descriptionEs: "Una comida al día dedicada a la oración.",
      days: 5,
      type: "prayer",
    };
    expect((await post("/api/challenges", m.auth, body)).statusCode).toBe(403);
    const res = await post("/api/challenges", staff.auth, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: body.title, days: 5, type: "PRAYER" });
    expect((await post("/api/challenges", staff.auth, body)).statusCode).toBe(409);
  });

  it("lists challenges and journeys in the asker's language (read with the rows, one round trip)", async () => {
    const staff = await t.signUp("STAFF");
    const body = { title: `Gratitude week ${Date.now()}`, description: "Three thanks a day.", titleEs: `Semana de gratitud ${Date.now()}`, descriptionEs: "Tres gracias al día.", days: 7, type: "gratitude" };
    const created = (await post("/api/challenges", staff.auth, body)).json() as { id: string };
    const en = await t.signUp();
    const es = await t.signUp();
    expect((await t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: es.auth, payload: { locale: "es" } })).statusCode).toBeLessThan(300);
    const mine = async (auth: Auth) => ((await get("/api/challenges", auth)).json() as Challenge[]).find((c) => c.id === created.id);
    expect(await mine(en.auth)).toMatchObject({ title: body.title, description: body.description });
    expect(await mine(es.auth)).toMatchObject({ title: body.titleEs, description: body.descriptionEs });
    const titles = async (auth: Auth) => ((await get("/api/daily/journeys", auth)).json() as { title: string }[]).map((j) => j.title);
    const [enTitles, esTitles] = [await titles(en.auth), await titles(es.auth)];
    expect(enTitles.length).toBeGreaterThan(0);
    expect(esTitles).toHaveLength(enTitles.length);
    expect(esTitles).not.toEqual(enTitles);
  });

  it("join is idempotent under concurrency; progress marks today once and keeps the streak", async () => {
    const m = await t.signUp();
    const [challenge] = (await get("/api/challenges", m.auth)).json() as Challenge[];
    expect((await post(`/api/challenges/${challenge.id}/progress`, m.auth)).statusCode).toBe(409); // not joined

    const joins = await Promise.all(Array.from({ length: 5 }, () => post(`/api/challenges/${challenge.id}/join`, m.auth)));
    expect(joins.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.db.select().from(userChallenges).where(and(eq(userChallenges.userId, m.user.id), eq(userChallenges.challengeId, challenge.id)));
    expect(rows).toHaveLength(1);

    at("2024-05-01T13:00:00Z");
    const twice = await Promise.all([post(`/api/challenges/${challenge.id}/progress`, m.auth), post(`/api/challenges/${challenge.id}/progress`, m.auth)]);
    expect(twice.every((r) => r.statusCode === 200)).toBe(true);
    at("2024-05-02T03:30:00Z"); // 1 May, 23:30 EDT: the same church day
    let uc = (await post(`/api/challenges/${challenge.id}/progress`, m.auth)).json() as UserChallenge;
    expect(uc.progressJson.completedDays).toEqual(["2024-05-01"]);
    expect(uc.streak).toBe(1);

    at("2024-05-02T13:00:00Z");
    uc = (await post(`/api/challenges/${challenge.id}/progress`, m.auth)).json() as UserChallenge;
    expect(uc).toMatchObject({ challengeId: challenge.id, streak: 2, progressJson: { completedDays: ["2024-05-01", "2024-05-02"] } });

    at("2024-05-03T13:00:00Z"); // not done yet today: yesterday keeps the streak
    let mine = (await get("/api/challenges/mine", m.auth)).json() as UserChallenge[];
    expect(mine.find((x) => x.challengeId === challenge.id)?.streak).toBe(2);

    at("2024-05-04T13:00:00Z"); // missed the 3rd: the streak is broken
    mine = (await get("/api/challenges/mine", m.auth)).json() as UserChallenge[];
    expect(mine.find((x) => x.challengeId === challenge.id)?.streak).toBe(0);
    uc = (await post(`/api/challenges/${challenge.id}/progress`, m.auth)).json() as UserChallenge;
    expect(uc.streak).toBe(1);
    expect(uc.progressJson.completedDays).toHaveLength(3);
  });

  it("unknown challenges are 404", async () => {
    const m = await t.signUp();
    expect((await post("/api/challenges/00000000-0000-4000-8000-000000000000/join", m.auth)).statusCode).toBe(404);
  });
});

describe("recent sermons", () => {
  it("lists media items newest first, to signed-in users only", async () => {
    expect((await get("/api/media")).statusCode).toBe(401);
    const m = await t.signUp();
    const items = (await get("/api/media", m.auth)).json() as MediaItem[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(items[0]).toMatchObject({ title: expect.any(String), description: expect.any(String), duration: expect.any(Number) });
  });

  it("merges the video library into the list, newest first", async () => {
    const [v] = await t.db
      .insert(videos)
      .values({ externalId: "mergeTest01", source: "demo", title: "Library sermon", url: "https://www.youtube.com/watch?v=mergeTest01", duration: 1800, publishedAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const m = await t.signUp();
    // Recent sermons is a shared read (videos/media-library.ts): a video the sync job writes shows within SHARED_READ_MS.
    expect(await eventually(async () => ((await get("/api/media", m.auth)).json() as MediaItem[])[0]?.id === v.id)).toBe(true);
    const items = (await get("/api/media", m.auth)).json() as MediaItem[];
    expect(items[0]).toMatchObject({ id: v.id, title: "Library sermon", duration: 1800 });
    expect(items.length).toBeLessThanOrEqual(20);
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });
});
