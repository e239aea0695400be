/**
 * Limits on writes (write-limits.ts, WRITE_LIMITS in config.ts): each limited route answers 429
 * with Retry-After and a message in the member's language once one member has used their
 * allowance, while another member (or address) is unaffected; urgent prayer requests, which
 * email the church, have a tighter limit; every member write route is limited or named as
 * exempt with its reason.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { RouteOptions } from "fastify";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { WRITE_LIMITS, loadConfig, type WriteLimitName } from "../config";
import { emailOutbox } from "../db/schema/platform";
import { ERROR_TEXT } from "../../contract/errors-text";
import { messagesFor } from "../i18n";

const ALLOWANCE = 2;
let t: TestApp;
const routes: { method: string; url: string; access?: string; rateLimit?: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({
    // Every limit at 2 per window (the urgent one at 1, the prayer one above it) so each case is short.
    env: { RATE_LIMITS: `*=${ALLOWANCE},prayerRequest=5,urgentPrayerRequest=1` },
    build: {
      onRoute: (r: RouteOptions) => {
        for (const method of [r.method].flat()) routes.push({ method, url: r.url, access: r.config?.access, rateLimit: r.config?.rateLimit });
      },
    },
  });
});
afterAll(() => t.close());

/** `role`: who may call it (an owner's or pastor's route answers a member 403 before any limit). */
type Call = { method: "POST" | "PUT" | "PATCH" | "DELETE"; url: string; payload?: unknown; role?: "OWNER" | "PASTOR" };
/** One valid request per limit. Ids that do not exist are fine: the limit is counted before the route looks anything up. */
// churchProfile is a pastor's limit: server/features/church/church-profile.test.ts proves it.
// dataExport limits a read (GET /api/me/export): server/features/my-data/my-data.test.ts proves it.
// givingExport limits a read too (GET /api/admin/giving/export.csv): server/features/giving/giving-ledger.test.ts proves it.
// statementRun is a finance route: server/features/giving/statements.test.ts proves it.
const CASES: Record<Exclude<WriteLimitName, "urgentPrayerRequest" | "churchProfile" | "dataExport" | "givingExport" | "statementRun">, () => Call> = {
  prayerRequest: () => ({ method: "POST", url: "/api/prayer-requests", payload: { title: "Healing", description: "For my aunt" } }),
  prayerPray: () => ({ method: "POST", url: `/api/prayers/${randomUUID()}/pray` }),
  prayerAnswered: () => ({ method: "POST", url: `/api/prayers/${randomUUID()}/answered` }),
  testimony: () => ({ method: "POST", url: "/api/testimonies", payload: { text: "God has been faithful this year." } }),
  testimonyAmen: () => ({ method: "POST", url: `/api/testimonies/${randomUUID()}/amen` }),
  question: () => ({ method: "POST", url: `/api/services/${randomUUID()}/questions`, payload: { text: "What does grace mean?" } }),
  comment: () => ({ method: "POST", url: "/api/livestream-comments", payload: { message: "Amen!" } }),
  note: () => ({ method: "POST", url: "/api/personal-notes", payload: { title: "Sermon", content: "Love one another" } }),
  aiPrayer: () => ({ method: "POST", url: "/api/ai-prayer/messages", payload: { messages: [{ role: "user", content: "I am anxious" }] } }),
  journeyEnroll: () => ({ method: "POST", url: "/api/daily/enroll", payload: { sequenceKey: "SCRIPTURES_14" } }),
  pushToken: () => ({ method: "POST", url: "/api/notifications/register-token", payload: { token: "not a subscription", deviceType: "web" } }),
  notificationPreferences: () => ({ method: "PUT", url: "/api/notifications/preferences", payload: { kinds: { prayerAnswered: false } } }),
  visitorCard: () => ({ method: "POST", url: "/api/visitors", payload: { name: "Guest", email: "guest@example.org", heardFrom: "Other" } }),
  passkey: () => ({ method: "POST", url: "/api/auth/passkeys/register-options" }),
  // A wrong password: 400, counted all the same (the limit bounds guessing it).
  accountDelete: () => ({ method: "DELETE", url: "/api/me", payload: { password: "not-the-password" } }),
  twoStepSetup: () => ({ method: "POST", url: "/api/auth/two-step/totp/setup" }),
  recurringChange: () => ({ method: "POST", url: `/api/giving/recurring/${randomUUID()}/pause` }),
  paymentMethodChange: () => ({ method: "DELETE", url: `/api/wallet/payment-methods/${randomUUID()}` }),
  bankLinkToken: () => ({ method: "POST", url: "/api/wallet/plaid/link-token" }),
  bankLink: () => ({ method: "POST", url: "/api/wallet/plaid/exchange-token", payload: { publicToken: "not-a-token" } }),
  roundUpSync: () => ({ method: "POST", url: "/api/wallet/process-roundups" }),
  roundUpSetting: () => ({ method: "POST", url: "/api/roundup/enable", payload: { isEnabled: true } }),
  groupJoin: () => ({ method: "POST", url: `/api/groups/${randomUUID()}/join` }),
  directorySettings: () => ({ method: "PUT", url: "/api/me/directory", payload: { listed: true } }),
  journeyUnsubscribe: () => ({ method: "POST", url: "/api/daily/unsubscribe?token=not-a-real-token", payload: {} }),
  emailUnsubscribe: () => ({ method: "POST", url: "/api/email/unsubscribe?token=not-a-token", payload: {} }),
  groupRequestDecision: () => ({ method: "POST", url: `/api/groups/${randomUUID()}/requests/${randomUUID()}/approve` }),
  groupAuthor: () => ({ method: "POST", url: "/api/groups", payload: { name: `Group ${randomUUID()}`, description: "Friends who pray together." } }),
  // Owner routes: nothing paused (409) and nobody with that id (404) still count.
  cardBreakerResume: () => ({ method: "POST", url: "/api/admin/card-breaker/resume", role: "OWNER" }),
  secondStepReset: () => ({ method: "POST", url: `/api/admin/users/${randomUUID()}/reset-second-step`, role: "OWNER" }),
  // Finance (the OWNER has it): closing a batch that does not exist (404) still counts.
  givingBatch: () => ({ method: "POST", url: `/api/admin/giving/batches/${randomUUID()}/close`, role: "OWNER" }),
  announcement: () => ({ method: "POST", url: `/api/announcements/${randomUUID()}/cancel` }),
  // Staff authoring (sent as PASTOR: a member is refused with 403 before any limit is counted).
  journeyAuthoring: () => ({ method: "PATCH", url: `/api/admin/journeys/${randomUUID()}`, payload: { published: true }, role: "PASTOR" }),
  challengeAuthoring: () => ({ method: "DELETE", url: `/api/challenges/${randomUUID()}`, role: "PASTOR" }),
  calendarRsvp: () => ({ method: "POST", url: `/api/calendar/events/${randomUUID()}/rsvp`, payload: {} }),
  calendarEvent: () => ({ method: "DELETE", url: `/api/calendar/events/${randomUUID()}` }),
  profile: () => ({ method: "PATCH", url: "/api/me", payload: { firstName: "Ann" } }),
  profilePhoto: () => ({ method: "DELETE", url: "/api/me/photo" }),
  // Sign-in and security: a wrong current password (400), an unknown link (400) or session (404) still count.
  passwordChange: () => ({ method: "POST", url: "/api/me/password", payload: { currentPassword: "not-it", newPassword: "another-secret" } }),
  emailChange: () => ({ method: "POST", url: "/api/me/email", payload: { newEmail: `new-${randomUUID()}@example.org`, currentPassword: "not-it" } }),
  emailConfirm: () => ({ method: "POST", url: "/api/auth/confirm-email", payload: { token: "no-such-token" } }),
  sessionSignOut: () => ({ method: "DELETE", url: `/api/me/sessions/${randomUUID()}` }),
  // An unknown link (400) still counts.
  cardUpdate: () => ({
    method: "POST",
    url: "/api/giving/card-update",
    payload: { token: "no-such-link-token", firstName: "Ann", lastName: "Lee", email: "ann@example.org", cardNumber: "4242424242424242", expMonth: "12", expYear: "2099", cvv: "123", address: "1 Main St", city: "Orlando", state: "FL", zip: "32801" },
  }),
};
/** Limits on staff routes: counted for a staff member (a member is refused before the limit). */
const STAFF_LIMITS = new Set<WriteLimitName>(["groupAuthor", "announcement", "calendarEvent"]);

