/** Recurring gifts job: charges a due period once, even with two schedulers at once; declines mark the gift FAILED. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { gifts, recurringGifts } from "../db/schema/giving";
import { sessions } from "../db/schema/users";
import { runRecurringGifts } from "./recurring-gifts";
import type { GiveResponse } from "../../contract/giving";

let fixedNow: Date | null = null;
const now = () => fixedNow ?? new Date();
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now, env: { GIVING_RATE_LIMIT_PER_USER: "100000" } });
  // A second server instance on the same database: its own connections on PostgreSQL.
  second = await createTestApp({ now, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

let n = 0;
async function setUp(card: string, frequency: "weekly" | "monthly" | "yearly", at: string) {
  const m = await t.signUp();
  await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
  fixedNow = new Date(at);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/giving/recurring",
    headers: { ...m.auth, "idempotency-key": `job-${++n}` },
    payload: {
      amount_cents: 1500,
      is_recurring: true,
      frequency,
      customer_data: { first_name: "Lydia", last_name: "Thyatira", email: "lydia@example.org" },
      payment_method_data: {
        card_number: card,
        card_exp: "12/2099",
        card_cvv: "123",
        address_1: "1 Purple St",
        address_city: "Orlando",
        address_state: "FL",
        address_zip: "32801",
      },
    },
  });
  fixedNow = null;
  expect(res.statusCode, res.body).toBe(201);
  return { member: m, recurring: (res.json() as GiveResponse).recurring! };
}

const giftsOf = (recurringId: string) => t.db.select().from(gifts).where(eq(gifts.recurringGiftId, recurringId));

describe("recurring gifts job", () => {
  it("charges a due period exactly once with two schedulers at once, then moves to the next date", async () => {
    const { recurring } = await setUp("4242424242424242", "monthly", "2026-01-31T15:00:00Z");
    expect(recurring.nextPaymentDate).toBe("2026-02-28");

    fixedNow = new Date("2026-02-27T15:00:00Z"); // not due yet
    await Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps)]);
    expect(await giftsOf(recurring.id)).toHaveLength(1);

    fixedNow = new Date("2026-02-28T15:00:00Z");
    const counts = await Promise.all([
      runRecurringGifts(t.deps),
      runRecurringGifts(second.deps),
      runRecurringGifts(t.deps),
      runRecurringGifts(second.deps),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await giftsOf(recurring.id);
    expect(rows.map((g) => [g.periodDate, g.status]).sort()).toEqual([
      ["2026-01-31", "COMPLETED"],
      ["2026-02-28", "COMPLETED"],
    ]);
    const [r] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
    // The anchor day brings February's clamped date back to the 31st.
    expect(r).toMatchObject({ nextPaymentDate: "2026-03-31", status: "ACTIVE" });

    await runRecurringGifts(t.deps); // same day again: nothing more
    expect(await giftsOf(recurring.id)).toHaveLength(2);
    fixedNow = null;
  });

  it("charges a long-overdue gift once and skips to the first date after today", async () => {
    const { recurring } = await setUp("4242424242424242", "weekly", "2026-04-01T15:00:00Z");
    fixedNow = new Date("2026-05-01T15:00:00Z");
    await Promise.all([runRecurringGifts(t.deps), runRecurringGifts(second.deps)]);
    fixedNow = null;
    expect(await giftsOf(recurring.id)).toHaveLength(2);
    const [r] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
    expect(r.nextPaymentDate).toBe("2026-05-06");
  });

  it("a declined charge records a FAILED gift and sets the recurring gift to FAILED (not charged again)", async () => {
    const { recurring } = await setUp("4242424242424242", "weekly", "2026-06-01T15:00:00Z");
    // The card starts failing at the gateway: the stored profile declines.
    const failing = { ...t.deps, payments: { ...t.deps.payments, chargeProfile: async () => ({ ok: false as const, reason: "Your card was declined.", code: "declined" as const }) } };
    fixedNow = new Date("2026-06-08T15:00:00Z");
    expect(await runRecurringGifts(failing)).toBe(0);
    fixedNow = new Date("2026-06-15T15:00:00Z");
    expect(await runRecurringGifts(failing)).toBe(0);
    fixedNow = null;
    const rows = await giftsOf(recurring.id);
    expect(rows.map((g) => [g.periodDate, g.status, g.failureReason]).sort()).toEqual([
      ["2026-06-01", "COMPLETED", null],
      ["2026-06-08", "FAILED", "Your card was declined."],
    ]);
    const [r] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
    expect(r.status).toBe("FAILED");
  });
});
