/**
 * Refunds and voids (issue 19; decision 0119) through the sandbox gateway: who may refund
 * (OWNER and finance holders; MEMBER, PASTOR and STAFF without finance 403), the arithmetic
 * (partial, repeated, the whole remainder, never more than the gift and its covered fee, also
 * with parallel requests), void before settlement and refund after, the Idempotency-Key (the
 * same key twice is one refund), wallet gifts back to the wallet, gifts with no gateway
 * recorded only, the donor's email in their language, the audit row, and what the donor's
 * history, the statement, the ledger's and the dashboard's totals show afterwards.
 */
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { defaultFund } from "../../shared/money/funds";
import { giftRefunds, gifts } from "../../db/schema/giving";
import { auditLog, sessions, users } from "../../db/schema/users";
import { emailOutbox } from "../../db/schema/platform";
import { walletTransactions, wallets } from "../../db/schema/wallet";
import { REFUNDS_TEXT, type RefundResponse } from "../../../contract/giving-refunds";
import type { GivingHistoryEntry, GivingStatement, GiveResponse } from "../../../contract/giving";
import type { GivingTotals, LedgerPage } from "../../../contract/giving-funds";
import { SANDBOX_SETTLEMENT_HOURS } from "../../providers/payments/sandbox";
import { GatewayUnavailableError } from "../../providers/payments/port";
import { parse } from "csv-parse/sync";
import { localize } from "../../i18n";

let fixedNow: Date | null = null;
const t = useMoneyTestApp({ now: () => fixedNow ?? new Date() });
type Auth = { authorization: string };
type Who = Awaited<ReturnType<typeof t.signUp>>;
let k = 0;
const newKey = () => `refund-test-${Date.now()}-${++k}`;