const send = (call: Call, who: { auth?: Record<string, string>; ip?: string; lang?: string }) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    ...(call.payload === undefined ? {} : { payload: call.payload as never }),
    headers: { ...who.auth, ...(who.lang ? { "accept-language": who.lang } : {}) },
    ...(who.ip ? { remoteAddress: who.ip } : {}),
  });

describe("each limited route", () => {
  it.each(Object.keys(CASES) as (keyof typeof CASES)[])("%s: 429 after the allowance for one member (or address), not for another", async (name) => {
    const perAddress = WRITE_LIMITS[name].per === "address";
    const role = CASES[name]().role ?? (STAFF_LIMITS.has(name) ? "STAFF" : "MEMBER");
    const [a, b] = perAddress ? [{ ip: "10.7.0.1" }, { ip: "10.7.0.2" }] : [await t.signUp(role), await t.signUp(role)];
    const first = [];
    for (let i = 0; i < t.deps.config.writeLimits[name].count; i++) first.push((await send(CASES[name](), a)).statusCode);
    for (const code of first) expect(code, `${name} within the allowance`).not.toBe(429);
    const refused = await send(CASES[name](), a);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(WRITE_LIMITS[name].windowSeconds * 2);
    expect(refused.json()).toEqual({ error: ERROR_TEXT.tooManyWrites(Math.ceil(wait / 60)), code: "RATE_LIMITED" });
    // Someone else is not affected.
    expect((await send(CASES[name](), b)).statusCode).not.toBe(429);
  });

  it("says so in the member's language: English and Spanish", async () => {
    const member = await t.signUp();
    for (let i = 0; i < ALLOWANCE; i++) await send(CASES.comment(), member);
    const en = await send(CASES.comment(), member);
    const es = await send(CASES.comment(), { ...member, lang: "es" });
    expect(en.statusCode).toBe(429);
    expect(es.statusCode).toBe(429);
    // The wait, in whole minutes (2 comments per 600 s: between 5 and 15 minutes, by where in the window we are).
    const minutesOf = (res: typeof en) => Math.ceil(Number(res.headers["retry-after"]) / 60);
    const minutes = minutesOf(es);
    expect(minutes).toBeGreaterThanOrEqual(2);
    expect(en.json().error).toBe(`You're doing that too often. Please wait ${minutesOf(en)} minutes and try again.`);
    expect(es.json().error).toBe(`Lo está haciendo con demasiada frecuencia. Espere ${minutes} minutos e inténtelo de nuevo.`);
    expect(es.json().error).toBe(messagesFor("es").errors.tooManyWrites(minutes));
  });

  it("a wait of a minute or less reads 'a minute' in both languages", () => {
    expect(ERROR_TEXT.tooManyWrites(1)).toBe("You're doing that too often. Please wait a minute and try again.");
    expect(messagesFor("es").errors.tooManyWrites(1)).toBe("Lo está haciendo con demasiada frecuencia. Espere un minuto e inténtelo de nuevo.");
  });
});

