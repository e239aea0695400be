/**
 * The members' counts of a year's statement page, kept by the database (gift_donor_year_counts,
 * decision 0140), always equal a fresh count: per church year, the members with a completed gift
 * (`donors`) and those of them with a statement delivery of the year (`delivered`). Checked after
 * gifts inserted (many rows at once, over years), failed and refunded and completed again, moved
 * to another member and another year, deleted; deliveries written before and after their donor's
 * gifts, retried (deleted), and a run deleted (its deliveries with it); a gift and a delivery in
 * one transaction; a change of the church's time zone; truncates. The page's answer (GET
 * /api/admin/giving/statements/:year) is the fresh count too, with a donor without an account.
 * On PostgreSQL, a donor's first gift of a year and their statement written at once by two
 * transactions are counted once, in either order.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { useMoneyTestApp } from "../../testing/money-test-app";
import { funds, gifts } from "../../db/schema/giving";
import { giftDonorYearCounts, statementDeliveries, statementRuns } from "../../db/schema/statements";
import { givingBatches } from "../../db/schema/giving-batches";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { zonedDate } from "../../../contract/zoned-time";
import type { StatementRun } from "../../../contract/giving-statements";

const t = useMoneyTestApp({ now: () => new Date("2026-02-10T15:00:00Z") });

let n = 0;
const member = async () => (await t.insertUser(`year-counts-${++n}-${Date.now()}@example.org`, "MEMBER")).id;
const generalFund = async () => (await t.db.select().from(funds).where(eq(funds.isDefault, true)))[0]!.id;

/** Completed gifts of `userId` at the given instants (one statement). */
async function giveAt(userId: string, ...at: string[]) {
  const fundId = await generalFund();
  return t.db
    .insert(gifts)
    .values(at.map((a, i) => ({ userId, fundId, amountCents: 1_000 + i, status: "COMPLETED" as const, createdAt: new Date(a) })))
    .returning({ id: gifts.id });
}

async function run(year: number) {
  await t.db.insert(statementRuns).values({ year }).onConflictDoNothing();
}
async function deliver(year: number, ...donorKeys: string[]) {
  await run(year);
  await t.db.insert(statementDeliveries).values(donorKeys.map((donorKey) => ({ year, donorKey, outcome: "sent" as const, totalCents: 1 })));
}

/** Per year: the kept counts (years with nothing left out), and the same counted afresh. */
async function compare() {
  const tz = t.deps.church.timeZone;
  const donorYears = new Set<string>();
  for (const g of await t.db.select().from(gifts).where(eq(gifts.status, "COMPLETED"))) {
    if (g.userId) donorYears.add(`${zonedDate(tz, g.createdAt).slice(0, 4)}|u:${g.userId}`);
  }
  const delivered = new Set((await t.db.select().from(statementDeliveries)).map((d) => `${d.year}|${d.donorKey}`));
  const fresh: Record<string, { donors: number; delivered: number }> = {};
  for (const k of donorYears) {
    const year = k.slice(0, 4);
    fresh[year] ??= { donors: 0, delivered: 0 };
    fresh[year].donors += 1;
    if (delivered.has(k)) fresh[year].delivered += 1;
  }
  const kept: Record<string, { donors: number; delivered: number }> = {};
  for (const r of await t.db.select().from(giftDonorYearCounts)) {
    if (r.donors || r.delivered) kept[String(r.year)] = { donors: r.donors, delivered: r.delivered };
  }
  expect(kept).toEqual(fresh);
  return fresh;
}

