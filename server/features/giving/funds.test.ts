/**
 * Funds and the covered fee (issue 19; decision 0113): the default 'General Fund' on a new
 * database, who may manage funds, the one-default and archive rules, a gift's fund (absent:
 * the default; archived or unknown: 400 before any charge), the fee checked against the
 * church's setting and charged on top, recurring gifts keeping both, and history showing both.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { giveRequest, useMoneyTestApp } from "../../testing/money-test-app";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { runRecurringGifts } from "../../jobs/recurring-gifts";
import type { FundAdmin, Fund, FeeSettings } from "../../../contract/giving-funds";
import { FUNDS_TEXT, coverFeeCents } from "../../../contract/giving-funds";
import type { GiveResponse, GivingHistoryEntry, RecurringDonation } from "../../../contract/giving";

let fixedNow: Date | null = null;
const t = useMoneyTestApp({ now: () => fixedNow ?? new Date() });

type Auth = { authorization: string };
let k = 0;
const give = (auth: Auth, over: Record<string, unknown> = {}, kind: "one-time" | "recurring" = "one-time") =>
  t.app.inject({ method: "POST", url: `/api/giving/${kind}`, headers: { ...auth, "idempotency-key": `funds-${++k}` }, payload: giveRequest(over as never) });
const listFunds = async (auth: Auth, query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/giving/funds${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Fund[];
};
const createFund = (auth: Auth, payload: unknown) => t.app.inject({ method: "POST", url: "/api/giving/funds", headers: auth, payload: payload as never });
const patchFund = (auth: Auth, id: string, payload: unknown) => t.app.inject({ method: "PATCH", url: `/api/giving/funds/${id}`, headers: auth, payload: payload as never });
const setFee = (auth: Auth, fee: FeeSettings) => t.app.inject({ method: "PUT", url: "/api/giving/fee", headers: auth, payload: fee });
const history = async (auth: Auth, lang = "en") => {
  const res = await t.app.inject({ method: "GET", url: "/api/giving/history?limit=50", headers: { ...auth, "accept-language": lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GivingHistoryEntry[];
};
const issues = (res: { json(): unknown }) => (res.json() as { issues: { path: string; message: string }[] }).issues;

/** Spies on the gateway: every amount it is asked to charge. */
function chargedAmounts() {
  const seen: number[] = [];
  const p = t.deps.payments;
  const charge = p.charge.bind(p);
  const chargeProfile = p.chargeProfile.bind(p);
  p.charge = (card, cents, key) => (seen.push(cents), charge(card, cents, key));
  p.chargeProfile = (id, cents, key) => (seen.push(cents), chargeProfile(id, cents, key));
  return { seen, restore: () => Object.assign(p, { charge, chargeProfile }) };
}

let missions: FundAdmin;