describe("urgent prayer requests", () => {
  it("have a tighter limit of their own: one email to the church, then 429; ordinary requests still go through", async () => {
    const member = await t.signUp();
    const churchMail = async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, t.deps.church.email!))).length;
    const before = await churchMail();
    const urgent = { method: "POST" as const, url: "/api/prayer-requests", payload: { title: "Urgent", description: "Hospital tonight", isUrgent: true } };
    expect((await send(urgent, member)).statusCode).toBe(201);
    const refused = await send(urgent, { ...member, lang: "es" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Lo está haciendo con demasiada frecuencia/);
    expect(await churchMail()).toBe(before + 1);
    expect((await send(CASES.prayerRequest(), member)).statusCode).toBe(201);
  });
});

describe("coverage", () => {
  /**
   * Member and public routes that write but are not limited here, each with its reason. A new
   * write route fails this test until it names a limit or is added here.
   */
  const EXEMPT: Record<string, string> = {
    "POST /api/auth/register": "auth limits (per address and email, decision 0095)",
    "POST /api/auth/login": "auth limits",
    "POST /api/auth/forgot-password": "auth limits, one email per account per few minutes",
    "POST /api/auth/reset-password": "needs a single-use link",
    "POST /api/auth/logout": "ends the caller's own session",
    "PUT /api/auth/locale": "one column of the member's own row",
    "POST /api/polls/:pollId/vote": "one vote per member per poll (unique index); a repeat is a 409",
    "POST /api/notifications/:id/read": "a flag on the member's own notification",
    "POST /api/notifications/read-all": "flags on the member's own notifications",
    "DELETE /api/notifications/token/*": "removes the member's own device",
    "POST /api/challenges/:id/join": "once per challenge (unique)",
    "POST /api/challenges/:id/progress": "once per challenge per day",
    "POST /api/auth/passkeys/sign-in-options": "auth limits per address (two-step-routes.ts)",
    "POST /api/auth/passkeys/sign-in": "auth limits per address",
    "POST /api/auth/two-step/verify": "auth limits per address, per ticket and per account (second-step.ts)",
    "POST /api/auth/two-step/passkey-options": "needs a live sign-in ticket, itself limited",
    // The money path's own limits (GIVING_RATE_LIMIT_*, per member; the card-testing limits per
    // address, per card and church-wide: decision 0105) count every one of these.
    "POST /api/giving/one-time": "the money path's limit (giving) and the card-testing limits",
    "POST /api/giving/recurring": "the money path's limit (giving) and the card-testing limits",
    "POST /api/wallet/payment-methods": "the money path's limit (wallet-card) and the card-testing limits",
    "POST /api/wallet/deposits": "the money path's limit (wallet-deposit)",
    "POST /api/wallet/give": "the money path's limit (wallet-give)",
  };
  /** Test-only routes (TEST_HOOKS, refused in production by config). */
  const TEST_HOOKS = /^\/api\/test\//;

  it("the money routes that do not charge each name a limit of their own", () => {
    const named = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.rateLimit;
    expect(named("POST", "/api/giving/recurring/:id/:action")).toBe("recurringChange");
    expect(named("PUT", "/api/wallet/payment-methods/:id")).toBe("paymentMethodChange");
    expect(named("DELETE", "/api/wallet/payment-methods/:id")).toBe("paymentMethodChange");
    expect(named("POST", "/api/wallet/plaid/link-token")).toBe("bankLinkToken");
    expect(named("POST", "/api/wallet/plaid/exchange-token")).toBe("bankLink");
    expect(named("POST", "/api/wallet/process-roundups")).toBe("roundUpSync");
    expect(named("POST", "/api/roundup/enable")).toBe("roundUpSetting");
  });

  it("every member or public route that writes names a limit or an exemption", () => {
    const writes = routes.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && (r.access === "member" || r.access === "public"));
    expect(writes.length).toBeGreaterThan(20);
    const unlimited = writes.filter((r) => !r.rateLimit && !EXEMPT[`${r.method} ${r.url}`] && !TEST_HOOKS.test(r.url)).map((r) => `${r.method} ${r.url}`);
    expect(unlimited).toEqual([]);
    // No stale exemption.
    const names = new Set(writes.map((r) => `${r.method} ${r.url}`));
    for (const route of Object.keys(EXEMPT)) expect(names.has(route), route).toBe(true);
  });

  it("RATE_LIMITS overrides a limit by name, or all with *, and refuses an unknown name", () => {
    expect(loadConfig({}).writeLimits).toEqual(WRITE_LIMITS);
    const c = loadConfig({ RATE_LIMITS: "comment=5/60, aiPrayer=7" });
    expect(c.writeLimits.comment).toEqual({ per: "member", count: 5, windowSeconds: 60 });
    expect(c.writeLimits.aiPrayer).toEqual({ ...WRITE_LIMITS.aiPrayer, count: 7 });
    expect(loadConfig({ RATE_LIMITS: "*=1000" }).writeLimits.visitorCard).toEqual({ ...WRITE_LIMITS.visitorCard, count: 1000 });
    expect(() => loadConfig({ RATE_LIMITS: "comments=5" })).toThrow(/RATE_LIMITS/);
    expect(() => loadConfig({ RATE_LIMITS: "comment=0" })).toThrow(/RATE_LIMITS/);
  });
});