describe("the members' counts of each year equal a fresh count", () => {
  it("after gifts and deliveries change in every way", async () => {
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    // Many rows at once, over three years (the first two at New Year's Eve in New York: 2024 there).
    await giveAt(a, "2025-01-01T03:00:00Z", "2025-03-01T12:00:00Z", "2025-06-01T12:00:00Z", "2024-05-01T12:00:00Z");
    await giveAt(b, "2025-04-01T12:00:00Z", "2023-04-01T12:00:00Z");
    expect(await compare()).toEqual({ "2023": { donors: 1, delivered: 0 }, "2024": { donors: 1, delivered: 0 }, "2025": { donors: 2, delivered: 0 } });

    // Deliveries: of donors (before and after their gifts), of a member who gave nothing that year, of a guest.
    await deliver(2025, `u:${a}`, `u:${c}`, "e:guest@example.org");
    expect((await compare())["2025"]).toEqual({ donors: 2, delivered: 1 });
    await giveAt(c, "2025-07-01T12:00:00Z");
    expect((await compare())["2025"]).toEqual({ donors: 3, delivered: 2 });

    // Failed, refunded (whole: the gift still counts, as the statement lists it), completed again.
    await t.db.execute(sql`update gifts set status = 'FAILED' where user_id = ${a}::uuid`);
    expect((await compare())["2025"]).toEqual({ donors: 2, delivered: 1 });
    await t.db.execute(sql`update gifts set status = 'COMPLETED', refunded_cents = amount_cents where user_id = ${a}::uuid`);
    expect((await compare())["2025"]).toEqual({ donors: 3, delivered: 2 });
    await t.db.execute(sql`update gifts set status = 'REFUNDED' where user_id = ${c}::uuid`);
    await compare();

    // A gift moved to another member, and to another year; a receipt moves nothing.
    await t.db.execute(sql`update gifts set user_id = ${d}::uuid where user_id = ${b}::uuid and created_at > '2025-01-01'`);
    await deliver(2025, `u:${d}`);
    await compare();
    await t.db.execute(sql`update gifts set created_at = created_at + interval '1 year' where user_id = ${d}::uuid`);
    await compare();
    await t.db.execute(sql`update gifts set user_id = ${b}::uuid, created_at = created_at - interval '1 year' where user_id = ${d}::uuid`);
    await t.db.execute(sql`update gifts set receipt_sent_at = now()`);
    await compare();

    // Deletes: a donor's gifts of a year, a failed delivery retried (deleted), then a run deleted (its deliveries with it).
    await t.db.execute(sql`delete from gifts where user_id = ${a}::uuid and created_at > '2025-02-01'`);
    await compare();
    await t.db.execute(sql`update statement_deliveries set outcome = 'failed', error = 'x' where donor_key = ${`u:${a}`}`);
    await t.db.execute(sql`delete from statement_deliveries where outcome = 'failed'`);
    await compare();
    await deliver(2024, `u:${a}`, `u:${b}`);
    await t.db.delete(statementRuns).where(eq(statementRuns.year, 2025));
    expect((await compare())["2025"]!.delivered).toBe(0);
    expect((await compare())["2024"]).toEqual({ donors: 1, delivered: 1 });

    // In one transaction: a first gift of the year and its delivery; a delivery and then its donor's gifts removed.
    const e = await member();
    await run(2025);
    const fundId = await generalFund();
    await t.db.transaction(async (tx) => {
      await tx.insert(gifts).values({ userId: e, fundId, amountCents: 500, status: "COMPLETED", createdAt: new Date("2025-09-09T12:00:00Z") });
      await tx.insert(statementDeliveries).values({ year: 2025, donorKey: `u:${e}`, outcome: "sent", totalCents: 500 });
    });
    expect((await compare())["2025"]!.delivered).toBe(1);
    await t.db.transaction(async (tx) => {
      await tx.insert(statementDeliveries).values({ year: 2025, donorKey: `u:${b}`, outcome: "skipped", totalCents: 0 });
      await tx.execute(sql`delete from gifts where user_id = ${e}::uuid`);
      await tx.execute(sql`insert into gifts (user_id, fund_id, amount_cents, status, created_at) values (${e}::uuid, ${fundId}::uuid, 1, 'COMPLETED', '2025-10-10T12:00:00Z')`);
    });
    await compare();

    // The church moves to another time zone: gifts at New Year move between years (gift_donor_years rebuilt).
    const owner = await t.signUp("OWNER");
    const moved = await t.app.inject({ method: "PATCH", url: "/api/admin/church", headers: owner.auth, payload: { timeZone: "Asia/Tokyo" } });
    expect(moved.statusCode, moved.body).toBe(200);
    await compare();
    await t.app.inject({ method: "PATCH", url: "/api/admin/church", headers: owner.auth, payload: { timeZone: "America/New_York" } });
    await compare();

    // The page: the members' counts and a guest's (a batch line's email, counted from the gifts), the delivered ones not remaining.
    const [batch] = await t.db.insert(givingBatches).values({ date: "2025-12-07", createdBy: owner.user.id }).returning();
    const [guestGift] = await t.db.insert(gifts).values({ fundId: await generalFund(), batchId: batch!.id, amountCents: 700, status: "COMPLETED", method: "cash", createdAt: new Date("2025-12-07T15:00:00Z") }).returning();
    await t.db.insert(givingBatchLines).values({ batchId: batch!.id, giftId: guestGift!.id, position: 1, donorName: "Guest", donorEmail: "guest@example.org" });
    const fresh = (await compare())["2025"]!;
    const page = (await t.app.inject({ method: "GET", url: "/api/admin/giving/statements/2025", headers: owner.auth })).json() as StatementRun;
    expect({ donors: page.donors, remaining: page.remaining }).toEqual({ donors: fresh.donors + 1, remaining: fresh.donors - fresh.delivered + 1 });
    await deliver(2025, "e:guest@example.org");
    const after = (await t.app.inject({ method: "GET", url: "/api/admin/giving/statements/2025", headers: owner.auth })).json() as StatementRun;
    expect({ donors: after.donors, remaining: after.remaining }).toEqual({ donors: fresh.donors + 1, remaining: fresh.donors - fresh.delivered });

    // Truncates: rebuilt.
    await t.db.execute(sql`truncate statement_deliveries`);
    await compare();
    await t.db.execute(sql`truncate gift_donor_years`);
    await t.db.execute(sql`select koinonia_rebuild_gift_donor_years()`);
    await compare();
  });

  it("a year's page reads one kept row for its members, not the year's donors", async () => {
    const plan = (await t.db.execute(
      sql`explain select coalesce(sum(c.donors), 0) from gift_donor_year_counts c where c.year = 2025`,
    )) as unknown as { rows: Record<string, string>[] };
    const text = plan.rows.map((r) => Object.values(r)[0]).join("\n");
    expect(text).not.toContain("gift_donor_years");
  });
});