describe("funds", () => {
  it("a new database has one fund, 'General Fund', the default, in both languages", async () => {
    const m = await t.signUp();
    const all = await t.db.select().from(funds);
    expect(all.map((f) => [f.nameEn, f.nameEs, f.isDefault])).toEqual([["General Fund", "Fondo General", true]]);
    expect((await listFunds(m.auth)).map((f) => [f.name, f.isDefault])).toEqual([["General Fund", true]]);
    expect((await listFunds(m.auth, "?locale=es")).map((f) => f.name)).toEqual(["Fondo General"]);
    const res = await t.app.inject({ method: "GET", url: "/api/giving/funds", headers: { ...m.auth, "accept-language": "es-MX" } });
    expect((res.json() as Fund[])[0].name).toBe("Fondo General");
  });

  it("only the OWNER and a PASTOR add or change funds; MEMBER and STAFF get 403", async () => {
    const [member, staff, pastor, owner] = await Promise.all([t.signUp(), t.signUp("STAFF"), t.signUp("PASTOR"), t.signUp("OWNER")]);
    for (const who of [member, staff]) {
      expect((await createFund(who.auth, { name: { en: "Sneaky" } })).statusCode).toBe(403);
      expect((await setFee(who.auth, { percentBps: 1, fixedCents: 0 })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/admin/giving/funds", headers: member.auth })).statusCode).toBe(403);
    const created = await createFund(pastor.auth, { name: { en: "  Missions ", es: "Misiones" }, description: "Abroad" });
    expect(created.statusCode, created.body).toBe(201);
    missions = created.json() as FundAdmin;
    expect(missions).toMatchObject({ name: { en: "Missions", es: "Misiones" }, description: "Abroad", isDefault: false, archived: false });
    expect((await patchFund(member.auth, missions.id, { description: "x" })).statusCode).toBe(403);
    expect((await patchFund(staff.auth, missions.id, { description: "x" })).statusCode).toBe(403);
    const renamed = await patchFund(owner.auth, missions.id, { description: "Missionaries abroad" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // STAFF read every fund (Admin -> Giving shows them read-only).
    const all = await t.app.inject({ method: "GET", url: "/api/admin/giving/funds", headers: staff.auth });
    expect((all.json() as FundAdmin[]).map((f) => f.name.en)).toEqual(["General Fund", "Missions"]);
  });

  it("refuses a blank or too-long name (400, with the field) and a name taken in any case (409)", async () => {
    const owner = await t.signUp("OWNER");
    const blank = await createFund(owner.auth, { name: { en: " \u200B " } });
    expect(blank.statusCode).toBe(400);
    expect(issues(blank)).toEqual([{ path: "body.name.en", message: FUNDS_TEXT.nameRequired }]);
    const long = await createFund(owner.auth, { name: { en: "x".repeat(61) } });
    expect(issues(long)[0].message).toBe(FUNDS_TEXT.nameTooLong);
    const taken = await createFund(owner.auth, { name: { en: "MISSIONS" } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: FUNDS_TEXT.fundNameTaken });
    const es = await t.app.inject({ method: "POST", url: "/api/giving/funds", headers: { ...owner.auth, "accept-language": "es" }, payload: { name: { en: "Missions" } } });
    expect(es.json()).toMatchObject({ error: "Ya existe un fondo con este nombre" });
  });

  it("a gift without fund_id goes to the default; with one, to that fund; history names it", async () => {
    const m = await t.signUp();
    const a = await give(m.auth);
    expect(a.statusCode, a.body).toBe(201);
    expect((a.json() as GiveResponse).gift.fundName).toBe("General Fund");
    const b = await give(m.auth, { fund_id: missions.id, amount_cents: 4000 });
    expect(b.statusCode, b.body).toBe(201);
    const rows = await t.db.select({ fundId: gifts.fundId, amount: gifts.amountCents }).from(gifts).where(eq(gifts.userId, m.user.id));
    const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    expect(rows.sort((x, y) => x.amount - y.amount)).toEqual([
      { fundId: general.id, amount: 2500 },
      { fundId: missions.id, amount: 4000 },
    ]);
    expect((await history(m.auth)).map((g) => g.fundName).sort()).toEqual(["General Fund", "Missions"]);
    expect((await history(m.auth, "es")).map((g) => g.fundName).sort()).toEqual(["Fondo General", "Misiones"]);
  });

  it("an archived or unknown fund is a 400 on fund_id before anything is charged; the fund's gifts stay", async () => {
    const [owner, m] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const old = (await createFund(owner.auth, { name: { en: "Roof 2019" } })).json() as FundAdmin;
    expect((await give(m.auth, { fund_id: old.id })).statusCode).toBe(201);
    const archived = await patchFund(owner.auth, old.id, { archived: true });
    expect(archived.json()).toMatchObject({ archived: true });
    expect((await listFunds(m.auth)).map((f) => f.name)).not.toContain("Roof 2019");
    const spy = chargedAmounts();
    try {
      for (const fund_id of [old.id, "00000000-0000-4000-8000-000000000000"]) {
        const res = await give(m.auth, { fund_id });
        expect(res.statusCode).toBe(400);
        expect(issues(res)).toEqual([{ path: "body.fund_id", message: FUNDS_TEXT.fundUnavailable }]);
      }
      expect((await give(m.auth, { fund_id: "not-a-uuid" })).statusCode).toBe(400);
    } finally {
      spy.restore();
    }
    expect(spy.seen).toEqual([]);
    // The earlier gift keeps its (archived) fund, and history still names it.
    expect((await history(m.auth)).map((g) => g.fundName)).toEqual(["Roof 2019"]);
    // Restored, it takes gifts again.
    await patchFund(owner.auth, old.id, { archived: false });
    expect((await give(m.auth, { fund_id: old.id })).statusCode).toBe(201);
  });

  it("exactly one default: it can't be archived or unset; moving it clears the old one", async () => {
    const owner = await t.signUp("OWNER");
    const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    const noArchive = await patchFund(owner.auth, general.id, { archived: true });
    expect(noArchive.statusCode).toBe(400);
    expect(issues(noArchive)[0]).toEqual({ path: "body.archived", message: FUNDS_TEXT.defaultNotArchived });
    expect((await patchFund(owner.auth, general.id, { isDefault: false })).statusCode).toBe(400);
    const building = (await createFund(owner.auth, { name: { en: "Building" } })).json() as FundAdmin;
    // Archived and default at once is refused too.
    expect((await patchFund(owner.auth, building.id, { isDefault: true, archived: true })).statusCode).toBe(400);
    // Two moves at once: one default remains.
    const [x, y] = await Promise.all([patchFund(owner.auth, building.id, { isDefault: true }), patchFund(owner.auth, missions.id, { isDefault: true })]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const defaults = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    expect(defaults).toHaveLength(1);
    // A gift without a fund follows the default.
    const m = await t.signUp();
    expect((await give(m.auth)).json()).toMatchObject({ gift: { fundName: defaults[0].nameEn } });
    // Back to General for the tests that follow.
    expect((await patchFund(owner.auth, general.id, { isDefault: true })).statusCode).toBe(200);
    expect((await t.db.select().from(funds).where(eq(funds.isDefault, true))).map((f) => f.id)).toEqual([general.id]);
  });
});

describe("covering the processing fee", () => {
  it("is refused while the church has no fee, and when the fee differs from the church's (400 on fee_cents)", async () => {
    const [owner, m] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    expect((await t.app.inject({ method: "GET", url: "/api/giving/fee", headers: m.auth })).json()).toEqual({ percentBps: 0, fixedCents: 0 });
    const none = await give(m.auth, { fee_cents: 30 });
    expect(none.statusCode).toBe(400);
    expect(issues(none)).toEqual([{ path: "body.fee_cents", message: FUNDS_TEXT.feeChanged }]);
    const bad = await setFee(owner.auth, { percentBps: 1001, fixedCents: 0 });
    expect(issues(bad)[0].message).toBe(FUNDS_TEXT.feePercentRange);
    expect((await setFee(owner.auth, { percentBps: 290, fixedCents: 30 })).statusCode).toBe(200);
    const stale = await give(m.auth, { amount_cents: 10000, fee_cents: 329 });
    expect(stale.statusCode).toBe(400);
    expect(issues(stale)[0].path).toBe("body.fee_cents");
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toEqual([]);
  });

  it("charges the gift plus the fee, records both, and the history and receipt show both", async () => {
    const m = await t.signUp();
    const fee = coverFeeCents(10000, { percentBps: 290, fixedCents: 30 });
    expect(fee).toBe(330);
    const spy = chargedAmounts();
    let res;
    try {
      res = await give(m.auth, { amount_cents: 10000, fee_cents: fee, fund_id: missions.id });
    } finally {
      spy.restore();
    }
    expect(res.statusCode, res.body).toBe(201);
    expect(spy.seen).toEqual([10330]);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id));
    expect(row).toMatchObject({ amountCents: 10000, feeCents: 330, fundId: missions.id, status: "COMPLETED" });
    expect((await history(m.auth))[0]).toMatchObject({ amountCents: 10000, feeCents: 330, fundName: "Missions" });
    const { emailOutbox } = await import("../../db/schema/platform");
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    for (const line of ["Amount: $100.00", "Fund: Missions", "Processing fee you covered: $3.30", "Total charged: $103.30"]) expect(mail.text).toContain(line);
  });

  it("a recurring gift keeps its fund and fee on every period, even after the fund is archived or the fee changes", async () => {
    const [owner, m] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    fixedNow = new Date("2026-03-02T15:00:00Z");
    const fee = coverFeeCents(2500, { percentBps: 290, fixedCents: 30 });
    const res = await give(m.auth, { amount_cents: 2500, fee_cents: fee, fund_id: missions.id, is_recurring: true, frequency: "weekly" }, "recurring");
    fixedNow = null;
    expect(res.statusCode, res.body).toBe(201);
    const recurring = (res.json() as GiveResponse).recurring as RecurringDonation;
    expect(recurring).toMatchObject({ fundName: "Missions", feeCents: fee });
    // The church changes its fee and archives the fund; the giver's choice stands.
    await setFee(owner.auth, { percentBps: 350, fixedCents: 0 });
    await patchFund(owner.auth, missions.id, { archived: true });
    const spy = chargedAmounts();
    try {
      fixedNow = new Date("2026-03-09T15:00:00Z");
      await runRecurringGifts(t.deps);
    } finally {
      fixedNow = null;
      spy.restore();
    }
    expect(spy.seen).toContain(2500 + fee);
    const rows = await t.db.select().from(gifts).where(eq(gifts.recurringGiftId, recurring.id));
    expect(rows.map((g) => [g.periodDate, g.amountCents, g.feeCents, g.fundId, g.status])).toEqual(
      expect.arrayContaining([
        ["2026-03-02", 2500, fee, missions.id, "COMPLETED"],
        ["2026-03-09", 2500, fee, missions.id, "COMPLETED"],
      ]),
    );
    const list = await t.app.inject({ method: "GET", url: "/api/giving/recurring", headers: m.auth });
    expect((list.json() as RecurringDonation[])[0]).toMatchObject({ fundName: "Missions", feeCents: fee });
    await t.db.update(recurringGifts).set({ status: "CANCELLED" });
    await patchFund(owner.auth, missions.id, { archived: false });
    await setFee(owner.auth, { percentBps: 290, fixedCents: 30 });
  });
});
