/**
 * Recurring gifts job: a due period is charged once, even with two schedulers at once; a failed
 * charge is retried 1, 3 and 5 days after its due date, then the gift becomes FAILED and the
 * giver is emailed (once, even with schedulers racing); receipts go out once per charge; a
 * gateway outage records nothing and the same attempt is retried with the same key; a
 * restarted server (a new sandbox gateway) charges stored profiles as before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { createMoneyTestApp, giveRequest } from "../testing/money-test-app";
import { gifts, recurringGifts } from "../db/schema/giving";
import { emailOutbox } from "../db/schema/platform";
import { sessions } from "../db/schema/users";
import { recurringChargeKey, retryDateAfter, runRecurringGifts } from "./recurring-gifts";
import { runGiftReceipts } from "./gift-receipts";
import type { GiveResponse, RecurringDonation } from "../../contract/giving";
import type { Deps } from "../deps";
import { GatewayUnavailableError, type ChargeResult, type PaymentGateway } from "../providers/payments/port";
import { createSandboxGateway } from "../providers/payments/sandbox";

let fixedNow: Date | null = null;
const now = () => fixedNow ?? new Date();
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createMoneyTestApp({ now });
  // A second server instance on the same database: its own connections on PostgreSQL.
  second = await createTestApp({ now, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
});
// Every pass charges every due gift in the database: each test's gifts stop when it ends.
afterEach(async () => {
  await t.db.update(recurringGifts).set({ status: "CANCELLED" });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

let n = 0;
async function setUp(card: string, frequency: "weekly" | "monthly" | "yearly", at: string) {
  const m = await t.signUp();
  await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
  await t.authSettled(); // the session cache hears of the new expiry
  fixedNow = new Date(at);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/giving/recurring",
    headers: { ...m.auth, "idempotency-key": `job-${++n}` },
    payload: giveRequest({ amount_cents: 1500, is_recurring: true, frequency }, { card_number: card }),
  });
  fixedNow = null;
  expect(res.statusCode, res.body).toBe(201);
  return { member: m, recurring: (res.json() as GiveResponse).recurring! };
}

const giftsOf = (recurringId: string) => t.db.select().from(gifts).where(eq(gifts.recurringGiftId, recurringId));
const recurringRow = async (id: string) => (await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, id)))[0];
const mailsTo = (email: string, subject = "%") =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, subject)));

/** The deps of `base` with chargeProfile replaced (the card starts failing, the gateway goes down, ...). */
function withChargeProfile(base: Deps, chargeProfile: PaymentGateway["chargeProfile"]): Deps {
  return { ...base, payments: { ...base.payments, chargeProfile } };
}
const declined = async (): Promise<ChargeResult> => ({ ok: false, reason: "Your card was declined.", code: "declined" });

async function at<T>(iso: string, run: () => Promise<T>): Promise<T> {
  fixedNow = new Date(iso);
  try {
    return await run();
  } finally {
    fixedNow = null;
  }
}

describe("recurring gifts job: one charge per period", () => {
  it("charges a due period exactly once with two schedulers at once, then moves to the next date", async () => {
    const { recurring } = await setUp("4242424242424242", "monthly", "2026-01-31T15:00:00Z");
    expect(recurring.nextPaymentDate).toBe("2026-02-28");

    await at("2026-02-27T15:00:00Z", () => Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps)])); // not due yet
    expect(await giftsOf(recurring.id)).toHaveLength(1);

    const counts = (await at("2026-02-28T15:00:00Z", () =>
      Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps), runRecurringGifts(t.deps), runRecurringGifts(second.deps)]),
    ));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await giftsOf(recurring.id);
    expect(rows.map((g) => [g.periodDate, g.status]).sort()).toEqual([
      ["2026-01-31", "COMPLETED"],
      ["2026-02-28", "COMPLETED"],
    ]);
    // The anchor day brings February's clamped date back to the 31st.
    expect(await recurringRow(recurring.id)).toMatchObject({ nextPaymentDate: "2026-03-31", status: "ACTIVE", failedAttempts: 0 });

    await at("2026-02-28T20:00:00Z", () => runRecurringGifts(t.deps)); // same day again: nothing more
    expect(await giftsOf(recurring.id)).toHaveLength(2);
  });

  it("charges a long-overdue gift once and skips to the first date after today", async () => {
    const { recurring } = await setUp("4242424242424242", "weekly", "2026-04-01T15:00:00Z");
    await at("2026-05-01T15:00:00Z", () => Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps)]));
    expect(await giftsOf(recurring.id)).toHaveLength(2);
    expect((await recurringRow(recurring.id)).nextPaymentDate).toBe("2026-05-06");
  });

  it("emails one receipt per scheduled charge, even with two schedulers and the receipts sweep", async () => {
    const { member, recurring } = await setUp("4242424242424242", "weekly", "2026-07-01T15:00:00Z");
    expect(await mailsTo(member.user.email, "Your gift of%")).toHaveLength(1); // the first charge at set-up
    await at("2026-07-08T15:00:00Z", () =>
      Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps), runGiftReceipts(t.deps), runGiftReceipts(second.deps)]),
    );
    await at("2026-07-08T15:05:00Z", () => runGiftReceipts(t.deps));
    const receipts = await mailsTo(member.user.email, "Your gift of%");
    expect(receipts).toHaveLength(2);
    expect(receipts[1].text).toContain("Recurring: Weekly");
    expect((await giftsOf(recurring.id)).every((g) => g.receiptSentAt !== null)).toBe(true);
  });
});

