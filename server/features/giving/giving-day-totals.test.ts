/**
 * The totals kept per church day, fund and method (issue 19; decision 0123) always equal a fresh
 * aggregate of `gifts`: after card gifts with the fee covered, wallet gifts, a recurring gift's
 * charge from the job, partial and whole refunds (a failed one given back), a batch entered,
 * changed (a line's amount, fund and method, a line removed, the date moved) and closed, a
 * declined card, raw SQL (a multi-row insert, a status change, a delete), concurrent gifts and
 * refunds on the same day and fund, and a change of the church's time zone (PATCH
 * /api/admin/church), which moves gifts between days. The fresh aggregate buckets each gift with
 * the app's own wall clock (contract/zoned-time.ts), so PostgreSQL's day and the app's agree too.
 * The totals route reads the table: a five-year range reads at most a row per day, fund and method.
 * The members who gave in each church year (gift_donor_years, decision 0132) are kept by the same
 * changes and checked against a fresh count the same way.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { funds, giftDayTotals, gifts } from "../../db/schema/giving";
import { sessions } from "../../db/schema/users";
import { giftDonorYearCounts, giftDonorYears } from "../../db/schema/statements";
import { zonedDate } from "../../../contract/zoned-time";
import { coverFeeCents } from "../../../contract/giving-fee";
import { runRecurringGifts } from "../../jobs/recurring-gifts";
import type { GiveResponse } from "../../../contract/giving";
import type { Batch } from "../../../contract/giving-batches";
import type { GivingTotalsReport } from "../../../contract/giving-ledger";

let fixedNow: Date | null = null;
const t = useMoneyTestApp({ now: () => fixedNow ?? new Date() });
type Who = Awaited<ReturnType<typeof t.signUp>>;
let k = 0;
const key = () => `day-totals-${Date.now()}-${++k}`;
const send = (who: Who, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...who.auth, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });

async function give(who: Who, over: Record<string, unknown> = {}) {
  const res = await send(who, "POST", "/api/giving/one-time", giveRequest(over as never), { "idempotency-key": key() });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as GiveResponse).gift;
}

/** A gift made two days ago (settled by then in the sandbox, so part of it can be refunded). */
async function giveSettled(who: Who, over: Record<string, unknown> = {}) {
  fixedNow = new Date(Date.now() - 49 * 3_600_000);
  try {
    return await give(who, over);
  } finally {
    fixedNow = null;
  }
}

/** The table, and the same sums worked out afresh from every gift with the app's wall clock. */
async function compare() {
  const tz = t.deps.church.timeZone;
  const fresh = new Map<string, { totalCents: number; feeCents: number; giftCount: number }>();
  for (const g of await t.db.select().from(gifts).where(eq(gifts.status, "COMPLETED"))) {
    const k = `${zonedDate(tz, g.createdAt)}|${g.fundId}|${g.method}`;
    const row = fresh.get(k) ?? { totalCents: 0, feeCents: 0, giftCount: 0 };
    row.totalCents += Math.max(g.amountCents - g.refundedCents, 0);
    row.feeCents += g.feeCents - Math.max(g.refundedCents - g.amountCents, 0);
    row.giftCount += 1;
    fresh.set(k, row);
  }
  const kept = new Map((await t.db.select().from(giftDayTotals)).map((r) => [`${r.day}|${r.fundId}|${r.method}`, { totalCents: Number(r.totalCents), feeCents: Number(r.feeCents), giftCount: r.giftCount }]));
  expect(Object.fromEntries([...kept].sort())).toEqual(Object.fromEntries([...fresh].sort()));
  // The members who gave in each church year, kept the same way for the statements page (decision 0132).
  const donorYears = new Map<string, number>();
  for (const g of await t.db.select().from(gifts).where(eq(gifts.status, "COMPLETED"))) {
    if (!g.userId) continue;
    const k = `${zonedDate(tz, g.createdAt).slice(0, 4)}|u:${g.userId}`;
    donorYears.set(k, (donorYears.get(k) ?? 0) + 1);
  }
  const keptYears = new Map((await t.db.select().from(giftDonorYears)).map((r) => [`${r.year}|${r.donorKey}`, r.giftCount]));
  expect(Object.fromEntries([...keptYears].sort())).toEqual(Object.fromEntries([...donorYears].sort()));
  // And their number per year (gift_donor_year_counts, decision 0140; no statements here: none delivered).
  const perYear: Record<string, number> = {};
  for (const k of donorYears.keys()) perYear[k.slice(0, 4)] = (perYear[k.slice(0, 4)] ?? 0) + 1;
  const keptPerYear = Object.fromEntries((await t.db.select().from(giftDonorYearCounts)).filter((r) => r.donors).map((r) => [String(r.year), r.donors]));
  expect(keptPerYear).toEqual(perYear);
  return kept.size;
}

