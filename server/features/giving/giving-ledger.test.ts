/**
 * The ledger's totals by week and month, a donor's page and the CSV export (issue 19; decision
 * 0122): exact cents per fund and per period, with week and month boundaries on the church's
 * clock (America/New_York) across both DST changes; keyset pages that never skip or repeat a gift
 * among thousands sharing a timestamp; the donor's years, recurring gifts and pages; the CSV
 * parsed back with a CSV library and checked against the database, formula cells neutralized;
 * who may call each route (member, STAFF and PASTOR without the finance permission 403; a
 * granted treasurer 200) and an audit row for every donor view and export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { giveRequest, createMoneyTestApp, useMoneyTestApp } from "../../testing/money-test-app";
import type { TestApp } from "../../testing/harness";
import { funds, gifts } from "../../db/schema/giving";
import { auditLog, users } from "../../db/schema/users";
import { ZLedgerGift, ZLedgerPage, type LedgerPage } from "../../../contract/giving-funds";
import { LEDGER_PAGE_DEFAULT, LEDGER_PAGE_MAX } from "../../../contract/giving-funds-text";
import { z } from "zod";
import { readLedgerPage } from "./list-ledger";
import type { DonorPage, GivingTotalsReport } from "../../../contract/giving-ledger";

const t = useMoneyTestApp();
type Auth = { authorization: string };
type Who = Awaited<ReturnType<TestApp["signUp"]>>;
const get = (auth: Auth, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { ...auth, ...headers } });
const auditRows = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

let owner: Who, pastor: Who, staff: Who, member: Who, treasurer: Who, donor: Who;
let general: string, missions: string;
let n = 0;

/** A gift written straight into the table at an exact instant (the API writes "now"). */
async function gift(at: string, amountCents: number, over: Partial<typeof gifts.$inferInsert> = {}) {
  n += 1;
  const [row] = await t.db
    .insert(gifts)
    .values({
      userId: donor.user.id,
      fundId: general,
      amountCents,
      status: "COMPLETED",
      gatewayTransactionId: `ledger-test-${n}`,
      cardLastFour: "4242",
      cardBrand: "Visa",
      receiptSentAt: new Date(at),
      createdAt: new Date(at),
      ...over,
      // The method follows the card, as the app writes it (a gift without a card was given from the wallet).
      method: (over.cardLastFour === null ? "wallet" : "card") as "card" | "wallet",
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  [owner, pastor, staff, member, treasurer, donor] = await Promise.all([
    t.signUp("OWNER"),
    t.signUp("PASTOR"),
    t.signUp("STAFF"),
    t.signUp(),
    t.signUp("MEMBER", { firstName: "Tabitha", lastName: "Treasurer" }),
    t.signUp("MEMBER", { firstName: "Lydia", lastName: "Thyatira" }),
  ]);
  const granted = await t.app.inject({ method: "PUT", url: `/api/admin/users/${treasurer.user.id}/finance`, headers: owner.auth, payload: { finance: true } });
  expect(granted.statusCode, granted.body).toBe(200);
  general = (await t.db.select().from(funds).where(eq(funds.isDefault, true)))[0]!.id;
  const created = await t.app.inject({ method: "POST", url: "/api/giving/funds", headers: pastor.auth, payload: { name: { en: "Missions", es: "Misiones" } } });
  expect(created.statusCode, created.body).toBe(201);
  missions = (created.json() as { id: string }).id;
});

describe("totals per fund and per week or month, on the church's clock", () => {
  beforeAll(async () => {
    // Autumn 2025 in New York: EDT (UTC-4) until 2 am on Sunday 2 November, then EST (UTC-5).
    await gift("2025-10-26T03:59:59Z", 9_000); // Sat 25 Oct 23:59:59 EDT: the day before the range
    await gift("2025-11-01T03:30:00Z", 1_001); // Fri 31 Oct 23:30 EDT: October, week of 26 Oct
    await gift("2025-11-01T04:30:00Z", 2_002, { fundId: missions }); // Sat 1 Nov 00:30 EDT: November, week of 26 Oct
    await gift("2025-11-02T04:30:00Z", 3_003); // Sun 2 Nov 00:30 EDT: week of 2 Nov (it starts 04:00Z)
    await gift("2025-11-09T04:30:00Z", 4_004, { feeCents: 120 }); // Sat 8 Nov 23:30 EST: still the week of 2 Nov
    await gift("2025-11-09T05:30:00Z", 505, { cardLastFour: null, cardBrand: null }); // Sun 9 Nov 00:30 EST: week of 9 Nov, from the wallet
    await gift("2025-11-03T15:00:00Z", 9_999, { status: "FAILED", gatewayTransactionId: null }); // declined: never counted
    await gift("2025-11-15T04:59:59Z", 7); // Fri 14 Nov 23:59:59 EST: the range's last second
    await gift("2025-11-15T05:00:00Z", 8_000); // Sat 15 Nov 00:00 EST: the day after the range
    // Spring 2025: EST until 2 am on Sunday 9 March, then EDT.
    await gift("2025-03-09T04:59:59Z", 100); // Sat 8 Mar 23:59:59 EST: week of 2 Mar
    await gift("2025-03-09T05:00:00Z", 200); // Sun 9 Mar 00:00 EST: week of 9 Mar
    await gift("2025-03-16T04:30:00Z", 500); // Sun 16 Mar 00:30 EDT: week of 16 Mar (a fixed EST offset would say the 15th)
    await gift("2025-04-01T03:59:59Z", 300); // Mon 31 Mar 23:59:59 EDT: March
    await gift("2025-04-01T04:00:00Z", 400); // Tue 1 Apr 00:00 EDT: April
  });

  it("sums exact cents per week (Sunday to Saturday) across the autumn change, empty of declined gifts and of the days outside", async () => {
    const res = await get(staff.auth, "/api/admin/giving/totals?from=2025-10-26&to=2025-11-14&group=week");
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as GivingTotalsReport;
    expect(r).toMatchObject({ from: "2025-10-26", to: "2025-11-14", group: "week", totalCents: 10_522, count: 6 });
    expect(r.periods.map((p) => [p.start, p.totalCents, p.count])).toEqual([
      ["2025-10-26", 3_003, 2],
      ["2025-11-02", 7_007, 2],
      ["2025-11-09", 512, 2],
    ]);
    expect(r.periods[0]!.funds).toEqual(
      expect.arrayContaining([
        { fundId: general, totalCents: 1_001, count: 1 },
        { fundId: missions, totalCents: 2_002, count: 1 },
      ]),
    );
    expect(r.periods[1]!.feeCents).toBe(120);
    expect(r.funds).toEqual([
      { fundId: general, fundName: "General Fund", totalCents: 8_520, feeCents: 120, count: 5 },
      { fundId: missions, fundName: "Missions", totalCents: 2_002, feeCents: 0, count: 1 },
    ]);
    // No donor in the staff's totals.
    expect(res.body).not.toMatch(/Lydia|Thyatira|@example\.org/);
  });

  it("sums per calendar month, and the periods always add up to the range", async () => {
    const r = (await get(pastor.auth, "/api/admin/giving/totals?from=2025-10-26&to=2025-11-14&group=month")).json() as GivingTotalsReport;
    expect(r.periods.map((p) => [p.start, p.totalCents])).toEqual([
      ["2025-10-01", 1_001],
      ["2025-11-01", 9_521],
    ]);
    expect(r.periods.reduce((s, p) => s + p.totalCents, 0)).toBe(r.totalCents);
  });

  it("cuts weeks and months where the church's clock says across the spring change", async () => {
    const weeks = (await get(staff.auth, "/api/admin/giving/totals?from=2025-03-02&to=2025-03-22&group=week")).json() as GivingTotalsReport;
    expect(weeks.periods.map((p) => [p.start, p.totalCents])).toEqual([
      ["2025-03-02", 100],
      ["2025-03-09", 200],
      ["2025-03-16", 500],
    ]);
    const months = (await get(staff.auth, "/api/admin/giving/totals?from=2025-03-01&to=2025-04-30&group=month")).json() as GivingTotalsReport;
    expect(months.periods.map((p) => [p.start, p.totalCents, p.count])).toEqual([
      ["2025-03-01", 1_100, 4],
      ["2025-04-01", 400, 1],
    ]);
  });

  it("filters by fund and by method; a range that starts mid-week keeps its week's start as the label", async () => {
    const byFund = (await get(staff.auth, `/api/admin/giving/totals?from=2025-10-26&to=2025-11-14&fundId=${missions}`)).json() as GivingTotalsReport;
    expect(byFund.totalCents).toBe(2_002);
    expect(byFund.funds.map((f) => f.fundName)).toEqual(["Missions"]);
    const wallet = (await get(staff.auth, "/api/admin/giving/totals?from=2025-10-26&to=2025-11-14&method=wallet")).json() as GivingTotalsReport;
    expect(wallet.totalCents).toBe(505);
    const card = (await get(staff.auth, "/api/admin/giving/totals?from=2025-10-26&to=2025-11-14&method=card")).json() as GivingTotalsReport;
    expect(card.totalCents).toBe(10_522 - 505);
    // From Wednesday 5 November: the first week is still "the week of 2 Nov", with only its days in the range.
    const mid = (await get(staff.auth, "/api/admin/giving/totals?from=2025-11-05&to=2025-11-14&group=week")).json() as GivingTotalsReport;
    expect(mid.periods.map((p) => [p.start, p.totalCents])).toEqual([
      ["2025-11-02", 4_004],
      ["2025-11-09", 512],
    ]);
  });

  it("groups by week up to 92 days and by month beyond, lists empty periods, and refuses a backwards or impossible range", async () => {
    const year = (await get(staff.auth, "/api/admin/giving/totals?from=2025-01-01&to=2025-12-31")).json() as GivingTotalsReport;
    expect(year.group).toBe("month");
    expect(year.periods).toHaveLength(12);
    expect(year.periods[0]).toEqual({ start: "2025-01-01", totalCents: 0, feeCents: 0, count: 0, funds: [] });
    expect(year.periods.reduce((s, p) => s + p.totalCents, 0)).toBe(year.totalCents);
    expect(year.totalCents).toBe(9_000 + 10_522 + 8_000 + 1_500);
    const short = (await get(staff.auth, "/api/admin/giving/totals?from=2025-11-01&to=2025-11-30")).json() as GivingTotalsReport;
    expect(short.group).toBe("week");

    const backwards = await get(staff.auth, "/api/admin/giving/totals?from=2025-11-14&to=2025-10-26");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ issues: [{ path: "query.from" }] });
    expect((await get(staff.auth, "/api/admin/giving/totals?from=2025-02-30&to=2025-03-02")).statusCode).toBe(400);
    for (const range of ["from=1899-12-31&to=1900-01-31", "from=9999-12-01&to=9999-12-31"]) {
      expect((await get(staff.auth, `/api/admin/giving/totals?${range}`)).statusCode, range).toBe(400);
      expect((await get(owner.auth, `/api/admin/giving/gifts?${range}`)).statusCode, range).toBe(400);
      expect((await get(owner.auth, `/api/admin/giving/export.csv?${range}`)).statusCode, range).toBe(400);
    }
    expect((await get(staff.auth, "/api/admin/giving/totals?from=2000-01-01&to=2025-12-31&group=week")).statusCode).toBe(400);
    expect((await get(member.auth, "/api/admin/giving/totals")).statusCode).toBe(403);
  });

  it("a treasurer who is not staff reads the totals and the funds (for the filters); a member without the permission does not", async () => {
    const totals = await get(treasurer.auth, "/api/admin/giving/totals?from=2025-10-26&to=2025-11-14");
    expect(totals.statusCode, totals.body).toBe(200);
    expect((totals.json() as GivingTotalsReport).totalCents).toBe(10_522);
    expect((await get(treasurer.auth, "/api/admin/giving/funds")).statusCode).toBe(200);
    for (const url of ["/api/admin/giving/totals", "/api/admin/giving/funds"]) expect((await get(member.auth, url)).statusCode).toBe(403);
  });
});