const give = async (who: Who, over: Record<string, unknown> = {}) => {
  const res = await t.app.inject({ method: "POST", url: "/api/giving/one-time", headers: { ...who.auth, "idempotency-key": newKey() }, payload: giveRequest(over as never) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as GiveResponse).gift;
};
const refund = (auth: Auth, giftId: string, payload: Record<string, unknown>, key: string | null = newKey(), lang?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/giving/gifts/${giftId}/refund`,
    headers: { ...auth, ...(key ? { "idempotency-key": key } : {}), ...(lang ? { "accept-language": lang } : {}) },
    payload,
  });
const get = (auth: Auth, url: string) => t.app.inject({ method: "GET", url, headers: auth });
const giftRow = async (id: string) => (await t.db.select().from(gifts).where(eq(gifts.id, id)))[0];
const refundsOf = (id: string) => t.db.select().from(giftRefunds).where(eq(giftRefunds.giftId, id));

/** Sessions that outlive a jump of the clock past settlement. */
async function longSession(...who: Who[]) {
  for (const w of who) await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, w.user.id));
  await t.authSettled();
}
/** A gift made `hoursAgo` hours before now (the sandbox settles a charge 24 hours after it was made). */
async function giftAged(who: Who, hoursAgo: number, over: Record<string, unknown> = {}) {
  const now = Date.now();
  fixedNow = new Date(now - hoursAgo * 3_600_000);
  try {
    return await give(who, over);
  } finally {
    fixedNow = null;
  }
}
const settled = (who: Who, over: Record<string, unknown> = {}) => giftAged(who, SANDBOX_SETTLEMENT_HOURS + 1, over);

describe("who may refund", () => {
  it("the OWNER and a finance holder may; a MEMBER, a PASTOR and STAFF without finance get 403 and nothing moves", async () => {
    const [owner, pastor, staff, member, treasurer, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("PASTOR"), t.signUp("STAFF"), t.signUp(), t.signUp(), t.signUp()]);
    await longSession(owner, pastor, staff, member, treasurer, donor);
    const gift = await settled(donor, { amount_cents: 5000 });
    for (const who of [member, pastor, staff, donor]) {
      const res = await refund(who.auth, gift.id, { amountCents: 100, reason: "Mistake" });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await giftRow(gift.id)).refundedCents).toBe(0);

    expect((await t.app.inject({ method: "PUT", url: `/api/admin/users/${treasurer.user.id}/finance`, headers: owner.auth, payload: { finance: true } })).statusCode).toBe(200);
    const byTreasurer = await refund(treasurer.auth, gift.id, { amountCents: 1000, reason: "Gave twice by mistake" });
    expect(byTreasurer.statusCode, byTreasurer.body).toBe(201);
    const byOwner = await refund(owner.auth, gift.id, { amountCents: 500, reason: "Asked for part back" });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect((await giftRow(gift.id)).refundedCents).toBe(1500);
    // A PASTOR granted finance may too.
    await t.app.inject({ method: "PUT", url: `/api/admin/users/${pastor.user.id}/finance`, headers: owner.auth, payload: { finance: true } });
    expect((await refund(pastor.auth, gift.id, { amountCents: 100, reason: "Fee" })).statusCode).toBe(201);
  });
});

describe("refund arithmetic (never more than was given)", () => {
  it("partial, repeated, then the whole remainder; past it 400 with the field and the amount left, then 409", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    await longSession(owner, donor);
    const gift = await settled(donor, { amount_cents: 10_000 });

    const first = await refund(owner.auth, gift.id, { amountCents: 3000, reason: "Duplicate gift" });
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as RefundResponse).gift).toEqual({ id: gift.id, refundedCents: 3000, refundableCents: 7000 });
    expect((first.json() as RefundResponse).refund).toMatchObject({ amountCents: 3000, method: "refund", reason: "Duplicate gift" });
    expect((await refund(owner.auth, gift.id, { amountCents: 2000, reason: "More" })).statusCode).toBe(201);

    const over = await refund(owner.auth, gift.id, { amountCents: 5001, reason: "Too much" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: REFUNDS_TEXT.overRemaining("$50.00"), issues: [{ path: "body.amountCents", message: REFUNDS_TEXT.overRemaining("$50.00") }] });
    // In Spanish too.
    const overEs = await refund(owner.auth, gift.id, { amountCents: 5001, reason: "Too much" }, newKey(), "es");
    expect(overEs.json().error).toBe(localize(REFUNDS_TEXT.overRemaining("$50.00"), "es"));
    expect(overEs.json().error).not.toBe(REFUNDS_TEXT.overRemaining("$50.00"));

    const rest = await refund(owner.auth, gift.id, { reason: "All the rest" });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((rest.json() as RefundResponse).refund.amountCents).toBe(5000);
    expect((rest.json() as RefundResponse).gift.refundableCents).toBe(0);

    const again = await refund(owner.auth, gift.id, { amountCents: 1, reason: "Again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REFUNDS_TEXT.alreadyRefunded);
    const rows = await refundsOf(gift.id);
    expect(rows.map((r) => [r.amountCents, r.status, r.method])).toEqual(
      expect.arrayContaining([
        [3000, "completed", "refund"],
        [2000, "completed", "refund"],
        [5000, "completed", "refund"],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect((await giftRow(gift.id)).refundedCents).toBe(10_000);
  });

  it("parallel refunds can never exceed the gift: of five $30 refunds of a $100 gift exactly three are made", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    await longSession(owner, donor);
    const gift = await settled(donor, { amount_cents: 10_000 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(owner.auth, gift.id, { amountCents: 3000, reason: "Parallel" })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 400, 400]);
    const rows = (await refundsOf(gift.id)).filter((r) => r.status === "completed");
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(9000);
    expect((await giftRow(gift.id)).refundedCents).toBe(9000);
    // And the last $10 in two parallel whole-remainder requests: one refund.
    const last = await Promise.all([refund(owner.auth, gift.id, { reason: "Rest A" }), refund(owner.auth, gift.id, { reason: "Rest B" })]);
    expect(last.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await giftRow(gift.id)).refundedCents).toBe(10_000);
  });

  it("a covered fee is refunded after the gift: the whole refund is what the card was charged; totals keep gift and fee net", async () => {
    const owner = await t.signUp("OWNER");
    const donor = await t.signUp();
    await longSession(owner, donor);
    expect((await t.app.inject({ method: "PUT", url: "/api/giving/fee", headers: owner.auth, payload: { percentBps: 290, fixedCents: 30 } })).statusCode).toBe(200);
    try {
      const gift = await settled(donor, { amount_cents: 10_000, fee_cents: 330 });
      expect(gift.feeCents).toBe(330);
      const part = await refund(owner.auth, gift.id, { amountCents: 10_100, reason: "Gift and some fee" });
      expect(part.statusCode, part.body).toBe(201);
      expect((part.json() as RefundResponse).gift).toMatchObject({ refundedCents: 10_100, refundableCents: 230 });
      const ledger = (await get(owner.auth, `/api/admin/giving/gifts?q=${encodeURIComponent(donor.user.email)}`)).json() as LedgerPage;
      expect(ledger.gifts[0]).toMatchObject({ amountCents: 10_000, feeCents: 330, refundedCents: 10_100, refundableCents: 230 });
      // The fund keeps nothing of this gift, and $2.30 of its fee.
      expect(ledger.totalCents).toBe(0);
      expect(ledger.funds[0]).toMatchObject({ totalCents: 0, feeCents: 230, count: 1 });
      expect((await refund(owner.auth, gift.id, { amountCents: 231, reason: "x" })).statusCode).toBe(400);
      expect((await refund(owner.auth, gift.id, { reason: "The rest of the fee" })).statusCode).toBe(201);
      expect((await giftRow(gift.id)).refundedCents).toBe(10_330);
    } finally {
      await t.app.inject({ method: "PUT", url: "/api/giving/fee", headers: owner.auth, payload: { percentBps: 0, fixedCents: 0 } });
    }
  });

  it("refuses a declined gift (400), an unknown gift (404), a missing reason (400 on body.reason) and a missing key (400)", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const declined = await t.app.inject({
      method: "POST",
      url: "/api/giving/one-time",
      headers: { ...donor.auth, "idempotency-key": newKey() },
      payload: giveRequest({ amount_cents: 700 }, { card_number: "4000000000000002" }),
    });
    expect(declined.statusCode).toBe(402);
    const [failed] = await t.db.select().from(gifts).where(and(eq(gifts.userId, donor.user.id), eq(gifts.status, "FAILED")));
    const notCompleted = await refund(owner.auth, failed.id, { reason: "x" });
    expect(notCompleted.statusCode).toBe(400);
    expect(notCompleted.json().error).toBe(REFUNDS_TEXT.notCompleted);
    expect((await refund(owner.auth, "5d0f8c1e-0000-4000-8000-000000000000", { reason: "x" })).statusCode).toBe(404);
    const gift = await give(donor, { amount_cents: 900 });
    const noReason = await refund(owner.auth, gift.id, { amountCents: 100, reason: "  " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues).toEqual([expect.objectContaining({ path: "body.reason", message: REFUNDS_TEXT.reasonRequired })]);
    expect((await refund(owner.auth, gift.id, { reason: "x" }, null)).statusCode).toBe(400);
    expect((await refund(owner.auth, gift.id, { amountCents: 0, reason: "x" })).statusCode).toBe(400);
    expect(await refundsOf(gift.id)).toHaveLength(0);
    // A charge the gateway does not know (here: not the sandbox's) is a 400 saying so, with nothing recorded.
    const fund = await defaultFund(t.db);
    const [foreign] = await t.db
      .insert(gifts)
      .values({ userId: donor.user.id, amountCents: 1000, fundId: fund.id, status: "COMPLETED", gatewayTransactionId: `ext_${Date.now()}`, cardLastFour: "4242", cardBrand: "visa" })
      .returning();
    const unknown = await refund(owner.auth, foreign.id, { reason: "x" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(REFUNDS_TEXT.gatewayHasNoCharge);
    expect((await giftRow(foreign.id)).refundedCents).toBe(0);
  });
});

describe("void before settlement, refund after", () => {
  it("an unsettled card gift is voided whole; part of it is a 400 saying why", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const gift = await give(donor, { amount_cents: 4000 });
    const part = await refund(owner.auth, gift.id, { amountCents: 1000, reason: "Part" });
    expect(part.statusCode).toBe(400);
    expect(part.json().issues).toEqual([{ path: "body.amountCents", message: REFUNDS_TEXT.notSettledPartial }]);
    const whole = await refund(owner.auth, gift.id, { reason: "Wrong amount typed" });
    expect(whole.statusCode, whole.body).toBe(201);
    expect((whole.json() as RefundResponse).refund).toMatchObject({ method: "void", amountCents: 4000 });
    const [row] = await refundsOf(gift.id);
    expect(row.gatewayTransactionId).toMatch(/^sbx_vd_/);
  });
});

describe("refunds the gateway does not make are audited too (decision 0135)", () => {
  /** Runs `body` with the sandbox's refundCharge replaced by `stand`. */
  async function withRefundCharge<T>(stand: typeof t.deps.payments.refundCharge, body: () => Promise<T>): Promise<T> {
    const real = t.deps.payments.refundCharge;
    t.deps.payments.refundCharge = stand;
    try {
      return await body();
    } finally {
      t.deps.payments.refundCharge = real;
    }
  }
  const auditsOf = async (action: string, giftId: string) => (await t.db.select().from(auditLog).where(eq(auditLog.action, action))).filter((r) => r.detail.giftId === giftId);

  it("a decline (402) and an unreachable gateway (503) each write who, which gift, how much and the outcome; nothing is refunded; the retry's success is audited as done", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    await longSession(owner, donor);
    const gift = await settled(donor, { amount_cents: 8000 });

    const declined = await withRefundCharge(
      async () => ({ ok: false, reason: "The card account is closed." }),
      () => refund(owner.auth, gift.id, { amountCents: 2000, reason: "Asked for part back" }),
    );
    expect(declined.statusCode, declined.body).toBe(402);
    const key = newKey();
    const down = await withRefundCharge(
      async () => {
        throw new GatewayUnavailableError("stand-in: gateway down");
      },
      () => refund(owner.auth, gift.id, { amountCents: 3000, reason: "Second try" }, key),
    );
    expect(down.statusCode, down.body).toBe(503);
    expect((await giftRow(gift.id)).refundedCents).toBe(0);

    const failed = await auditsOf("giving.refund.failed", gift.id);
    expect(failed.map((r) => r.detail.outcome).sort()).toEqual(["declined", "gateway-unavailable"]);
    for (const r of failed) {
      expect(r.actorId).toBe(owner.user.id);
      expect(r.actorName).toContain(owner.user.email);
      expect(r.createdAt).toBeInstanceOf(Date);
      expect(r.detail).toMatchObject({ giftId: gift.id, donorId: donor.user.id, method: "refund", refundedCents: 0 });
    }
    expect(failed.find((r) => r.detail.outcome === "declined")!.detail).toMatchObject({ status: 402, amountCents: 2000, reason: "Asked for part back", gatewayReason: "The card account is closed." });
    expect(failed.find((r) => r.detail.outcome === "gateway-unavailable")!.detail).toMatchObject({ status: 503, amountCents: 3000, reason: "Second try", gatewayReason: null });
    expect(await auditsOf("giving.refund", gift.id)).toHaveLength(0);

    // The retry with the same key once the gateway is back: refunded, and audited as completed.
    const retried = await refund(owner.auth, gift.id, { amountCents: 3000, reason: "Second try" }, key);
    expect(retried.statusCode, retried.body).toBe(201);
    const [done, ...more] = await auditsOf("giving.refund", gift.id);
    expect(more).toHaveLength(0);
    expect(done!.detail).toMatchObject({ outcome: "completed", amountCents: 3000, refundedCents: 3000 });
    expect(await auditsOf("giving.refund.failed", gift.id)).toHaveLength(2);
  });
});

describe("the Idempotency-Key", () => {
  it("the same key twice is one refund with the same answer; the same key with another body is 409", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    await longSession(owner, donor);
    const gift = await settled(donor, { amount_cents: 6000 });
    const key = newKey();
    const [a, b] = await Promise.all([refund(owner.auth, gift.id, { amountCents: 1500, reason: "Once" }, key), refund(owner.auth, gift.id, { amountCents: 1500, reason: "Once" }, key)]);
    const c = await refund(owner.auth, gift.id, { amountCents: 1500, reason: "Once" }, key);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(c.json()).toEqual(a.json());
    expect(await refundsOf(gift.id)).toHaveLength(1);
    expect((await giftRow(gift.id)).refundedCents).toBe(1500);
    expect((await refund(owner.auth, gift.id, { amountCents: 1600, reason: "Once" }, key)).statusCode).toBe(409);
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, donor.user.email))).filter((e) => e.subject.includes("refunded"))).toHaveLength(1);
  });
});

describe("what the donor and the church see", () => {
  it("the donor is emailed in their language in the refund's transaction, the refund is audited, and history, statement and totals show it", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("MEMBER", { firstName: "Lydia" })]);
    await longSession(owner, donor);
    await t.db.update(users).set({ locale: "es" }).where(eq(users.id, donor.user.id));
    const gift = await settled(donor, { amount_cents: 8000 });
    const year = Number(new Date(Date.now() - (SANDBOX_SETTLEMENT_HOURS + 1) * 3_600_000).toLocaleDateString("en-CA", { timeZone: t.deps.church.timeZone }).slice(0, 4));
    const totalsBefore = (await get(owner.auth, "/api/admin/giving/totals")).json() as GivingTotals;
    const res = await refund(owner.auth, gift.id, { amountCents: 2500, reason: "Pidió parte de vuelta" });
    expect(res.statusCode, res.body).toBe(201);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, donor.user.email));
    const mail = mails.find((e) => e.subject.includes("reembolsó"));
    expect(mail?.subject).toBe(`${t.deps.church.name} reembolsó $25.00 de su ofrenda`);
    expect(mail?.text).toContain("Pidió parte de vuelta");
    expect(mail?.text).toContain("$55.00"); // the gift now counts as
    expect(mail?.text).toContain("Lydia");

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "giving.refund")).orderBy(auditLog.createdAt);
    expect(entry).toBeDefined();
    const mine = (await t.db.select().from(auditLog).where(eq(auditLog.action, "giving.refund"))).filter((a) => a.detail.giftId === gift.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ actorId: owner.user.id, detail: expect.objectContaining({ amountCents: 2500, method: "refund", donorId: donor.user.id }) });

    const history = (await get(donor.auth, "/api/giving/history")).json() as GivingHistoryEntry[];
    expect(history.find((h) => h.id === gift.id)).toMatchObject({ amountCents: 8000, refundedCents: 2500, status: "COMPLETED" });

    const statement = (await get(donor.auth, `/api/giving/statement?year=${year}`)).json() as GivingStatement;
    expect(statement.gifts.find((g) => g.id === gift.id)).toMatchObject({ amountCents: 8000, refundedCents: 2500 });
    expect(statement.totalCents).toBe(statement.gifts.reduce((s, g) => s + g.amountCents - g.refundedCents, 0));
    expect(statement.totalCents).toBe(5500);

    const totalsAfter = (await get(owner.auth, "/api/admin/giving/totals")).json() as GivingTotals;
    expect(totalsAfter.totalCents).toBe(totalsBefore.totalCents - 2500);
  });

  it("a refund still pending at the gateway is shown apart from the done ones, in the ledger and on the donor's page", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("MEMBER", { firstName: "Priscilla", lastName: "Pontus" })]);
    await longSession(owner, donor);
    const gift = await settled(donor, { amount_cents: 9000 });
    expect((await refund(owner.auth, gift.id, { amountCents: 1000, reason: "Part back" })).statusCode).toBe(201);
    // A refund the gateway holds: reserved (its cents counted on the gift) and not answered yet, as refundGift leaves it
    // while the gateway is asked, or after a crash until the retry with its key.
    await t.db.transaction(async (tx) => {
      await tx.insert(giftRefunds).values({ giftId: gift.id, amountCents: 1500, reason: "Held", method: "refund", status: "pending", actorId: owner.user.id, actorName: "Owner", requestKey: `held-${gift.id}` });
      await tx.update(gifts).set({ refundedCents: 2500 }).where(eq(gifts.id, gift.id));
    });
    const ledger = (await get(owner.auth, `/api/admin/giving/gifts?q=pontus`)).json() as LedgerPage;
    expect(ledger.gifts.find((g) => g.id === gift.id)).toMatchObject({ refundedCents: 2500, pendingRefundCents: 1500, refundableCents: 6500 });
    const donorPage = (await get(owner.auth, `/api/admin/giving/donors/${donor.user.id}`)).json() as { gifts: LedgerPage["gifts"] };
    expect(donorPage.gifts.find((g) => g.id === gift.id)).toMatchObject({ refundedCents: 2500, pendingRefundCents: 1500 });
    // The CSV's Refunded is what was given back: the completed $10.00, not the $15.00 still at the gateway (decision 0135).
    const csvRefunded = async () => {
      const res = await get(owner.auth, "/api/admin/giving/export.csv?from=2000-01-01&to=2100-12-31");
      expect(res.statusCode).toBe(200);
      const row = (parse(res.body, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[]).find((r) => r["Gift ID"] === gift.id);
      expect(row, res.body.slice(0, 300)).toBeDefined();
      return row!.Refunded;
    };
    expect(await csvRefunded()).toBe("10.00");
    // Once it completes it is refunded like the others, and nothing is pending.
    await t.db.update(giftRefunds).set({ status: "completed" }).where(eq(giftRefunds.requestKey, `held-${gift.id}`));
    const after = (await get(owner.auth, `/api/admin/giving/gifts?q=pontus`)).json() as LedgerPage;
    expect(after.gifts.find((g) => g.id === gift.id)).toMatchObject({ refundedCents: 2500, pendingRefundCents: 0 });
    expect(await csvRefunded()).toBe("25.00");
  });

  it("the dashboard's Given This Week is net of refunds", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const before = ((await get(owner.auth, "/api/admin/analytics")).json() as { givingTotal: number }).givingTotal;
    const gift = await give(donor, { amount_cents: 1234 });
    expect(((await get(owner.auth, "/api/admin/analytics")).json() as { givingTotal: number }).givingTotal).toBeCloseTo(before + 12.34, 2);
    expect((await refund(owner.auth, gift.id, { reason: "Void" })).statusCode).toBe(201);
    expect(((await get(owner.auth, "/api/admin/analytics")).json() as { givingTotal: number }).givingTotal).toBeCloseTo(before, 2);
  });
});

describe("gifts with no card", () => {
  it("a gift from the wallet goes back to the wallet (a refund transaction), with no gateway", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    await t.db.insert(wallets).values({ userId: donor.user.id, balanceCents: 3000 });
    const given = await t.app.inject({ method: "POST", url: "/api/wallet/give", headers: { ...donor.auth, "idempotency-key": newKey() }, payload: { amountCents: 2000 } });
    expect(given.statusCode, given.body).toBe(201);
    const giftId = (given.json() as { gift: { id: string } }).gift.id;
    const res = await refund(owner.auth, giftId, { amountCents: 1500, reason: "Wrong fund" });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as RefundResponse).refund.method).toBe("wallet");
    const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, donor.user.id));
    expect(w.balanceCents).toBe(1000 + 1500);
    const credits = await t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, donor.user.id), eq(walletTransactions.type, "refund")));
    expect(credits.map((c) => [c.amountCents, c.status])).toEqual([[1500, "completed"]]);
    const [row] = await refundsOf(giftId);
    expect(row).toMatchObject({ walletTransactionId: credits[0].id, gatewayTransactionId: null });
    // The wallet's own list shows it as a credit.
    const list = (await get(donor.auth, "/api/wallet/transactions?type=refund")).json() as { transactions?: { amountCents: number }[] } | { amountCents: number }[];
    expect(JSON.stringify(list)).toContain("1500");
  });

  it("a gift with no gateway and no wallet (cash, check) is recorded as refunded with no gateway call", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const fund = await defaultFund(t.db);
    const [cash] = await t.db.insert(gifts).values({ userId: donor.user.id, amountCents: 5000, fundId: fund.id, status: "COMPLETED" }).returning();
    const res = await refund(owner.auth, cash.id, { amountCents: 5000, reason: "Returned the check" });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as RefundResponse).refund.method).toBe("manual");
    const [row] = await refundsOf(cash.id);
    expect(row).toMatchObject({ status: "completed", gatewayTransactionId: null, walletTransactionId: null });
    const mail = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, donor.user.email))).find((e) => e.subject.includes("refunded"));
    expect(mail?.text).toContain("The church office returns it to you");
  });

  it("a batch donor without an account but with an email is emailed the refund through the outbox; one without an email is not", async () => {
    const owner = await t.signUp("OWNER");
    const today = new Date().toLocaleDateString("en-CA", { timeZone: t.deps.church.timeZone });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/admin/giving/batches",
      headers: { ...owner.auth, "idempotency-key": newKey() },
      payload: {
        date: today,
        lines: [
          { donor: { kind: "guest", name: "Cornelius Caesarea", email: "cornelius@example.org" }, amountCents: 4000, method: "check", checkNumber: "0042" },
          { donor: { kind: "guest", name: "Dorcas Joppa" }, amountCents: 1000, method: "cash" },
        ],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const batch = made.json() as { id: string; lines: { id: string }[] };
    expect((await t.app.inject({ method: "POST", url: `/api/admin/giving/batches/${batch.id}/close`, headers: owner.auth })).statusCode).toBe(200);
    const outbox0 = (await t.db.select().from(emailOutbox)).length;
    const res = await refund(owner.auth, batch.lines[0]!.id, { amountCents: 1500, reason: "Wrote the check twice" });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "cornelius@example.org"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${t.deps.church.name} refunded $15.00 of your gift`);
    expect(mails[0]!.text).toContain("Dear Cornelius Caesarea,");
    expect(mails[0]!.text).toContain("Wrote the check twice");
    expect(mails[0]!.text).toContain("The church office returns it to you");
    expect(mails[0]!.text).toContain("$25.00"); // the gift now counts as
    // The donor without an email: the refund is made, nobody is emailed.
    expect((await refund(owner.auth, batch.lines[1]!.id, { reason: "Counted twice" })).statusCode).toBe(201);
    expect((await t.db.select().from(emailOutbox)).length).toBe(outbox0 + 1);
  });

  it("a gift of a cash and check batch still open is the treasurer's draft: 409 until the batch is closed; an anonymous gift's refund emails nobody", async () => {
    const owner = await t.signUp("OWNER");
    const today = new Date().toLocaleDateString("en-CA", { timeZone: t.deps.church.timeZone });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/admin/giving/batches",
      headers: { ...owner.auth, "idempotency-key": newKey() },
      payload: { date: today, lines: [{ donor: { kind: "anonymous" }, amountCents: 2500, method: "cash" }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const batch = made.json() as { id: string; lines: { id: string }[] };
    const giftId = batch.lines[0]!.id;
    const outbox0 = (await t.db.select().from(emailOutbox)).length;
    const open = await refund(owner.auth, giftId, { reason: "Counted twice" });
    expect(open.statusCode, open.body).toBe(409);
    expect(open.json()).toMatchObject({ error: REFUNDS_TEXT.batchOpen });
    expect(await refundsOf(giftId)).toHaveLength(0);
    const closed = await t.app.inject({ method: "POST", url: `/api/admin/giving/batches/${batch.id}/close`, headers: owner.auth });
    expect(closed.statusCode, closed.body).toBe(200);
    const res = await refund(owner.auth, giftId, { reason: "Counted twice" });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as RefundResponse).refund).toMatchObject({ method: "manual", amountCents: 2500 });
    expect((await t.db.select().from(emailOutbox)).length).toBe(outbox0);
  });
});