// Two real connections: PostgreSQL only (PGlite has one).
if (process.env.TEST_DATABASE_URL)
  describe("concurrent writes", () => {
    it("a donor's first gift of a year and their delivery, written at once by two transactions, count once (either order)", async () => {
      await run(2025);
      for (const giftFirst of [true, false]) {
        const donor = await member();
        const fundId = await generalFund();
        const first = new pg.Client({ connectionString: t.databaseUrl });
        const second = new pg.Client({ connectionString: t.databaseUrl });
        await Promise.all([first.connect(), second.connect()]);
        try {
          const gift = (c: pg.Client) => c.query("insert into gifts (user_id, fund_id, amount_cents, status, created_at) values ($1, $2, 100, 'COMPLETED', '2025-05-05T12:00:00Z')", [donor, fundId]);
          const delivery = (c: pg.Client) => c.query("insert into statement_deliveries (year, donor_key, outcome, total_cents) values (2025, $1, 'sent', 100)", [`u:${donor}`]);
          await first.query("begin");
          await (giftFirst ? gift(first) : delivery(first));
          await second.query("begin");
          // Waits for the first transaction's lock on the year's counts.
          let written = false;
          const waiting = (giftFirst ? delivery(second) : gift(second)).then(() => ((written = true), second.query("commit")));
          await new Promise((r) => setTimeout(r, 300));
          expect(written).toBe(false);
          await first.query("commit");
          await waiting;
        } finally {
          await Promise.all([first.end(), second.end()]);
        }
        await compare();
      }
    });
  });