describe("a donor's page", () => {
  it("shows the donor's years on the church's calendar, recurring gifts and every gift in keyset pages, each page audited", async () => {
    const lois = await t.signUp("MEMBER", { firstName: "Lois", lastName: "Lystra" });
    const insert = (at: string, amountCents: number) =>
      t.db.insert(gifts).values({ userId: lois.user.id, fundId: general, amountCents, status: "COMPLETED", gatewayTransactionId: `lois-${at}`, cardLastFour: "4242", cardBrand: "Visa", receiptSentAt: new Date(at), createdAt: new Date(at) });
    await insert("2025-01-01T04:30:00Z", 111); // 31 Dec 2024, 23:30 EST: 2024
    await insert("2025-01-01T05:00:00Z", 222); // 1 Jan 2025, 00:00 EST: 2025
    await insert("2025-06-15T16:00:00Z", 333);
    const recurring = await t.app.inject({
      method: "POST",
      url: "/api/giving/recurring",
      headers: { ...lois.auth, "idempotency-key": "lois-recurring" },
      payload: giveRequest({ amount_cents: 5_000, is_recurring: true, frequency: "monthly" }),
    });
    expect(recurring.statusCode, recurring.body).toBe(201);

    const before = (await auditRows("giving.donor.view")).length;
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: DonorPage | null = null;
    do {
      const res = await get(treasurer.auth, `/api/admin/giving/donors/${lois.user.id}?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as DonorPage;
      first ??= page;
      seen.push(...page.gifts.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    // Three gifts written here and the recurring gift's first charge.
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    expect(first!.donor).toMatchObject({ id: lois.user.id, name: "Lois Lystra", email: lois.user.email, deleted: false });
    const thisYear = new Date().getUTCFullYear();
    expect(first!.years).toEqual([
      { year: thisYear, totalCents: 5_000, feeCents: 0, count: 1 },
      { year: 2025, totalCents: 555, feeCents: 0, count: 2 },
      { year: 2024, totalCents: 111, feeCents: 0, count: 1 },
    ]);
    expect(first!.recurring).toEqual([expect.objectContaining({ amountCents: 5_000, frequency: "monthly", status: "ACTIVE", fundName: "General Fund", cardLastFour: "4242" })]);
    const views = (await auditRows("giving.donor.view")).slice(before);
    expect(views).toHaveLength(2);
    expect(views.every((v) => v.actorId === treasurer.user.id && v.detail.userId === lois.user.id)).toBe(true);
  });

  it("is the OWNER's and the finance holders': member, STAFF and PASTOR get 403; an unknown donor is 404; neither is audited", async () => {
    const before = (await auditRows("giving.donor.view")).length;
    for (const who of [member, staff, pastor]) expect((await get(who.auth, `/api/admin/giving/donors/${donor.user.id}`)).statusCode).toBe(403);
    expect((await get(owner.auth, "/api/admin/giving/donors/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await get(owner.auth, "/api/admin/giving/donors/not-a-uuid")).statusCode).toBe(400);
    expect((await auditRows("giving.donor.view")).length).toBe(before);
    const res = await get(owner.auth, `/api/admin/giving/donors/${donor.user.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as DonorPage).years.find((y) => y.year === 2025)?.totalCents).toBe(9_000 + 10_522 + 8_000 + 1_500);
    expect((await auditRows("giving.donor.view")).length).toBe(before + 1);
  });
});

describe("keyset pages among gifts that share a timestamp", () => {
  it("the ledger pages through 2,500 gifts on three instants without skipping or repeating one", async () => {
    await t.db.execute(sql`
      insert into gifts (user_id, fund_id, amount_cents, status, gateway_transaction_id, card_last_four, card_brand, receipt_sent_at, created_at)
      select ${donor.user.id}::uuid, ${general}::uuid, 100 + n, 'COMPLETED', 'tie-' || n, '4242', 'Visa', now(),
             (array['2021-05-02T15:00:00Z', '2021-05-02T15:00:00.000001Z', '2021-05-09T15:00:00Z'])[1 + n % 3]::timestamptz
      from generate_series(1, 2500) n`);
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: LedgerPage = (await get(owner.auth, `/api/admin/giving/gifts?from=2021-05-01&to=2021-05-31&limit=200${cursor ? `&cursor=${cursor}` : ""}`)).json();
      ids.push(...page.gifts.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toHaveLength(2500);
    expect(new Set(ids).size).toBe(2500);
    // Without a limit, a page is what the app's ledger asks for: LEDGER_PAGE_DEFAULT lines, the newest first.
    const first: LedgerPage = (await get(owner.auth, "/api/admin/giving/gifts?from=2021-05-01&to=2021-05-31")).json();
    expect(first.gifts.map((g) => g.id)).toEqual(ids.slice(0, LEDGER_PAGE_DEFAULT));
    expect(first.nextCursor).not.toBeNull();
    expect((await get(owner.auth, `/api/admin/giving/gifts?limit=${LEDGER_PAGE_MAX + 1}`)).statusCode).toBe(400);
  });
});

describe("the ledger's lines, written by PostgreSQL (decision 0132)", () => {
  it("are the gifts as readLedgerPage's objects show them, every kind of gift, in both languages, on the default and a filtered page", async () => {
    // Every field of a line varies here: a member (names with edge spaces String#trim removes) and one
    // with no first name; a batch's guest with and without an email, anonymous cash, a member's check;
    // a recurring gift; a FAILED one; refunded in part with a refund still pending; a fund without a
    // Spanish name; a fee; microseconds that are cut to milliseconds.
    const [giver, blank] = await Promise.all([t.signUp("MEMBER", { firstName: "Ana" }), t.signUp("MEMBER", { firstName: "Bo" })]);
    await t.db.update(users).set({ firstName: "\u00a0Ana\t", lastName: "Ruth \u2003" }).where(eq(users.id, giver.user.id));
    await t.db.update(users).set({ firstName: "" }).where(eq(users.id, blank.user.id));
    const building = await t.app.inject({ method: "POST", url: "/api/giving/funds", headers: pastor.auth, payload: { name: { en: "Building" } } });
    const buildingId = (building.json() as { id: string }).id;
    const at = (day: number, us = 0) => sql`${`2019-06-${String(day).padStart(2, "0")}T15:00:00.${String(123000 + us).padStart(6, "0")}Z`}::timestamptz`;
    const ids = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    const [recurring] = await ids(sql`
      insert into recurring_gifts (user_id, amount_cents, fund_id, frequency, next_payment_date, anchor_day, gateway_profile_id, card_last_four, card_brand)
      values (${giver.user.id}, 2500, ${general}, 'monthly', '2019-07-01', 1, 'p-1', '4242', 'Visa') returning id`);
    const [refunded] = await ids(sql`
      insert into gifts (user_id, fund_id, amount_cents, fee_cents, refunded_cents, status, gateway_transaction_id, card_last_four, card_brand, method, created_at)
      values (${giver.user.id}, ${missions}, 10000, 320, 700, 'COMPLETED', 'lines-1', '4242', 'Visa', 'card', ${at(3, 999)}) returning id`);
    await t.db.execute(sql`
      insert into gift_refunds (gift_id, amount_cents, reason, method, status, actor_name, request_key)
      values (${refunded}, 300, 'r', 'refund', 'pending', 'x', 'lines-r1'), (${refunded}, 400, 'r', 'refund', 'completed', 'x', 'lines-r2')`);
    await t.db.execute(sql`
      insert into gifts (user_id, fund_id, amount_cents, status, gateway_transaction_id, card_last_four, card_brand, method, recurring_gift_id, created_at)
      values (${giver.user.id}, ${general}, 2500, 'COMPLETED', 'lines-2', '4242', 'Visa', 'card', ${recurring}, ${at(4, 1)}),
             (${giver.user.id}, ${buildingId}, 777, 'FAILED', null, '4242', 'Visa', 'card', null, ${at(5)}),
             (${blank.user.id}, ${buildingId}, 50, 'COMPLETED', 'lines-3', null, null, 'wallet', null, ${at(6, 456)})`);
    const [batch] = await ids(sql`insert into giving_batches (date, created_by) values ('2019-06-09', ${owner.user.id}) returning id`);
    const lines: [string | null, string, string | null, string | null, number][] = [
      [null, "cash", "Lydia \"the\" <Seller>", "lydia@example.org", 1],
      [null, "check", "Zacchaeus", null, 2],
      [null, "cash", null, null, 3],
      [giver.user.id, "check", null, null, 4],
    ];
    for (const [userId, method, name, email, k] of lines) {
      const [g] = await ids(sql`
        insert into gifts (user_id, fund_id, amount_cents, status, method, batch_id, created_at)
        values (${userId}, ${buildingId}, ${1000 * k}, 'COMPLETED', ${method}, ${batch}, ${at(9, k)}) returning id`);
      await t.db.execute(sql`
        insert into giving_batch_lines (gift_id, batch_id, position, check_number, donor_name, donor_email)
        values (${g}, ${batch}, ${k}, ${method === "check" ? `10${k}` : null}, ${name}, ${email})`);
    }

    const start = new Date("2019-06-01T04:00:00Z");
    const end = new Date("2019-07-01T04:00:00Z");
    for (const locale of ["en", "es"] as const) {
      const expected = (await readLedgerPage(t.db, and(gte(gifts.createdAt, start), lt(gifts.createdAt, end)), undefined, 100, locale)).gifts;
      expect(expected).toHaveLength(8);
      const asSent = JSON.stringify(z.array(ZLedgerGift).encode(expected));
      for (const filter of ["", "&status=COMPLETED", `&fundId=${buildingId}`, "&method=cash"]) {
        const res = await get(owner.auth, `/api/admin/giving/gifts?from=2019-06-01&to=2019-06-30&limit=100${filter}`, { "accept-language": locale });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        const page = res.json() as LedgerPage;
        const want = filter === "" ? asSent : JSON.stringify(z.array(ZLedgerGift).encode(expected.filter((g) => (filter.includes("status") ? g.status === "COMPLETED" : filter.includes("fundId") ? g.fundId === buildingId : g.method === "cash"))));
        // The same text as the objects through the response schema: fields, order, values.
        expect(JSON.stringify(page.gifts)).toBe(want);
        expect(ZLedgerPage.parse(page)).toEqual(page);
      }
    }
    const [first] = (await readLedgerPage(t.db, eq(gifts.id, refunded), undefined, 1, "es")).gifts;
    // Cut, not rounded, as a JS Date of the driver's text did before (the instant is .123999).
    expect(new Date("2019-06-03 15:00:00.123999+00").toISOString()).toBe("2019-06-03T15:00:00.123Z");
    expect(first).toMatchObject({ donor: { name: "Ana\t Ruth", email: giver.user.email }, fundName: "Misiones", refundedCents: 700, pendingRefundCents: 300, refundableCents: 9620, createdAt: "2019-06-03T15:00:00.123Z" });
  });
});

describe("the CSV export", () => {
  type Row = Record<string, string>;
  const csvOf = (body: string) => parse(body, { bom: true, columns: true, skip_empty_lines: true }) as Row[];

  it("streams every completed gift of the range, oldest first, as RFC 4180 CSV that matches the database", async () => {
    const res = await get(treasurer.auth, "/api/admin/giving/export.csv?from=2021-05-01&to=2025-12-31");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="giving-2021-05-01-to-2025-12-31.csv"');
    expect(res.body.startsWith("\uFEFFDate,Donor,Email,Fund,Method,Amount,Fee,Refunded,Transaction ID,Batch,Gift ID\r\n")).toBe(true);
    expect(res.body.replace(/\r\n/g, "")).not.toMatch(/\n/);
    const rows = csvOf(res.body);

    const start = new Date("2021-05-01T04:00:00Z"); // midnight EDT
    const end = new Date("2026-01-01T05:00:00Z"); // midnight EST after 31 Dec
    const expected = await t.db
      .select({ g: gifts, email: users.email, firstName: users.firstName, lastName: users.lastName, fund: funds.nameEn })
      .from(gifts)
      .innerJoin(users, eq(users.id, gifts.userId))
      .innerJoin(funds, eq(funds.id, gifts.fundId))
      .where(and(eq(gifts.status, "COMPLETED"), gte(gifts.createdAt, start), lt(gifts.createdAt, end)));
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBeGreaterThan(2500);
    const byId = new Map(expected.map((e) => [e.g.id, e]));
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    for (const row of rows) {
      const e = byId.get(row["Gift ID"]!);
      expect(e, row["Gift ID"]).toBeDefined();
      expect(row).toEqual({
        Date: new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(e!.g.createdAt),
        Donor: `${e!.firstName} ${e!.lastName}`,
        Email: e!.email,
        Fund: e!.fund,
        Method: ({ card: "Card", wallet: "Wallet", cash: "Cash", check: "Check", bank: "Bank transfer" } as const)[e!.g.method],
        Amount: dollars(e!.g.amountCents),
        Fee: dollars(e!.g.feeCents),
        Refunded: dollars(e!.g.refundedCents),
        "Transaction ID": e!.g.gatewayTransactionId ?? "",
        Batch: "",
        "Gift ID": e!.g.id,
      });
      byId.delete(row["Gift ID"]!);
    }
    expect(byId.size).toBe(0);
    // Oldest first; the day on the church's calendar (23:30 EST on 31 Dec 2024 is 2024).
    const dates = rows.map((r) => r.Date!);
    expect([...dates].sort()).toEqual(dates);
    expect(rows.find((r) => r["Transaction ID"] === "lois-2025-01-01T04:30:00Z")).toMatchObject({ Date: "2024-12-31", Amount: "1.11" });
    expect(rows.find((r) => r.Amount === "40.04")).toMatchObject({ Fee: "1.20", Date: "2025-11-08" });
  });

  it("neutralizes cells a spreadsheet would run as a formula, and quotes commas, quotes and line breaks", async () => {
    // Names as a member could type them on Profile (set here directly, whatever the form allows).
    const named = async (firstName: string, lastName: string) => {
      const who = await t.signUp();
      await t.db.update(users).set({ firstName, lastName }).where(eq(users.id, who.user.id));
      return who;
    };
    const sly = await named('=HYPERLINK("http://evil.test","x")', 'Smith, "Jr"');
    const plus = await named("+1", "Caller");
    const at = await named("@SUM(A1)", "");
    const minus = await named("-2", "Minus");
    const [fund] = await t.db.insert(funds).values({ nameEn: "=1+1 Fund" }).returning();
    let k = 0;
    for (const who of [sly, plus, at, minus]) {
      k += 1;
      await t.db.insert(gifts).values({ userId: who.user.id, fundId: fund!.id, amountCents: 1_000 + k, status: "COMPLETED", gatewayTransactionId: `@tx-${k}`, cardLastFour: "4242", cardBrand: "Visa", createdAt: new Date("2022-02-02T17:00:00Z") });
    }
    const res = await get(owner.auth, "/api/admin/giving/export.csv?from=2022-02-01&to=2022-02-28");
    expect(res.statusCode).toBe(200);
    const rows = csvOf(res.body);
    expect(rows.map((r) => r.Donor).sort()).toEqual(["'+1 Caller", "'-2 Minus", "'=HYPERLINK(\"http://evil.test\",\"x\") Smith, \"Jr\"", "'@SUM(A1)"]);
    expect(rows.every((r) => r.Fund === "'=1+1 Fund" && r["Transaction ID"]!.startsWith("'@tx-"))).toBe(true);
    // The raw text quotes the field with a comma and doubles its quotes (RFC 4180).
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") Smith, ""Jr"""`);
    // No cell of the file begins with a formula character.
    for (const r of rows) for (const cell of Object.values(r)) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("speaks the asker's language in its headings and methods", async () => {
    const res = await get(owner.auth, "/api/admin/giving/export.csv?from=2025-11-09&to=2025-11-09", { "accept-language": "es" });
    const rows = csvOf(res.body);
    expect(res.body.split("\r\n")[0]).toBe("\uFEFFFecha,Donante,Correo electrónico,Fondo,Método,Monto,Comisión,Reembolsado,ID de transacción,Lote,ID de ofrenda");
    expect(rows.find((r) => r.Monto === "5.05")?.["Método"]).toBe("Billetera");
  });

  it("is the OWNER's and the finance holders': member, STAFF and PASTOR get 403 and nothing is audited; each export is audited", async () => {
    const before = (await auditRows("giving.export")).length;
    for (const who of [member, staff, pastor]) expect((await get(who.auth, "/api/admin/giving/export.csv")).statusCode).toBe(403);
    expect((await get(owner.auth, "/api/admin/giving/export.csv?from=2025-12-01&to=2025-11-01")).statusCode).toBe(400);
    expect((await auditRows("giving.export")).length).toBe(before);
    const res = await get(treasurer.auth, "/api/admin/giving/export.csv?from=2025-11-01&to=2025-11-30");
    expect(res.statusCode).toBe(200);
    const rows = await auditRows("giving.export");
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorId: treasurer.user.id, detail: { from: "2025-11-01", to: "2025-11-30", format: "csv" } });
    // An empty range is the heading alone.
    const empty = await get(owner.auth, "/api/admin/giving/export.csv?from=1999-01-01&to=1999-01-31");
    expect(csvOf(empty.body)).toEqual([]);
    expect(empty.body).toBe("\uFEFFDate,Donor,Email,Fund,Method,Amount,Fee,Refunded,Transaction ID,Batch,Gift ID\r\n");
  });
});

describe("the export's limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createMoneyTestApp({ env: { RATE_LIMITS: "givingExport=2" } });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After once one finance holder has used the allowance; another is unaffected", async () => {
    const [a, b] = await Promise.all([limited.signUp("OWNER"), limited.signUp("OWNER")]);
    const call = (who: { auth: Auth }) => limited.app.inject({ method: "GET", url: "/api/admin/giving/export.csv", headers: who.auth });
    expect((await call(a)).statusCode).toBe(200);
    expect((await call(a)).statusCode).toBe(200);
    const third = await call(a);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(b)).statusCode).toBe(200);
  });
});
