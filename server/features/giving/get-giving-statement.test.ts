/**
 * The year-end giving statement (GET /api/giving/statement?year=YYYY): the member's own
 * COMPLETED gifts of one calendar year in the church's time zone, the total, the church's name
 * and address and the "no goods or services" line.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { sessions } from "../../db/schema/users";
import { formatAddress } from "../../../contract/church";
import { GIVING_TEXT, type GivingStatement } from "../../../contract/giving";
import { currentYear } from "./get-giving-statement";
import { dateInZone } from "./next-payment-date";

let fixedNow: Date | null = null;
const t = useMoneyTestApp({ now: () => fixedNow ?? new Date() });

type Auth = { authorization: string };
let n = 0;
async function giveAt(auth: Auth, iso: string, amount: number, opts: { card?: string; recurring?: boolean } = {}) {
  fixedNow = new Date(iso);
  const res = await t.app.inject({
    method: "POST",
    url: opts.recurring ? "/api/giving/recurring" : "/api/giving/one-time",
    headers: { ...auth, "idempotency-key": `st-${++n}` },
    payload: giveRequest({ amount_cents: amount, is_recurring: !!opts.recurring }, opts.card ? { card_number: opts.card } : {}),
  });
  fixedNow = null;
  return res.statusCode;
}
const statement = (auth: Auth | null, query = "") => t.app.inject({ method: "GET", url: `/api/giving/statement${query}`, headers: auth ?? {} });

describe("year-end giving statement", () => {
  it("lists the year's completed gifts by the church's calendar, with total, church and tax line", async () => {
    const m = await t.signUp("MEMBER", { firstName: "Lois", lastName: "Eunice" });
    await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
    await t.authSettled(); // the session cache hears of the new expiry
    // 23:30 on 31 Dec 2025 in Orlando (already 2026 in UTC): a 2025 gift.
    expect(await giveAt(m.auth, "2026-01-01T04:30:00Z", 1000)).toBe(201);
    // 00:30 on 1 Jan 2026 in Orlando: the first gift of 2026.
    expect(await giveAt(m.auth, "2026-01-01T05:30:00Z", 2000, { recurring: true })).toBe(201);
    expect(await giveAt(m.auth, "2026-06-15T16:00:00Z", 3050)).toBe(201);
    expect(await giveAt(m.auth, "2026-07-01T16:00:00Z", 9900, { card: "4000000000000002" })).toBe(402); // not a gift
    // 23:59 on 31 Dec 2026 in Orlando: still 2026.
    expect(await giveAt(m.auth, "2027-01-01T04:59:00Z", 500)).toBe(201);
    // 00:00 on 1 Jan 2027 in Orlando: 2027.
    expect(await giveAt(m.auth, "2027-01-01T05:00:00Z", 700)).toBe(201);

    const res = await statement(m.auth, "?year=2026");
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as GivingStatement;
    expect(s.gifts.map((g) => [g.date, g.amountCents, g.kind, g.paidWith])).toEqual([
      ["2026-01-01", 2000, "Monthly", "Visa ending 4242"],
      ["2026-06-15", 3050, "One-time", "Visa ending 4242"],
      ["2026-12-31", 500, "One-time", "Visa ending 4242"],
    ]);
    expect(s).toMatchObject({
      year: 2026,
      totalCents: 5550,
      church: { name: t.deps.church.name, address: formatAddress(t.deps.church.address) },
      donor: { name: "Lois Eunice", email: m.user.email },
      noGoodsOrServices: GIVING_TEXT.noGoodsOrServices,
    });
    expect((await statement(m.auth, "?year=2025")).json()).toMatchObject({ totalCents: 1000, gifts: [{ date: "2025-12-31" }] });
    expect((await statement(m.auth, "?year=2027")).json()).toMatchObject({ totalCents: 700, gifts: [{ date: "2027-01-01" }] });
    expect((await statement(m.auth, "?year=2024")).json()).toMatchObject({ totalCents: 0, gifts: [] });

    // Without a year: the current year of the church's calendar (still 2026 at 23:00 on 31 Dec in Orlando).
    fixedNow = new Date("2027-01-01T04:00:00Z");
    expect((await statement(m.auth)).json()).toMatchObject({ year: 2026, totalCents: 5550 });
    fixedNow = null;
  });

  it("shows only the member's own gifts, needs a member (401) and a sensible year (400)", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const year = new Date().getUTCFullYear();
    expect(await giveAt(a.auth, new Date().toISOString(), 4000)).toBe(201);
    expect((await statement(b.auth, `?year=${year}`)).json()).toMatchObject({ totalCents: 0, gifts: [] });
    expect((await statement(a.auth, `?year=${year}`)).json()).toMatchObject({ totalCents: 4000 });
    expect((await statement(null, `?year=${year}`)).statusCode).toBe(401);
    for (const q of ["?year=abc", "?year=1999", "?year=2026.5"]) expect((await statement(a.auth, q)).statusCode, q).toBe(400);
  });
});

describe("the current year", () => {
  it("is the church's, also in the hours around New Year when UTC's differs", () => {
    for (const at of ["2026-12-31T23:59:59Z", "2027-01-01T04:59:59Z", "2027-01-01T05:00:00Z", "2027-01-01T14:00:00Z", "2026-06-15T12:00:00Z", "2026-01-01T15:00:00Z"]) {
      for (const tz of ["America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC", "Asia/Kolkata"]) {
        expect(currentYear(tz, new Date(at)), `${at} ${tz}`).toBe(Number(dateInZone(tz, new Date(at)).slice(0, 4)));
      }
    }
  });
});
