/**
 * A recurring gift that failed its retries (decision 0121): the giver's email carries a
 * single-use, expiring link (hidden from staff in the outbox); the link shows the gift and takes
 * a new card; the gift resumes on its next date after the missed period, which is never
 * charged, and the new period is charged once, even with two schedulers. A used, expired or
 * unknown link is refused; a declined card leaves the link usable.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { createMoneyTestApp, giveRequest } from "../../testing/money-test-app";
import { gifts, recurringGifts } from "../../db/schema/giving";
import { emailOutbox } from "../../db/schema/platform";
import { cardUpdateLinks } from "../../db/schema/statements";
import { sessions } from "../../db/schema/users";
import { runRecurringGifts } from "../../jobs/recurring-gifts";
import type { Deps } from "../../deps";
import type { ChargeResult } from "../../providers/payments/port";
import type { GiveResponse } from "../../../contract/giving";
import { hashToken } from "../../http/tokens";

let fixedNow: Date | null = null;
const now = () => fixedNow ?? new Date();
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createMoneyTestApp({ now });
  second = await createTestApp({ now, sameDatabaseAs: sameDatabase(t) });
});
afterEach(async () => {
  await t.db.update(recurringGifts).set({ status: "CANCELLED" });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
  fixedNow = new Date(iso);
  try {
    return await work();
  } finally {
    fixedNow = null;
  }
}
const declined = async (): Promise<ChargeResult> => ({ ok: false, reason: "Your card was declined.", code: "declined" });
const failing = (d: Deps): Deps => ({ ...d, payments: { ...d.payments, chargeProfile: declined } });

let n = 0;
/** A weekly $15 gift set up on `setUpAt`, whose next period's charge and its three retries all fail: FAILED, and the giver emailed. */
async function stoppedGift(setUpAt: string, retries: string[]) {
  const m = await t.signUp();
  await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
  await t.authSettled();
  const res = await at(setUpAt, () =>
    t.app.inject({
      method: "POST",
      url: "/api/giving/recurring",
      headers: { ...m.auth, "idempotency-key": `cu-${++n}` },
      payload: giveRequest({ amount_cents: 1500, is_recurring: true, frequency: "weekly" }),
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  const recurring = (res.json() as GiveResponse).recurring!;
  for (const day of retries) await at(day, () => runRecurringGifts(failing(t.deps)));
  const [row] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
  expect(row.status).toBe("FAILED");
  const mails = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, m.user.email), like(emailOutbox.subject, "%has stopped")));
  expect(mails).toHaveLength(1);
  const token = /\/giving\/update-card\?token=([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1];
  expect(token, mails[0].text).toBeTruthy();
  return { member: m, recurring, token: token!, mail: mails[0] };
}

const card = (over: Record<string, string> = {}) => ({
  firstName: "Lydia",
  lastName: "Thyatira",
  email: "lydia@example.org",
  cardNumber: "5555 5555 5555 4444",
  expMonth: "12",
  expYear: "2099",
  cvv: "123",
  address: "1 Purple Row",
  city: "Orlando",
  state: "FL",
  zip: "32801",
  ...over,
});
const update = (token: string, over: Record<string, string> = {}) => t.app.inject({ method: "POST", url: "/api/giving/card-update", payload: { token, ...card(over) } });
const look = (token: string) => t.app.inject({ method: "GET", url: `/api/giving/card-update?token=${encodeURIComponent(token)}` });
const giftsOf = (id: string) => t.db.select().from(gifts).where(eq(gifts.recurringGiftId, id));

describe("a stopped recurring gift's card update link", () => {
  it("is emailed with the stop (sensitive: staff never read it), shows the gift, resumes it after the missed period, and charges the new period once", async () => {
    // Set up on Wed 3 June 2026; the 10 June charge fails, and its retries on the 11th, 13th and 15th.
    const { member, recurring, token, mail } = await stoppedGift("2026-06-03T15:00:00Z", ["2026-06-10T15:00:00Z", "2026-06-11T15:00:00Z", "2026-06-13T15:00:00Z", "2026-06-15T15:00:00Z"]);
    expect(mail.sensitive).toBe(true);
    expect(mail.text).toContain("Update your card and your gift continues from its next date");
    const [link] = await t.db.select().from(cardUpdateLinks).where(eq(cardUpdateLinks.recurringGiftId, recurring.id));
    expect(link.tokenHash).toBe(hashToken(token)); // only the hash is kept
    // Staff reading the outbox see neither the text nor the link.
    for (const role of ["STAFF", "OWNER"] as const) {
      const staff = await t.signUp(role);
      const outbox = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: staff.auth });
      expect(outbox.statusCode).toBe(200);
      expect(outbox.body).not.toContain(token);
    }

    const shown = await at("2026-06-16T15:00:00Z", () => look(token));
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ amountCents: 1500, frequency: "weekly", fundName: "General Fund", cardLastFour: "4242", email: member.user.email });

    // A card the gateway refuses: 402, nothing changes, the link still works.
    const expired = await at("2026-06-16T15:00:00Z", () => update(token, { expYear: "2020" }));
    expect(expired.statusCode, expired.body).toBe(402);
    expect((await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id)))[0].status).toBe("FAILED");

    const ok = await at("2026-06-16T15:00:00Z", () => update(token));
    expect(ok.statusCode, ok.body).toBe(200);
    // The missed period was 10 June; the next on the schedule from 16 June is the 17th.
    expect(ok.json()).toEqual({ nextPaymentDate: "2026-06-17", cardBrand: "mastercard", cardLastFour: "4444" });
    const [resumed] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
    expect(resumed).toMatchObject({ status: "ACTIVE", nextPaymentDate: "2026-06-17", failedAttempts: 0, retryDate: null, lastFailureReason: null, cardLastFour: "4444" });

    // Used: refused, in the asker's language, on the token field.
    const again = await at("2026-06-16T15:05:00Z", () => update(token));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ issues: [{ path: "body.token", message: "This link has expired or was already used. Sign in and set up your gift again on Giving." }] });
    expect((await at("2026-06-16T15:05:00Z", () => look(token))).statusCode).toBe(400);

    // No double charge: the day of the update and the new date, with two schedulers racing.
    await at("2026-06-16T16:00:00Z", () => Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps)]));
    await at("2026-06-17T15:00:00Z", () => Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps), runRecurringGifts(t.deps)]));
    await at("2026-06-17T20:00:00Z", () => runRecurringGifts(t.deps));
    const rows = await giftsOf(recurring.id);
    expect(rows.map((g) => [g.periodDate, g.status]).sort()).toEqual([
      ["2026-06-03", "COMPLETED"],
      ["2026-06-10", "FAILED"],
      ["2026-06-17", "COMPLETED"],
    ]);
    expect((await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id)))[0].nextPaymentDate).toBe("2026-06-24");
  });

  it("expires after 14 days, refuses an unknown link, and refuses a gift no longer stopped (409)", async () => {
    const a = await stoppedGift("2026-07-01T15:00:00Z", ["2026-07-08T15:00:00Z", "2026-07-09T15:00:00Z", "2026-07-11T15:00:00Z", "2026-07-13T15:00:00Z"]);
    // Made on 13 July: good until the 27th.
    expect((await at("2026-07-27T14:00:00Z", () => look(a.token))).statusCode).toBe(200);
    const late = await at("2026-07-27T16:00:00Z", () => update(a.token));
    expect(late.statusCode).toBe(400);
    expect((await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, a.recurring.id)))[0].status).toBe("FAILED");
    expect((await look("not-a-real-link-token")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "POST", url: "/api/giving/card-update", payload: { token: "short", ...card() } })).statusCode).toBe(400);

    // The giver cancels the stopped gift: a link made before is no use.
    const b = await stoppedGift("2026-08-05T15:00:00Z", ["2026-08-12T15:00:00Z", "2026-08-13T15:00:00Z", "2026-08-15T15:00:00Z", "2026-08-17T15:00:00Z"]);
    expect((await t.app.inject({ method: "POST", url: `/api/giving/recurring/${b.recurring.id}/cancel`, headers: b.member.auth })).statusCode).toBe(200);
    const cancelled = await at("2026-08-18T15:00:00Z", () => update(b.token));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ error: "This gift is no longer stopped, so there is no card to update." });
  });

  it("two submits of one link at once resume the gift once", async () => {
    const c = await stoppedGift("2026-09-02T15:00:00Z", ["2026-09-09T15:00:00Z", "2026-09-10T15:00:00Z", "2026-09-12T15:00:00Z", "2026-09-14T15:00:00Z"]);
    const answers = await at("2026-09-15T15:00:00Z", () => Promise.all([update(c.token), update(c.token, { cardNumber: "4242424242424242" })]));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const [row] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, c.recurring.id));
    expect(row).toMatchObject({ status: "ACTIVE", nextPaymentDate: "2026-09-16" });
    const winner = answers.find((a) => a.statusCode === 200)!.json() as { cardLastFour: string };
    expect(row.cardLastFour).toBe(winner.cardLastFour);
  });
});