describe("recurring gifts job: retries, then FAILED and an email", () => {
  it("plans retries 1, 3 and 5 days after the due date, never sooner than tomorrow", () => {
    expect(retryDateAfter("2026-06-08", 1, "2026-06-08")).toBe("2026-06-09");
    expect(retryDateAfter("2026-06-08", 2, "2026-06-09")).toBe("2026-06-11");
    expect(retryDateAfter("2026-06-08", 3, "2026-06-11")).toBe("2026-06-13");
    expect(retryDateAfter("2026-06-08", 4, "2026-06-13")).toBeNull();
    // The server was down for a week: the next retry is tomorrow, not a date already gone.
    expect(retryDateAfter("2026-06-08", 1, "2026-06-15")).toBe("2026-06-16");
    // Across a month's end.
    expect(retryDateAfter("2026-01-30", 2, "2026-01-31")).toBe("2026-02-02");
  });

  it("retries a declined charge on day 1, 3 and 5 with schedulers racing, then sets FAILED and emails the giver once", async () => {
    const { member, recurring } = await setUp("4242424242424242", "weekly", "2026-06-01T15:00:00Z");
    const keys: string[] = [];
    const failing = (base: Deps) =>
      withChargeProfile(base, async (_p, _a, key) => {
        keys.push(key);
        return declined();
      });
    const race = (iso: string) =>
      at(iso, () => Promise.all([runRecurringGifts(failing(t.deps)), runRecurringGifts(failing(second.deps)), runRecurringGifts(failing(t.deps))]));

    await race("2026-06-08T15:00:00Z");
    expect(await recurringRow(recurring.id)).toMatchObject({
      status: "ACTIVE",
      nextPaymentDate: "2026-06-08",
      failedAttempts: 1,
      retryDate: "2026-06-09",
      lastFailureReason: "Your card was declined.",
    });
    // The member sees the pending retry; no gift row is made for a failed attempt that will be retried.
    const listed = (await t.app.inject({ method: "GET", url: "/api/giving/recurring", headers: member.auth })).json() as RecurringDonation[];
    expect(listed[0]).toMatchObject({ status: "ACTIVE", retryDate: "2026-06-09", lastFailureReason: "Your card was declined." });
    expect(await giftsOf(recurring.id)).toHaveLength(1);

    await race("2026-06-08T22:00:00Z"); // the same day again: nothing
    await race("2026-06-09T15:00:00Z");
    await race("2026-06-10T15:00:00Z"); // not a retry day
    expect(await recurringRow(recurring.id)).toMatchObject({ failedAttempts: 2, retryDate: "2026-06-11" });
    await race("2026-06-11T15:00:00Z");
    expect(await recurringRow(recurring.id)).toMatchObject({ failedAttempts: 3, retryDate: "2026-06-13" });
    expect(await mailsTo(member.user.email, "%has stopped")).toHaveLength(0);
    await race("2026-06-13T15:00:00Z");
    await race("2026-06-15T15:00:00Z"); // FAILED: never charged again

    // One attempt per retry day, each with its own gateway key.
    expect(keys).toEqual([1, 2, 3, 4].map((a) => recurringChargeKey(recurring.id, "2026-06-08", a)));
    expect(new Set(keys).size).toBe(4);
    expect(await recurringRow(recurring.id)).toMatchObject({ status: "FAILED", failedAttempts: 4, retryDate: null });
    const rows = await giftsOf(recurring.id);
    expect(rows.map((g) => [g.periodDate, g.status, g.failureReason]).sort()).toEqual([
      ["2026-06-01", "COMPLETED", null],
      ["2026-06-08", "FAILED", "Your card was declined."],
    ]);
    const mails = await mailsTo(member.user.email, "%has stopped");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your weekly gift to ${t.deps.church.name} has stopped`);
    for (const part of ["$15.00", "Visa ending 4242", "Your card was declined.", "tried 4 times", "no more charges", "/giving", "Make this a recurring donation"]) {
      expect(mails[0].text).toContain(part);
    }
  });

  it("a retry that succeeds records the period once, clears the failures and keeps the schedule", async () => {
    const { member, recurring } = await setUp("4242424242424242", "monthly", "2026-08-10T15:00:00Z");
    const failingDeps = withChargeProfile(t.deps, declined);
    await at("2026-09-10T15:00:00Z", () => runRecurringGifts(failingDeps));
    await at("2026-09-11T15:00:00Z", () => runRecurringGifts(failingDeps));
    expect(await recurringRow(recurring.id)).toMatchObject({ failedAttempts: 2, retryDate: "2026-09-13" });
    // The card works again by the third attempt.
    const counts = (await at("2026-09-13T15:00:00Z", () => Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps)])));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await recurringRow(recurring.id)).toMatchObject({
      status: "ACTIVE",
      nextPaymentDate: "2026-10-10",
      failedAttempts: 0,
      retryDate: null,
      lastFailureReason: null,
    });
    const rows = await giftsOf(recurring.id);
    expect(rows.map((g) => [g.periodDate, g.status]).sort()).toEqual([
      ["2026-08-10", "COMPLETED"],
      ["2026-09-10", "COMPLETED"],
    ]);
    expect(await mailsTo(member.user.email, "Your gift of%")).toHaveLength(2);
    expect(await mailsTo(member.user.email, "%has stopped")).toHaveLength(0);
  });

  it("a gateway outage records nothing; the next pass tries the same attempt with the same key", async () => {
    const { recurring } = await setUp("4242424242424242", "weekly", "2026-10-01T15:00:00Z");
    const keys: string[] = [];
    const errors: unknown[] = [];
    const down = withChargeProfile(t.deps, async (_p, _a, key) => {
      keys.push(key);
      throw new GatewayUnavailableError("Authorize.Net createTransactionRequest failed: TimeoutError");
    });
    expect(await at("2026-10-08T15:00:00Z", () => runRecurringGifts(down, (e) => errors.push(e)))).toBe(0);
    expect(errors.some((e) => e instanceof GatewayUnavailableError)).toBe(true);
    expect(await recurringRow(recurring.id)).toMatchObject({ status: "ACTIVE", nextPaymentDate: "2026-10-08", failedAttempts: 0 });
    expect(await giftsOf(recurring.id)).toHaveLength(1);

    const up = withChargeProfile(t.deps, async (profileId, amount, key) => {
      keys.push(key);
      return t.deps.payments.chargeProfile(profileId, amount, key);
    });
    expect(await at("2026-10-08T15:01:00Z", () => runRecurringGifts(up))).toBe(1);
    expect(keys).toEqual([recurringChargeKey(recurring.id, "2026-10-08", 1), recurringChargeKey(recurring.id, "2026-10-08", 1)]);
    expect(await giftsOf(recurring.id)).toHaveLength(2);
  });

  it("the charge's receipt is queued whatever the mail server does; one lost between transactions is queued by the sweep, once", async () => {
    const { member, recurring } = await setUp("4242424242424242", "weekly", "2026-11-02T15:00:00Z");
    const errors: unknown[] = [];
    const brokenEmail: Deps = { ...t.deps, email: { kind: "smtp", send: async () => Promise.reject(new Error("SMTP down")), close() {} } };
    expect(await at("2026-11-09T15:00:00Z", () => runRecurringGifts(brokenEmail, (e) => errors.push(e)))).toBe(1);
    expect(errors).toEqual([]);
    const charged = (await giftsOf(recurring.id)).find((g) => g.periodDate === "2026-11-09")!;
    expect(charged.status).toBe("COMPLETED");
    expect(charged.receiptSentAt).not.toBeNull();
    expect(await mailsTo(member.user.email, "Your gift of%")).toHaveLength(2);
    expect(await at("2026-11-09T15:05:00Z", () => runGiftReceipts(t.deps))).toBe(0);
    // As if the process had stopped between the gift's transaction and the receipt's.
    await t.db.delete(emailOutbox).where(eq(emailOutbox.to, member.user.email));
    await t.db.update(gifts).set({ receiptSentAt: null }).where(eq(gifts.id, charged.id));
    expect(await at("2026-11-09T15:10:00Z", () => runGiftReceipts(t.deps))).toBe(1);
    expect(await at("2026-11-09T15:15:00Z", () => runGiftReceipts(t.deps))).toBe(0);
    expect(await mailsTo(member.user.email, "Your gift of%")).toHaveLength(1);
  });

});

describe("recurring gifts job: paused gifts and restarts", () => {
  it("never charges a paused gift; resuming after its date moves to the next date from today", async () => {
    const { member, recurring } = await setUp("4242424242424242", "weekly", "2026-03-02T15:00:00Z"); // Monday; next 9 March
    const post = (action: string, iso: string) =>
      at(iso, () => t.app.inject({ method: "POST", url: `/api/giving/recurring/${recurring.id}/${action}`, headers: member.auth }));
    expect((await post("pause", "2026-03-03T15:00:00Z")).statusCode).toBe(200);
    await at("2026-03-09T15:00:00Z", () => runRecurringGifts(t.deps));
    await at("2026-03-17T15:00:00Z", () => runRecurringGifts(t.deps));
    expect(await giftsOf(recurring.id)).toHaveLength(1);
    // Resumed on Wednesday 18 March: the missed 9 and 16 March are not charged; next is Monday 23.
    const resumed = await post("resume", "2026-03-18T15:00:00Z");
    expect(resumed.json()).toMatchObject({ status: "ACTIVE", nextPaymentDate: "2026-03-23" });
    await at("2026-03-18T15:01:00Z", () => runRecurringGifts(t.deps));
    expect(await giftsOf(recurring.id)).toHaveLength(1);
    await at("2026-03-23T15:00:00Z", () => runRecurringGifts(t.deps));
    expect((await giftsOf(recurring.id)).map((g) => g.periodDate).sort()).toEqual(["2026-03-02", "2026-03-23"]);
  });

  it("a new gateway instance (a restarted server) charges a stored sandbox profile as before", async () => {
    const before = createSandboxGateway(() => new Date());
    const card = { expMonth: 12, expYear: 2099, cvv: "123", firstName: "A", lastName: "B", email: "a@b.org", address: { line1: "1", city: "O", state: "FL", zip: "32801" } };
    const ok = await before.createCustomerProfile({ ...card, number: "4242424242424242" }, "k1");
    const nsf = await before.createCustomerProfile({ ...card, number: "4000000000009995" }, "k2");
    const dec = await before.createCustomerProfile({ ...card, number: "4000000000000002" }, "k3");
    if (!ok.ok || !nsf.ok || !dec.ok) throw new Error("profiles should be created");
    const after = createSandboxGateway(() => new Date());
    expect((await after.chargeProfile(ok.profileId, 500, "c1")).ok).toBe(true);
    expect(await after.chargeProfile(nsf.profileId, 500, "c2")).toMatchObject({ ok: false, code: "insufficient_funds" });
    expect(await after.chargeProfile(dec.profileId, 500, "c3")).toMatchObject({ ok: false, code: "declined" });

    // Through the job: the second app has its own gateway instance and charges t's profile.
    const { recurring } = await setUp("4242424242424242", "weekly", "2026-12-01T15:00:00Z");
    expect(await at("2026-12-08T15:00:00Z", () => runRecurringGifts(second.deps))).toBe(1);
    expect((await giftsOf(recurring.id)).map((g) => g.status)).toEqual(["COMPLETED", "COMPLETED"]);
  });
});
