/**
 * The Authorize.Net adapter against a local stand-in speaking the gateway's JSON API:
 * approvals, declines (insufficient funds too), errors, holds, outages, gateway-side
 * idempotency (duplicate window, duplicate profiles), customer profiles, and, through the whole
 * app, that the card number and CVV reach the gateway and appear in no log and no table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createAuthorizeNetGateway, anetRef, DUPLICATE_WINDOW_SECONDS, AUTHORIZE_NET_SANDBOX_ENDPOINT } from "./authorize-net";
import { GatewayUnavailableError, type CardDetails } from "./port";
import { DECLINE_TEXT } from "../../../contract/giving-text";
import { startAuthorizeNetStandIn } from "../../testing/authorize-net-stand-in";
import type { TestApp } from "../../testing/harness";
import { createMoneyTestApp, giveRequest } from "../../testing/money-test-app";
import { ConfigError, loadConfig } from "../../config";
import { giftRefunds, gifts, idempotencyKeys, recurringGifts } from "../../db/schema/giving";
import { sessions } from "../../db/schema/users";
import { runRecurringGifts } from "../../jobs/recurring-gifts";
import { GIVING_TEXT, type GiveRequestInput, type GiveResponse } from "../../../contract/giving";

const giveRequestFor = (cents: number) => giveRequest({ amount_cents: cents }, { card_number: "4111111111111111" });

const LOGIN = "5KP3u95bQpv";
const KEY = "346HZ32z3fP4hTG2";
let standIn: Awaited<ReturnType<typeof startAuthorizeNetStandIn>>;
beforeAll(async () => {
  standIn = await startAuthorizeNetStandIn({ apiLoginId: LOGIN, transactionKey: KEY });
});
afterAll(() => standIn.close());

const gateway = (over: Partial<Parameters<typeof createAuthorizeNetGateway>[0]> = {}) =>
  createAuthorizeNetGateway({ apiLoginId: LOGIN, transactionKey: KEY, endpoint: standIn.endpoint, description: "Gift to Koinonia Church Orlando", ...over });

const card = (number: string, over: Partial<CardDetails> = {}): CardDetails => ({
  number,
  expMonth: 3,
  expYear: 2099,
  cvv: "8317",
  firstName: "Priscilla",
  lastName: "Aquila",
  email: "priscilla@example.org",
  address: { line1: "18 Tentmaker Row", city: "Orlando", state: "FL", zip: "32801" },
  ...over,
});
let k = 0;
const key = (p = "k") => `${p}-${Date.now()}-${++k}`;
const lastRequest = () => standIn.requests[standIn.requests.length - 1];

describe("Authorize.Net adapter: charges", () => {
  it("approves: sends authCaptureTransaction with the card, billTo, refId, invoice number and duplicate window; reads a BOM-prefixed answer", async () => {
    const k1 = key();
    const result = await gateway().charge(card("4242424242424242"), 2550, k1);
    expect(result).toMatchObject({ ok: true, lastFour: "4242", brand: "visa" });
    if (!result.ok) return;
    expect(result.transactionId).toMatch(/^\d{11}$/);
    expect(standIn.approved().map((c) => c.transId)).toContain(result.transactionId);
    const req = lastRequest();
    expect(req.name).toBe("createTransactionRequest");
    expect(req.body).toMatchObject({
      merchantAuthentication: { name: LOGIN, transactionKey: KEY },
      refId: anetRef(k1),
      transactionRequest: {
        transactionType: "authCaptureTransaction",
        amount: "25.50",
        payment: { creditCard: { cardNumber: "4242424242424242", expirationDate: "2099-03", cardCode: "8317" } },
        order: { invoiceNumber: anetRef(k1), description: "Gift to Koinonia Church Orlando" },
        customer: { email: "priscilla@example.org" },
        billTo: { firstName: "Priscilla", lastName: "Aquila", address: "18 Tentmaker Row", city: "Orlando", state: "FL", zip: "32801", country: "US" },
        transactionSettings: { setting: [{ settingName: "duplicateWindow", settingValue: String(DUPLICATE_WINDOW_SECONDS) }] },
      },
    });
    expect(anetRef(k1)).toHaveLength(20);
  });

  const outcomes: [string, string, object][] = [
    ["declined (reason 2)", "4000000000000002", { ok: false, code: "declined", reason: "This transaction has been declined." }],
    ["insufficient funds (reason 51)", "4000000000009995", { ok: false, code: "insufficient_funds", reason: "Your card has insufficient funds." }],
    ["an invalid number (reason 6)", "4242424242424241", { ok: false, code: "invalid_card", reason: "Your card number is invalid." }],
    ["an expired card (reason 8)", "4000000000000069", { ok: false, code: "expired_card", reason: "Your card has expired." }],
    [
      "a processing error (response 3)",
      "4000000000000119",
      { ok: false, code: "processing_error", reason: "An error occurred in processing. Please try again in 5 minutes." },
    ],
    ["a hold for review (response 4)", "4000000000000259", { ok: false, code: "held_for_review" }],
  ];
  for (const [name, number, expected] of outcomes) {
    it(`maps ${name}`, async () => {
      expect(await gateway().charge(card(number), 1000, key())).toMatchObject(expected);
    });
  }

  it("the same key twice (an answer lost on the way back) returns the original transaction, charging once", async () => {
    const k1 = key();
    const before = standIn.approved().length;
    const first = await gateway().charge(card("5555555555554444"), 4200, k1);
    const again = await gateway().charge(card("5555555555554444"), 4200, k1);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.transactionId).toBe(first.transactionId);
    expect(again).toMatchObject({ lastFour: "4444", brand: "mastercard" });
    expect(standIn.approved().length).toBe(before + 1);
    // A second gift the member means to make (a new key) is a new charge.
    const other = await gateway().charge(card("5555555555554444"), 4200, key());
    expect(other.ok && other.transactionId !== first.transactionId).toBe(true);
    expect(standIn.approved().length).toBe(before + 2);
  });

  it("a duplicate whose original was declined has no transaction to return: unavailable, never approved", async () => {
    const k1 = key();
    expect((await gateway().charge(card("4000000000000002"), 1000, k1)).ok).toBe(false);
    await expect(gateway().charge(card("4000000000000002"), 1000, k1)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("bad credentials, an HTTP error, an unreadable answer and a timeout are outages whose messages hold no card data", async () => {
    const attempts: [string, () => Promise<unknown>][] = [
      ["credentials", () => gateway({ transactionKey: "wrong-key-00000" }).charge(card("4242424242424242"), 1000, key())],
      ["http500", () => (standIn.failNext("http500"), gateway().charge(card("4242424242424242"), 1000, key()))],
      ["garbage", () => (standIn.failNext("garbage"), gateway().charge(card("4242424242424242"), 1000, key()))],
      ["hang", () => (standIn.failNext("hang"), gateway({ timeoutMs: 300 }).charge(card("4242424242424242"), 1000, key()))],
    ];
    for (const [name, attempt] of attempts) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, name).toBeInstanceOf(GatewayUnavailableError);
      expect(String((err as Error).message), name).not.toMatch(/4242424242424242|8317/);
    }
  });

  it("defaults to Authorize.Net's sandbox endpoint", () => {
    expect(AUTHORIZE_NET_SANDBOX_ENDPOINT).toBe("https://apitest.authorize.net/xml/v1/request.api");
    expect(loadConfig({ PAYMENTS_PROVIDER: "authorize_net", AUTHORIZE_NET_API_LOGIN_ID: LOGIN, AUTHORIZE_NET_TRANSACTION_KEY: KEY }).payments).toEqual({
      provider: "authorize_net",
      authorizeNet: { apiLoginId: LOGIN, transactionKey: KEY, endpoint: AUTHORIZE_NET_SANDBOX_ENDPOINT },
    });
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "authorize_net" })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "authorize_net", AUTHORIZE_NET_API_LOGIN_ID: LOGIN })).toThrow(/AUTHORIZE_NET_TRANSACTION_KEY/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/PAYMENTS_PROVIDER/);
  });
});

describe("Authorize.Net adapter: customer profiles", () => {
  it("creates a profile (testMode validation) and charges it by customerProfileId and paymentProfileId", async () => {
    const k1 = key();
    const profile = await gateway().createCustomerProfile(card("4242424242424242"), k1);
    expect(profile).toMatchObject({ ok: true, lastFour: "4242", brand: "visa" });
    if (!profile.ok) return;
    expect(profile.profileId).toMatch(/^\d+\/\d+$/);
    expect(lastRequest()).toMatchObject({
      name: "createCustomerProfileRequest",
      body: {
        refId: anetRef(k1),
        profile: {
          merchantCustomerId: anetRef(k1),
          email: "priscilla@example.org",
          paymentProfiles: { customerType: "individual", payment: { creditCard: { cardNumber: "4242424242424242", cardCode: "8317" } } },
        },
        validationMode: "testMode",
      },
    });
    const [customerProfileId, paymentProfileId] = profile.profileId.split("/");
    const charged = await gateway().chargeProfile(profile.profileId, 1500, key());
    expect(charged).toMatchObject({ ok: true, lastFour: "4242", brand: "visa" });
    expect(lastRequest().body).toMatchObject({
      transactionRequest: { transactionType: "authCaptureTransaction", amount: "15.00", profile: { customerProfileId, paymentProfile: { paymentProfileId } } },
    });
    expect(lastRequest().raw).not.toContain("4242424242424242");
  });

  it("the same key twice reads back the profile the gateway already has (E00039)", async () => {
    const k1 = key();
    const first = await gateway().createCustomerProfile(card("4242424242424242"), k1);
    const again = await gateway().createCustomerProfile(card("4242424242424242"), k1);
    expect(first.ok && again.ok && again.profileId === first.profileId).toBe(true);
    expect(standIn.requests.slice(-2).map((r) => r.name)).toEqual(["createCustomerProfileRequest", "getCustomerProfileRequest"]);
  });

  it("a stored card's later decline, an invalid card, a missing profile and a foreign profile id", async () => {
    const nsf = await gateway().createCustomerProfile(card("4000000000009995"), key());
    if (!nsf.ok) throw new Error("profile should be created");
    expect(await gateway().chargeProfile(nsf.profileId, 1500, key())).toMatchObject({ ok: false, code: "insufficient_funds" });
    expect(await gateway().createCustomerProfile(card("4242424242424241"), key())).toMatchObject({ ok: false, code: "invalid_card" });
    expect(await gateway().chargeProfile("999/888", 1500, key())).toMatchObject({ ok: false, code: "processing_error" });
    expect(await gateway().chargeProfile("sbx_cus_ok_0123456789abcdef01234567", 1500, key())).toMatchObject({ ok: false, code: "processing_error" });
  });
});

describe("Authorize.Net through the app", () => {
  let t: TestApp;
  let fixedNow: Date | null = null;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createMoneyTestApp({ now: () => fixedNow ?? new Date(), logLines, env: standIn.appEnv });
  });
  afterAll(() => t.close());

  const CARD = "4111111111111111";
  const CVV = "9071";
  const body = (number: string, over: Partial<GiveRequestInput> = {}): GiveRequestInput => ({
    amount_cents: 3300,
    is_recurring: false,
    frequency: "monthly",
    customer_data: { first_name: "Phoebe", last_name: "Cenchreae", email: "phoebe@example.org" },
    payment_method_data: {
      card_number: number,
      card_exp: "11/2099",
      card_cvv: CVV,
      address_1: "16 Romans Rd",
      address_city: "Orlando",
      address_state: "FL",
      address_zip: "32801",
    },
    ...over,
  });
  const give = (auth: { authorization: string }, payload: GiveRequestInput, idem: string, kind = "one-time") =>
    t.app.inject({ method: "POST", url: `/api/giving/${kind}`, headers: { ...auth, "idempotency-key": idem }, payload: payload as never });

  it("gives through the gateway (201, its transaction id), declines with its reason (402); the card reaches only the gateway", async () => {
    expect(t.deps.payments.kind).toBe("authorize_net");
    const m = await t.signUp();
    logLines.length = 0;
    const sentBefore = standIn.requests.length;
    const ok = await give(m.auth, body(CARD), key("app"));
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, (ok.json() as GiveResponse).gift.id));
    expect(standIn.approved().map((c) => c.transId)).toContain(row.gatewayTransactionId);
    expect(row).toMatchObject({ cardLastFour: "1111", cardBrand: "visa", status: "COMPLETED" });

    const declined = await give(m.auth, body("4000000000000002"), key("app"));
    expect(declined.statusCode).toBe(402);
    // The gateway's own words are folded for a new card, so a card tester learns nothing from them (decision 0105).
    expect(declined.json()).toEqual({ error: DECLINE_TEXT.checkDetails, code: "PAYMENT_FAILED" });

    const recurring = await give(m.auth, body(CARD, { is_recurring: true }), key("app"), "recurring");
    expect(recurring.statusCode, recurring.body).toBe(201);
    const [r] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.userId, m.user.id));
    expect(r.gatewayProfileId).toMatch(/^\d+\/\d+$/);

    // The card number and CVV reached the gateway ...
    const sent = standIn.requests.slice(sentBefore).map((x) => x.raw).join("\n");
    expect(sent).toContain(CARD);
    expect(sent).toContain(`"cardCode":"${CVV}"`);
    // ... and appear in no table and no log line.
    const cols = (await t.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    for (const { table_name, column_name } of cols.rows) {
      const hits = (await t.db.execute(
        sql.raw(
          `select count(*)::int as n from "${table_name}" where "${column_name}"::text like '%${CARD}%' ` +
            `or "${column_name}"::text ~ '(^|[^0-9a-zA-Z-])${CVV}([^0-9a-zA-Z-]|$)'`,
        ),
      )) as unknown as { rows: { n: number }[] };
      expect(Number(hits.rows[0].n), `${table_name}.${column_name}`).toBe(0);
    }
    const logs = logLines.join("");
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(CARD);
    expect(logs).not.toMatch(new RegExp(`(^|[^0-9a-zA-Z-])${CVV}([^0-9a-zA-Z-]|$)`));
  });

  it("an answer lost on the way back is a 503 with nothing recorded; the retry with the same key gets the original charge, once", async () => {
    const m = await t.signUp();
    const idem = key("lost");
    const approvedBefore = standIn.approved().length;
    standIn.failNext("lose-answer");
    const lost = await give(m.auth, body(CARD, { amount_cents: 7700 }), idem);
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error).toBe(GIVING_TEXT.gatewayUnavailable);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toHaveLength(0);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, m.user.id))).toHaveLength(0);
    expect(standIn.approved().length).toBe(approvedBefore + 1); // the gateway did charge

    const retry = await give(m.auth, body(CARD, { amount_cents: 7700 }), idem);
    expect(retry.statusCode, retry.body).toBe(201);
    const rows = await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].gatewayTransactionId).toBe(standIn.approved()[approvedBefore].transId);
    expect(standIn.approved().length).toBe(approvedBefore + 1); // charged once in all
  });

  it("the scheduler charges the stored customer profile at the gateway", async () => {
    const m = await t.signUp();
    await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, m.user.id));
    await t.authSettled(); // the session cache hears of the new expiry
    fixedNow = new Date("2026-05-04T15:00:00Z");
    const res = await give(m.auth, body(CARD, { is_recurring: true, frequency: "weekly", amount_cents: 2100 }), key("sched"), "recurring");
    expect(res.statusCode, res.body).toBe(201);
    const recurring = (res.json() as GiveResponse).recurring!;
    const [r] = await t.db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring.id));
    const [customerProfileId] = r.gatewayProfileId.split("/");
    fixedNow = new Date("2026-05-11T15:00:00Z");
    expect(await runRecurringGifts(t.deps)).toBeGreaterThanOrEqual(1);
    fixedNow = null;
    const charges = await t.db.select().from(gifts).where(eq(gifts.recurringGiftId, recurring.id));
    expect(charges.map((g) => [g.periodDate, g.status]).sort()).toEqual([
      ["2026-05-04", "COMPLETED"],
      ["2026-05-11", "COMPLETED"],
    ]);
    const profileCharges = standIn.requests.filter(
      (x) => x.name === "createTransactionRequest" && (x.body.transactionRequest as { profile?: { customerProfileId?: string } }).profile?.customerProfileId === customerProfileId,
    );
    expect(profileCharges).toHaveLength(2); // the first charge at set-up and the scheduled one
  });
});

describe("Authorize.Net adapter: voids and refunds (decision 0119)", () => {
  const charged = async (cents: number) => {
    const r = await gateway().charge(card("4111111111111111"), cents, key("chg"));
    if (!r.ok) throw new Error("charge should be approved");
    return r.transactionId;
  };

  it("an unsettled charge is voided (voidTransaction with refTransId); a repeat is that void; the gateway then says voided", async () => {
    const id = await charged(2000);
    expect(await gateway().settlement(id, new Date())).toBe("unsettled");
    expect(lastRequest()).toMatchObject({ name: "getTransactionDetailsRequest", body: { transId: id } });
    const k1 = key("void");
    expect(await gateway().voidCharge(id, k1)).toEqual({ ok: true, transactionId: id });
    expect(lastRequest().body).toMatchObject({ refId: anetRef(k1), transactionRequest: { transactionType: "voidTransaction", refTransId: id } });
    expect(await gateway().settlement(id, new Date())).toBe("voided");
    // An answer lost on the way back and retried: reason 310, answered as the void it was.
    expect(await gateway().voidCharge(id, k1)).toEqual({ ok: true, transactionId: id });
    expect(standIn.refunds().filter((r) => r.refTransId === id)).toHaveLength(1);
    // A refund of an unsettled charge is refused by the gateway (reason 54).
    const other = await charged(1500);
    expect(await gateway().refundCharge({ transactionId: other, amountCents: 500, cardLastFour: "1111" }, key())).toMatchObject({ ok: false, reason: expect.stringContaining("criteria") });
  });

  it("a settled charge is refunded in parts (refundTransaction: amount, last four, XXXX, refTransId); the same key never twice; never past the charge", async () => {
    const id = await charged(5000);
    standIn.settle(id);
    expect(await gateway().settlement(id, new Date())).toBe("settled");
    const k1 = key("rf");
    const first = await gateway().refundCharge({ transactionId: id, amountCents: 2000, cardLastFour: "1111" }, k1);
    expect(first.ok).toBe(true);
    expect(lastRequest().body).toMatchObject({
      refId: anetRef(k1),
      transactionRequest: {
        transactionType: "refundTransaction",
        amount: "20.00",
        payment: { creditCard: { cardNumber: "1111", expirationDate: "XXXX" } },
        refTransId: id,
        order: { invoiceNumber: anetRef(k1) },
      },
    });
    expect(lastRequest().raw).not.toContain("4111111111111111");
    // The same refund again (its answer lost): the original refund, credited once.
    const again = await gateway().refundCharge({ transactionId: id, amountCents: 2000, cardLastFour: "1111" }, k1);
    expect(again).toEqual(first);
    expect(standIn.refunds().filter((r) => r.refTransId === id)).toHaveLength(1);
    expect((await gateway().refundCharge({ transactionId: id, amountCents: 3000, cardLastFour: "1111" }, key())).ok).toBe(true);
    expect(await gateway().refundCharge({ transactionId: id, amountCents: 1, cardLastFour: "1111" }, key())).toMatchObject({ ok: false, reason: expect.stringContaining("exceed") });
    // A settled charge cannot be voided.
    expect((await gateway().voidCharge(id, key())).ok).toBe(false);
    // An unknown transaction; and an outage is an outage.
    expect(await gateway().settlement("99999999999", new Date())).toBe("unknown");
    standIn.failNext("http500");
    await expect(gateway().refundCharge({ transactionId: id, amountCents: 1, cardLastFour: "1111" }, key())).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});

describe("Authorize.Net refunds through the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createMoneyTestApp({ env: standIn.appEnv });
  });
  afterAll(() => t.close());
  const giveBody = (cents: number) => giveRequestFor(cents);
  const refund = (auth: { authorization: string }, giftId: string, payload: object, idem = key("app-rf")) =>
    t.app.inject({ method: "POST", url: `/api/admin/giving/gifts/${giftId}/refund`, headers: { ...auth, "idempotency-key": idem }, payload });

  it("voids a gift the same day, refunds part of a settled one; a gateway outage is 503 with the reservation given back and the retry with the key works", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const give = async (cents: number) => {
      const res = await t.app.inject({ method: "POST", url: "/api/giving/one-time", headers: { ...donor.auth, "idempotency-key": key("app-g") }, payload: giveBody(cents) });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as GiveResponse).gift.id;
    };
    const voidMe = await give(2600);
    const voided = await refund(owner.auth, voidMe, { reason: "Typed 26 instead of 16" });
    expect(voided.statusCode, voided.body).toBe(201);
    expect(voided.json().refund).toMatchObject({ method: "void", amountCents: 2600 });
    const [vg] = await t.db.select().from(gifts).where(eq(gifts.id, voidMe));
    expect(standIn.refunds().find((r) => r.refTransId === vg.gatewayTransactionId)).toMatchObject({ kind: "void" });

    const partMe = await give(9000);
    const [pg] = await t.db.select().from(gifts).where(eq(gifts.id, partMe));
    standIn.settle(pg.gatewayTransactionId!);
    const idem = key("app-down");
    standIn.failNext("lose-answer"); // the settlement read fails: nothing reserved, 503
    const down = await refund(owner.auth, partMe, { amountCents: 4000, reason: "Half back" }, idem);
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toBe(GIVING_TEXT.gatewayUnavailable);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, partMe)))[0].refundedCents).toBe(0);
    expect(await t.db.select().from(giftRefunds).where(eq(giftRefunds.giftId, partMe))).toHaveLength(0);

    const ok = await refund(owner.auth, partMe, { amountCents: 4000, reason: "Half back" }, idem);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().refund).toMatchObject({ method: "refund", amountCents: 4000 });
    const credits = standIn.refunds().filter((r) => r.refTransId === pg.gatewayTransactionId);
    expect(credits.map((c) => [c.kind, c.amountCents])).toEqual([["refund", 4000]]);
    const [row] = await t.db.select().from(giftRefunds).where(eq(giftRefunds.giftId, partMe));
    expect(row).toMatchObject({ status: "completed", gatewayTransactionId: credits[0].transId });
  });

  it("an answer lost after the gateway refunded: 503, nothing kept; the retry with the same key is the same refund, credited once", async () => {
    const [owner, donor] = await Promise.all([t.signUp("OWNER"), t.signUp()]);
    const res = await t.app.inject({ method: "POST", url: "/api/giving/one-time", headers: { ...donor.auth, "idempotency-key": key("app-g") }, payload: giveBody(7000) });
    const giftId = (res.json() as GiveResponse).gift.id;
    const [g] = await t.db.select().from(gifts).where(eq(gifts.id, giftId));
    standIn.settle(g.gatewayTransactionId!);
    const idem = key("app-lost");
    // The settlement read answers; the refund is made but its answer is lost.
    standIn.failNext("lose-answer", "createTransactionRequest");
    const lost = await refund(owner.auth, giftId, { amountCents: 3000, reason: "Lost answer" }, idem);
    expect(lost.statusCode).toBe(503);
    expect((await t.db.select().from(gifts).where(eq(gifts.id, giftId)))[0].refundedCents).toBe(0);
    expect(standIn.refunds().filter((r) => r.refTransId === g.gatewayTransactionId)).toHaveLength(1); // the gateway did refund

    const retry = await refund(owner.auth, giftId, { amountCents: 3000, reason: "Lost answer" }, idem);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(standIn.refunds().filter((r) => r.refTransId === g.gatewayTransactionId)).toHaveLength(1); // credited once
    expect((await t.db.select().from(gifts).where(eq(gifts.id, giftId)))[0].refundedCents).toBe(3000);
  });
});