describe("the ledger's date range", () => {
  it("a date that is not on the calendar is a 400, not a 500 (found by the hostile-input run: ?to=2026-02-30)", async () => {
    const owner = await t.signUp("OWNER");
    for (const url of ["/api/admin/giving/totals?to=2026-02-30", "/api/admin/giving/gifts?from=2026-13-01", "/api/admin/giving/totals?from=0000-01-01"]) {
      const res = await get(owner.auth, url);
      expect(res.statusCode, url).toBe(400);
    }
    expect((await get(owner.auth, "/api/admin/giving/totals?from=2024-02-29&to=2024-03-01")).statusCode).toBe(200);
  });
});

describe("the refund email in the admin outbox", () => {
  it("is hidden from staff without the finance permission (a donor and an amount), shown to the OWNER", async () => {
    const [owner, staff, donor] = await Promise.all([t.signUp("OWNER"), t.signUp("STAFF"), t.signUp()]);
    const gift = await give(donor, { amount_cents: 6789 });
    expect((await refund(owner.auth, gift.id, { reason: "Void it" })).statusCode).toBe(201);
    type Entry = { to: string; subject: string; text: string };
    const asStaff = (await get(staff.auth, "/api/admin/outbox")).json() as Entry[];
    expect(JSON.stringify(asStaff)).not.toContain(donor.user.email);
    expect(JSON.stringify(asStaff)).not.toContain("$67.89");
    const asOwner = (await get(owner.auth, "/api/admin/outbox")).json() as Entry[];
    expect(asOwner.some((e) => e.to === donor.user.email && e.subject === `${t.deps.church.name} refunded $67.89 of your gift`)).toBe(true);
  });
});