describe("the day totals equal a fresh aggregate of the gifts", () => {
  it("after every kind of change, concurrent ones and a change of time zone included", async () => {
    const [owner, donor, other] = await Promise.all([t.signUp("OWNER"), t.signUp(), t.signUp()]);
    await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") });
    await t.authSettled();
    const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    const made = await send(owner, "POST", "/api/giving/funds", { name: { en: "Building", es: "Edificio" } });
    expect(made.statusCode, made.body).toBe(201);
    const building = (made.json() as { id: string }).id;
    expect((await t.app.inject({ method: "PUT", url: "/api/giving/fee", headers: owner.auth, payload: { percentBps: 290, fixedCents: 30 } })).statusCode).toBe(200);

    // Card gifts (one with the fee covered, one to another fund) and a declined card.
    const a = await giveSettled(donor, { amount_cents: 10_000, fee_cents: coverFeeCents(10_000, { percentBps: 290, fixedCents: 30 }) });
    const b = await give(other, { amount_cents: 2_500, fund_id: building });
    await send(donor, "POST", "/api/giving/one-time", giveRequest({ amount_cents: 777 } as never, { card_number: "4000 0000 0000 0002" } as never), { "idempotency-key": key() });
    expect(await compare()).toBeGreaterThan(0);

    // A recurring gift: its first charge now, the next one from the job a week later.
    const rec = await send(donor, "POST", "/api/giving/recurring", giveRequest({ amount_cents: 1_500, is_recurring: true, frequency: "weekly" } as never), { "idempotency-key": key() });
    expect(rec.statusCode, rec.body).toBe(201);
    fixedNow = new Date(Date.now() + 7 * 86_400_000 + 3_600_000);
    try {
      await runRecurringGifts(t.deps);
    } finally {
      fixedNow = null;
    }
    expect((await t.db.select().from(gifts).where(eq(gifts.recurringGiftId, (rec.json() as GiveResponse).recurring!.id))).length).toBe(2);
    await compare();

    // Refunds: part of one gift (its fee kept), the whole of another (its day keeps the count, not the money).
    const refund = (id: string, payload: Record<string, unknown>) => send(owner, "POST", `/api/admin/giving/gifts/${id}/refund`, payload, { "idempotency-key": key() });
    const partBack = await refund(a.id, { amountCents: 4_000, reason: "Asked for part back" });
    expect(partBack.statusCode, partBack.body).toBe(201);
    const allBack = await refund(b.id, { reason: "Gave twice" });
    expect(allBack.statusCode, allBack.body).toBe(201);
    await compare();

    // A batch: entered, changed (amount, fund and method of a line; a line removed; the date moved), closed.
    const batch = (
      await send(
        owner,
        "POST",
        "/api/admin/giving/batches",
        {
          date: zonedDate(t.deps.church.timeZone, new Date(Date.now() - 3 * 86_400_000)),
          lines: [
            { donor: { kind: "anonymous" }, amountCents: 1_000, method: "cash" },
            { donor: { kind: "member", userId: donor.user.id }, amountCents: 2_000, method: "check", checkNumber: "0012" },
            { donor: { kind: "guest", name: "Zacchaeus Jericho", email: "zac@example.org" }, amountCents: 3_000, method: "cash" },
          ],
        },
        { "idempotency-key": key() },
      )
    ).json() as Batch;
    await compare();
    const [l0, l1, l2] = batch.lines;
    const changed = await send(
      owner,
      "PATCH",
      `/api/admin/giving/batches/${batch.id}`,
      {
        date: zonedDate(t.deps.church.timeZone, new Date(Date.now() - 40 * 86_400_000)),
        change: [{ id: l1!.id, donor: { kind: "member", userId: donor.user.id }, amountCents: 2_222, method: "cash", fundId: building }],
        remove: [l2!.id],
        add: [{ donor: { kind: "anonymous" }, amountCents: 50, method: "check", checkNumber: "7" }],
      },
      { "idempotency-key": key() },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(l0).toBeTruthy();
    await compare();
    expect((await send(owner, "POST", `/api/admin/giving/batches/${batch.id}/close`)).statusCode).toBe(200);
    await compare();

    // Raw SQL, as a seed or a bench writes: many rows in one statement, a status change, a delete.
    await t.db.insert(gifts).values(
      Array.from({ length: 40 }, (_, i) => ({
        userId: other.user.id,
        fundId: i % 2 ? building : general!.id,
        amountCents: 100 + i,
        feeCents: i % 3,
        status: "COMPLETED" as const,
        method: (i % 4 ? "card" : "wallet") as "card" | "wallet",
        createdAt: new Date(Date.UTC(2024, 0, 1, i)),
      })),
    );
    await compare();
    await t.db.execute(sql`update gifts set status = 'FAILED' where user_id = ${other.user.id}::uuid and amount_cents = 101`);
    await t.db.execute(sql`update gifts set refunded_cents = amount_cents + fee_cents where user_id = ${other.user.id}::uuid and amount_cents = 102`);
    await t.db.execute(sql`update gifts set created_at = created_at - interval '1 year', fund_id = ${general!.id}::uuid where user_id = ${other.user.id}::uuid and amount_cents between 110 and 120`);
    await t.db.execute(sql`delete from gifts where user_id = ${other.user.id}::uuid and amount_cents > 130`);
    // A gift moved to another member (the statements' donors follow it).
    await t.db.execute(sql`update gifts set user_id = ${donor.user.id}::uuid where user_id = ${other.user.id}::uuid and amount_cents = 103`);
    // A receipt marked sent moves no money.
    await t.db.execute(sql`update gifts set receipt_sent_at = now()`);
    await compare();

    // Concurrent: gifts and refunds on the same day and fund at once (on PostgreSQL, each its own transaction).
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => giveSettled(i % 2 ? donor : other, { amount_cents: 1_000 + i })));
    await Promise.all([
      ...many.map((g) => refund(g.id, { amountCents: 100, reason: "Part back" })),
      ...Array.from({ length: 4 }, () => give(donor, { amount_cents: 333 })),
      refund(a.id, { amountCents: 500, reason: "More back" }),
    ]);
    await compare();

    // The church moves to another time zone: the days are rebuilt in the same transaction.
    const before = (await send(owner, "GET", "/api/admin/giving/totals?from=2023-12-01&to=2024-01-31&group=month")).json() as GivingTotalsReport;
    const moved = await send(owner, "PATCH", "/api/admin/church", { timeZone: "Asia/Tokyo" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(t.deps.church.timeZone).toBe("Asia/Tokyo");
    await compare();
    // The gifts written at 00:00-04:00 UTC on 1 January 2024 and their year-earlier copies were on the
    // evening before in New York; in Tokyo they are on 1 January: December loses them to January.
    const after = (await send(owner, "GET", "/api/admin/giving/totals?from=2023-12-01&to=2024-01-31&group=month")).json() as GivingTotalsReport;
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.periods[0]!.count).toBeLessThan(before.periods[0]!.count);
    await send(owner, "PATCH", "/api/admin/church", { timeZone: "America/New_York" });
    await compare();
  });

  it("a five-year range reads at most a row per day, fund and method, and never the gifts", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const fundIds = (await t.db.select({ id: funds.id }).from(funds)).map((f) => f.id).slice(0, 2);
    // 2010-2014 (no other gift there): three gifts on every tenth day, in each of two funds.
    const rows = [];
    for (let day = 0; day < 5 * 365; day += 10)
      for (const fundId of fundIds)
        for (let i = 0; i < 3; i++)
          rows.push({ userId: donor.user.id, fundId, amountCents: 100 + i, status: "COMPLETED" as const, method: "card" as const, createdAt: new Date(Date.UTC(2010, 0, 1, 17) + day * 86_400_000) });
    await t.db.insert(gifts).values(rows);
    const buckets = rows.length / 3;
    const plan = await t.db.execute(
      sql`explain (analyze, format json) select width_bucket(day, '{2010-01-01,2011-01-01,2012-01-01,2013-01-01,2014-01-01}'::date[]), fund_id, sum(total_cents), sum(fee_cents), sum(gift_count) from gift_day_totals where day >= '2010-01-01' and day <= '2014-12-31' group by 1, 2`,
    );
    const text = JSON.stringify((((plan as { rows?: unknown }).rows ?? plan) as { "QUERY PLAN": unknown }[])[0]!["QUERY PLAN"]);
    expect(text).toMatch(/"Relation Name":"gift_day_totals"/);
    expect(text).not.toMatch(/"Relation Name":"gifts"/);
    const scanned = [...text.matchAll(/"Actual Rows":(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...scanned)).toBe(buckets);
    // The route answers the same sums as the gifts.
    const res = await t.app.inject({ method: "GET", url: "/api/admin/giving/totals?from=2010-01-01&to=2014-12-31", headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as GivingTotalsReport;
    expect(report.periods).toHaveLength(60);
    expect(report.count).toBe(rows.length);
    expect(report.totalCents).toBe(rows.reduce((s, r) => s + r.amountCents, 0));
    await compare();
  });
});
