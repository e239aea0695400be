/**
 * Card testing (decision 0105, new-card-guard.ts): limits that new accounts do not reset (per
 * address, per card fingerprint), the church-wide breaker (new cards refused, saved cards and the
 * wallet still work, the church alerted once per trip, closed again after the cool-down), and a
 * decline answer that is no oracle, in English and Spanish. Real database, sandbox gateway.
 */
import { describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import type { TestApp } from "../../testing/harness";
import { emailOutbox, rateLimits } from "../../db/schema/platform";
import { gifts } from "../../db/schema/giving";
import { DECLINE_TEXT, GIVING_TEXT } from "../../../contract/giving-text";
import { localize, messagesFor } from "../../i18n";
import { SANDBOX_CARDS } from "../../providers/payments/sandbox";
import { cardFingerprint } from "./new-card-guard";
import { notifications } from "../../db/schema/notifications";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications";

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
let n = 0;
const newKey = () => `card-${Date.now()}-${++n}`;
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

function client(t: TestApp) {
  const give = (m: Member, ip: string, cardNumber: string, opts: { lang?: string; kind?: "one-time" | "recurring"; exp?: string } = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/giving/${opts.kind ?? "one-time"}`,
      headers: { ...m.auth, "idempotency-key": newKey(), ...(opts.lang ? { "accept-language": opts.lang } : {}) },
      remoteAddress: ip,
      payload: giveRequest({ is_recurring: opts.kind === "recurring" }, { card_number: spaced(cardNumber), ...(opts.exp ? { card_exp: opts.exp } : {}) }) as never,
    });
  const addCard = (m: Member, ip: string, cardNumber: string, lang?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/wallet/payment-methods",
      headers: { ...m.auth, ...(lang ? { "accept-language": lang } : {}) },
      remoteAddress: ip,
      payload: { type: "credit_card", cardNumber, expiryMonth: 10, expiryYear: 99, cvv: "5123" },
    });
  return { give, addCard };
}

describe("per address: declines from one address across new accounts", () => {
  const t = useMoneyTestApp({ env: { CARD_DECLINES_PER_ADDRESS: "3", CARD_DECLINES_PER_CARD: "1000", CARD_BREAKER_DECLINES: "1000" } });

  it("three fresh accounts use the address's declines; a fourth account from it is refused, another address is not", async () => {
    const { give, addCard } = client(t);
    const cafe = "10.31.0.1";
    // Three accounts, one decline each (each well within its own per-member limit), different cards.
    for (const card of [SANDBOX_CARDS.declined, "4242424242424241", "4242424242424240"]) {
      const res = await give(await t.signUp(), cafe, card);
      expect(res.statusCode, res.body).toBe(402);
    }
    const fourth = await t.signUp();
    const refused = await give(fourth, cafe, SANDBOX_CARDS.success);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ error: GIVING_TEXT.tooManyCardDeclines, code: "RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Saving a card from that address is refused alike (the same money path), and nothing was charged or kept.
    expect((await addCard(fourth, cafe, SANDBOX_CARDS.success)).statusCode).toBe(429);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, fourth.user.id))).toEqual([]);
    // Spanish.
    const es = await give(fourth, cafe, SANDBOX_CARDS.success, { lang: "es" });
    expect(es.json().error).toBe(messagesFor("es").giving.tooManyCardDeclines);
    // Another address (and the same member from it) is not affected.
    expect((await give(fourth, "10.31.0.2", SANDBOX_CARDS.success)).statusCode).toBe(201);
  });

  it("successful gifts from one address do not count: a congregation on the church Wi-Fi gives freely", async () => {
    const { give } = client(t);
    const wifi = "10.31.9.9";
    for (let i = 0; i < 8; i++) expect((await give(await t.signUp(), wifi, SANDBOX_CARDS.success)).statusCode).toBe(201);
    // Two declines still fit under the limit of three.
    expect((await give(await t.signUp(), wifi, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    expect((await give(await t.signUp(), wifi, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    expect((await give(await t.signUp(), wifi, SANDBOX_CARDS.success)).statusCode).toBe(201);
  });
});

describe("per card: declines of one card across accounts and addresses", () => {
  const t = useMoneyTestApp({ env: { CARD_DECLINES_PER_ADDRESS: "1000", CARD_DECLINES_PER_CARD: "2", CARD_BREAKER_DECLINES: "1000" } });

  it("a card declined twice is refused for a third account at a third address, on every new-card route; other cards are not", async () => {
    const { give, addCard } = client(t);
    expect((await give(await t.signUp(), "10.32.0.1", SANDBOX_CARDS.declined)).statusCode).toBe(402);
    // Another expiry is the same card: guessing the expiry gives no fresh allowance.
    expect((await give(await t.signUp(), "10.32.0.2", SANDBOX_CARDS.declined, { kind: "recurring", exp: "01/2098" })).statusCode).toBe(402);
    const third = await t.signUp();
    for (const res of [await give(third, "10.32.0.3", SANDBOX_CARDS.declined), await give(third, "10.32.0.3", SANDBOX_CARDS.declined, { kind: "recurring" })]) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json().error).toBe(GIVING_TEXT.tooManyCardDeclines);
    }
    expect((await addCard(third, "10.32.0.4", SANDBOX_CARDS.declined)).statusCode).toBe(429);
    // The same member with another card, from the same address, is fine.
    expect((await give(third, "10.32.0.3", SANDBOX_CARDS.success)).statusCode).toBe(201);
  });

  it("keeps a keyed fingerprint of the card, never its number", async () => {
    const keys = (await t.db.select().from(rateLimits).where(like(rateLimits.key, "card-declines:card:%"))).map((r) => r.key);
    expect(keys).toContain(`card-declines:card:${cardFingerprint(t.deps, { number: SANDBOX_CARDS.declined })}`);
    const all = JSON.stringify(await t.db.select().from(rateLimits));
    expect(all).not.toContain(SANDBOX_CARDS.declined);
    expect(all).not.toContain(SANDBOX_CARDS.declined.slice(-8));
    // Keyed: not a plain hash anyone could recompute from a guessed number.
    expect(cardFingerprint(t.deps, { number: SANDBOX_CARDS.declined })).toBe(cardFingerprint(t.deps, { number: spaced(SANDBOX_CARDS.declined) }));
    expect(t.deps.secrets.mac(SANDBOX_CARDS.declined, "another-context")).not.toBe(cardFingerprint(t.deps, { number: SANDBOX_CARDS.declined }));
  });
});

describe("the church-wide breaker", () => {
  let offsetMs = 0;
  const t = useMoneyTestApp({
    now: () => new Date(Date.now() + offsetMs),
    env: {
      CARD_DECLINES_PER_ADDRESS: "1000",
      CARD_DECLINES_PER_CARD: "1000",
      CARD_BREAKER_DECLINES: "4",
      CARD_BREAKER_DECLINE_PERCENT: "50",
      CARD_BREAKER_WINDOW_SECONDS: "600",
      CARD_BREAKER_COOLDOWN_SECONDS: "900",
    },
  });
  const alerts = async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, GIVING_TEXT.cardTestingAlertSubject))).length;

  it("trips on many declines, refuses new cards (503, translated), lets saved cards and the wallet through, alerts once, and closes after the cool-down", async () => {
    const { give, addCard } = client(t);
    const wallet = async (m: Member, url: string, amountCents: number) =>
      t.app.inject({ method: "POST", url, headers: { ...m.auth, "idempotency-key": newKey() }, payload: { amountCents } });
    // A member with a saved card and some balance, from before.
    const saver = await t.signUp();
    expect((await addCard(saver, "10.33.0.1", SANDBOX_CARDS.success)).statusCode).toBe(201);
    expect((await wallet(saver, "/api/wallet/deposits", 5000)).statusCode).toBe(201);
    expect((await give(await t.signUp(), "10.33.0.2", SANDBOX_CARDS.success)).statusCode).toBe(201);

    // Declines from fresh accounts at fresh addresses (no per-member, per-address or per-card limit reached).
    for (let i = 0; i < 4; i++) expect((await give(await t.signUp(), `10.33.1.${i}`, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    expect(t.deps.church.email).toBeTruthy();
    expect(await alerts()).toBe(1);
    const [alert] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, GIVING_TEXT.cardTestingAlertSubject));
    expect(alert.to).toBe(t.deps.church.email);
    expect(alert.text).toContain("15 minutes");

    // New cards are refused, on every new-card route, in the member's language, with Retry-After.
    const fresh = await t.signUp();
    const refused = await give(fresh, "10.33.2.1", SANDBOX_CARDS.success);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({ error: GIVING_TEXT.newCardsPaused, code: "UNAVAILABLE" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(800);
    const es = await give(fresh, "10.33.2.1", SANDBOX_CARDS.success, { lang: "es" });
    expect(es.json().error).toBe(messagesFor("es").giving.newCardsPaused);
    expect(messagesFor("es").giving.newCardsPaused).not.toBe(GIVING_TEXT.newCardsPaused);
    expect((await give(fresh, "10.33.2.1", SANDBOX_CARDS.success, { kind: "recurring" })).statusCode).toBe(503);
    expect((await addCard(fresh, "10.33.2.1", SANDBOX_CARDS.success)).statusCode).toBe(503);
    // More declined attempts while open are refused before the gateway: no second alert.
    expect((await give(await t.signUp(), "10.33.2.2", SANDBOX_CARDS.declined)).statusCode).toBe(503);

    // The saved card and the wallet still work.
    expect((await wallet(saver, "/api/wallet/deposits", 2500)).statusCode).toBe(201);
    expect((await wallet(saver, "/api/wallet/give", 1000)).statusCode).toBe(201);
    expect(await alerts()).toBe(1);

    // After the cool-down, new cards are taken again.
    offsetMs += 901_000;
    expect((await give(fresh, "10.33.2.1", SANDBOX_CARDS.success)).statusCode).toBe(201);
    expect(await alerts()).toBe(1);

    // A second wave trips it again, and the church hears of it again (once).
    for (let i = 0; i < 6; i++) expect([402, 503]).toContain((await give(await t.signUp(), `10.33.3.${i}`, SANDBOX_CARDS.declined)).statusCode);
    expect(await alerts()).toBe(2);
  });

  it("a healthy decline rate (a few declines among many gifts) never trips it", async () => {
    offsetMs += 3 * 3600_000;
    const { give } = client(t);
    const before = await alerts();
    for (let i = 0; i < 12; i++) expect((await give(await t.signUp(), "10.34.0.1", SANDBOX_CARDS.success)).statusCode).toBe(201);
    // 5 declines among 17 attempts: over the count, under the rate.
    for (let i = 0; i < 5; i++) expect((await give(await t.signUp(), `10.34.1.${i}`, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    expect((await give(await t.signUp(), "10.34.0.1", SANDBOX_CARDS.success)).statusCode).toBe(201);
    expect(await alerts()).toBe(before);
  });
});

describe("the decline answer is no oracle", () => {
  const t = useMoneyTestApp({ env: { CARD_BREAKER_DECLINES: "1000" } });

  it("a declined card, a wrong number and a gateway's own words read alike; insufficient funds and expiry stay helpful (English and Spanish)", async () => {
    const { give, addCard } = client(t);
    const m = await t.signUp();
    const spanish = messagesFor("es").giving.declines;
    expect(DECLINE_TEXT.checkDetails).toBe("Your card was declined. Please check the details or use another card.");
    const cases: [string, string | undefined, string][] = [
      ["declined (do not honor)", undefined, DECLINE_TEXT.checkDetails],
      ["wrong number (Luhn)", "4242424242424241", DECLINE_TEXT.checkDetails],
      ["insufficient funds", SANDBOX_CARDS.insufficientFunds, DECLINE_TEXT.insufficientFunds],
    ];
    for (const [what, card, text] of cases) {
      const res = await give(m, "10.35.0.1", card ?? SANDBOX_CARDS.declined);
      expect(res.statusCode, what).toBe(402);
      expect(res.json(), what).toEqual({ error: text, code: "PAYMENT_FAILED" });
      // The client shows it in the member's language (the contract's localize).
      expect(localize(text, "es")).not.toBe(text);
    }
    expect(localize(DECLINE_TEXT.checkDetails, "es")).toBe(spanish.checkDetails);
    const expired = await give(m, "10.35.0.1", SANDBOX_CARDS.success, { exp: "01/2020" });
    expect(expired.json().error).toBe(DECLINE_TEXT.expiredCard);
    // Recurring: the same classes.
    expect((await give(m, "10.35.0.1", SANDBOX_CARDS.declined, { kind: "recurring" })).json().error).toBe(DECLINE_TEXT.checkDetails);
    // Saving a card with a wrong number: the same text, translated by the server.
    const bad = await addCard(m, "10.35.0.1", "4242424242424241", "es");
    expect(bad.statusCode).toBe(402);
    expect(bad.json().error).toBe(spanish.checkDetails);
    // What the member's failed gift keeps is the folded reason too.
    const failed = await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id));
    expect(failed.length).toBeGreaterThan(0);
    expect(JSON.stringify(failed)).not.toContain(DECLINE_TEXT.invalidCard);
  });
});

describe("the breaker in the app: staff are told once per trip, see it on the dashboard, and an owner may resume", () => {
  let offsetMs = 0;
  const t = useMoneyTestApp({
    now: () => new Date(Date.now() + offsetMs),
    env: { CARD_DECLINES_PER_ADDRESS: "1000", CARD_DECLINES_PER_CARD: "1000", CARD_BREAKER_DECLINES: "3", CARD_BREAKER_DECLINE_PERCENT: "50", CARD_BREAKER_COOLDOWN_SECONDS: "1800" },
  });
  const noticesOf = (userId: string) => t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "newCardsPaused")));
  const state = (who: Member) => t.app.inject({ method: "GET", url: "/api/admin/card-breaker", headers: who.auth });
  const resume = (who: Member) => t.app.inject({ method: "POST", url: "/api/admin/card-breaker/resume", headers: who.auth });

  it("notifies every staff member (no member) once per trip; the dashboard shows since, until and the rate; only an owner resumes, and it clears the church-wide counts", async () => {
    const { give } = client(t);
    const [owner, pastor, staff, member] = [await t.signUp("OWNER"), await t.signUp("PASTOR"), await t.signUp("STAFF"), await t.signUp()];

    // Closed: nothing tried yet.
    const quiet = await state(staff);
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(quiet.json()).toMatchObject({ paused: false, pausedSince: null, resumesAt: null, declines: 0, attempts: 0, thresholdDeclines: 3, thresholdPercent: 50 });
    expect((await state(member)).statusCode).toBe(403);

    const tripAt = t.deps.now().getTime();
    // Three declines trip it; two more, refused while open, do not notify again.
    for (let i = 0; i < 3; i++) expect((await give(await t.signUp(), `10.36.0.${i}`, SANDBOX_CARDS.declined)).statusCode).toBe(402);
    for (let i = 0; i < 2; i++) expect((await give(await t.signUp(), `10.36.1.${i}`, SANDBOX_CARDS.declined)).statusCode).toBe(503);
    for (const s of [owner, pastor, staff]) {
      const notices = await noticesOf(s.user.id);
      expect(notices, s.user.role).toHaveLength(1);
      expect(notices[0]).toMatchObject({ title: "New cards paused", body: expect.stringContaining("30 minutes"), url: "/admin" });
    }
    expect(await noticesOf(member.user.id)).toHaveLength(0);
    // The inbox shows it to staff, in Spanish too (stored in English, localized by its shape).
    const inbox = await t.app.inject({ method: "GET", url: "/api/notifications", headers: staff.auth });
    expect(inbox.json().items.map((n: { kind: string }) => n.kind)).toContain("newCardsPaused");
    expect(localize(NOTIFICATION_MESSAGES.newCardsPaused(30).body, "es")).toBe(messagesFor("es").notifications.newCardsPausedBody(30));

    const paused = (await state(pastor)).json();
    expect(paused).toMatchObject({ paused: true, declines: 3, attempts: 3, windowMinutes: 10 });
    expect(Math.abs(new Date(paused.pausedSince).getTime() - tripAt)).toBeLessThan(60_000);
    expect(new Date(paused.resumesAt).getTime() - new Date(paused.pausedSince).getTime()).toBe(1_800_000);

    // Only an owner resumes (403 for staff, pastor and member: nothing changes).
    for (const who of [member, staff, pastor]) expect((await resume(who)).statusCode).toBe(403);
    expect((await state(staff)).json().paused).toBe(true);
    const resumed = await resume(owner);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ paused: false, resumesAt: null, declines: 0, attempts: 0 });
    expect((await resume(owner)).statusCode).toBe(409);
    // New cards go through again, and one more decline does not trip it at once (the counts were cleared).
    expect((await give(await t.signUp(), "10.36.2.1", SANDBOX_CARDS.success)).statusCode).toBe(201);
    expect((await give(await t.signUp(), "10.36.2.2", SANDBOX_CARDS.declined)).statusCode).toBe(402);
    expect((await state(staff)).json().paused).toBe(false);

    // A second trip is a second notice for each staff member.
    for (let i = 0; i < 3; i++) await give(await t.signUp(), `10.36.3.${i}`, SANDBOX_CARDS.declined);
    expect((await state(staff)).json().paused).toBe(true);
    expect(await noticesOf(owner.user.id)).toHaveLength(2);
    expect(await noticesOf(member.user.id)).toHaveLength(0);
  });

  it("a staff member who turned the kind off is not told (decision 0041)", async () => {
    offsetMs += 3 * 3600_000;
    const { give } = client(t);
    const quietStaff = await t.signUp("STAFF");
    const off = await t.app.inject({ method: "PUT", url: "/api/notifications/preferences", headers: quietStaff.auth, payload: { kinds: { newCardsPaused: false } } });
    expect(off.statusCode, off.body).toBe(200);
    const other = await t.signUp("STAFF");
    // Declined one by one (402), the third trips it: the first test's pause ended hours ago.
    for (let i = 0; i < 3; i++) {
      const declined = await give(await t.signUp(), `10.37.0.${i}`, SANDBOX_CARDS.declined);
      expect(declined.statusCode, declined.body).toBe(402);
    }
    expect((await state(other)).json()).toMatchObject({ paused: true, declines: 3 });
    expect(await noticesOf(quietStaff.user.id)).toHaveLength(0);
    expect(await noticesOf(other.user.id)).toHaveLength(1);
  });

  it("declines racing past the threshold at once still tell each staff member once", async () => {
    offsetMs += 3 * 3600_000;
    const { give } = client(t);
    const staff = await t.signUp("STAFF");
    const testers = await Promise.all(Array.from({ length: 8 }, () => t.signUp()));
    const answers = await Promise.all(testers.map((m, i) => give(m, `10.38.0.${i}`, SANDBOX_CARDS.declined)));
    for (const a of answers) expect([402, 503]).toContain(a.statusCode);
    expect(await noticesOf(staff.user.id)).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.subject, GIVING_TEXT.cardTestingAlertSubject));
    // One email for each trip of this file's app so far (two in the first test, one in the second, one now).
    expect(mails).toHaveLength(4);
  });
});
