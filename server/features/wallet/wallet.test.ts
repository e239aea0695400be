/**
 * Wallet and round-ups (spec sections 2, 3, 4, 7, 8 and 9; issue 5): the round-up setting, the
 * ledger and its balance (always the sum of the completed transactions, also under
 * concurrency), bank link with the sandbox bank and sealed access tokens, process-roundups
 * (arithmetic, never twice, only when on), payment methods (one default, 20YY, card data never
 * at rest or in logs), Add Funds and giving the balance (declines, idempotent replays, no
 * overdraft), transaction paging and filters, the Overview tiles, and member isolation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { TestApp } from "../../testing/harness";
import { useMoneyTestApp } from "../../testing/money-test-app";
import { bankAccounts, bankPurchases, paymentMethods, roundUpCollections, walletTransactions, wallets } from "../../db/schema/wallet";
import { funds, gifts } from "../../db/schema/giving";
import { FUNDS_TEXT } from "../../../contract/giving-funds-text";
import { emailOutbox } from "../../db/schema/platform";
import { sandboxItemId, sandboxPurchasesBetween, SANDBOX_BANK, SANDBOX_HISTORY_DAYS } from "../../providers/bank/sandbox";
import { SANDBOX_TEXT } from "../../providers/payments/sandbox";
import { MAX_PAYMENT_METHODS } from "./save-payment-method";
import { collectRoundUps, COLLECTION_CHECK_EVERY_MS } from "./collect-round-ups";
import { seedDemo, DEMO_PASSWORD } from "../../seed/demo";
import { DEMO_WALLET_EMAIL } from "../../seed/wallet";
import {
  ROUNDUP_LOOKBACK_DAYS,
  WALLET_TEXT,
  roundUpCents,
  signedCents,
  type DepositResponse,
  type GiveBalanceResponse,
  type PaymentMethod,
  type RoundUpResult,
  type WalletBalance,
  type WalletOverview,
  ZWalletTransaction,
} from "../../../contract/wallet";
import { z } from "zod";
import type { GivingHistoryEntry } from "../../../contract/giving";

const DAY = 86_400_000;
let clock = new Date("2026-05-15T16:00:00Z");
const now = () => clock;
const logLines: string[] = [];

const t = useMoneyTestApp({ now, logLines });

type Auth = { authorization: string };
type Member = Awaited<ReturnType<TestApp["signUp"]>>;
const call = (auth: Auth | null, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(auth ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });

/** Moves the clock a minute on, so rows written next are later ("the oldest" is well defined). */
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};

let keyN = 0;
const newKey = () => `wallet-key-${Date.now()}-${++keyN}`;

const balance = async (auth: Auth) => {
  const res = await call(auth, "GET", "/api/wallet/balance");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WalletBalance;
};
const transactions = async (auth: Auth, query = "") => {
  const res = await call(auth, "GET", `/api/wallet/transactions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // PostgreSQL writes this answer (decision 0130): exactly the contract's fields, times as toISOString writes them.
  const lines = z.array(ZWalletTransaction.strict()).parse(res.json());
  for (const x of lines) expect(x.createdAt).toBe(new Date(x.createdAt).toISOString());
  return lines;
};
const methods = async (auth: Auth) => {
  const res = await call(auth, "GET", "/api/wallet/payment-methods");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentMethod[];
};
const enableRoundUps = async (auth: Auth, isEnabled = true) => expect((await call(auth, "POST", "/api/roundup/enable", { isEnabled })).statusCode).toBe(200);
const linkBank = async (auth: Auth) => {
  const res = await call(auth, "POST", "/api/wallet/plaid/exchange-token", { publicToken: `public-sandbox-${Date.now()}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentMethod;
};
const sync = (auth: Auth) => call(auth, "POST", "/api/wallet/process-roundups");
const card = (over: Record<string, unknown> = {}) => ({
  type: "credit_card",
  provider: "ignored",
  cardNumber: "4242 4242 4242 4242",
  expiryMonth: 12,
  expiryYear: 30,
  cvv: "123",
  ...over,
});
const addCard = async (auth: Auth, over: Record<string, unknown> = {}) => {
  const res = await call(auth, "POST", "/api/wallet/payment-methods", card(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentMethod;
};
const deposit = (auth: Auth, amountCents: number, key: string | null = newKey()) =>
  call(auth, "POST", "/api/wallet/deposits", { amountCents }, key ? { "idempotency-key": key } : {});
const giveBalance = (auth: Auth, amountCents: number, key: string | null = newKey()) =>
  call(auth, "POST", "/api/wallet/give", { amountCents }, key ? { "idempotency-key": key } : {});

/**
 * The invariant: the balance row equals the signed sum of the completed ledger, and round-ups
 * saved the sum of the completed round-ups. And a round-up is completed only through a settled
 * collection, whose amount is exactly its round-ups: only money the church received is spendable.
 */
async function expectLedgerMatches(userId: string) {
  const rows = await t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.status, "completed")));
  const sum = rows.reduce((s, r) => s + signedCents(r.type, r.amountCents), 0);
  const roundUps = rows.filter((r) => r.type === "round_up").reduce((s, r) => s + r.amountCents, 0);
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  expect({ balanceCents: w?.balanceCents ?? 0, roundUps: w?.roundUpAccumulatedCents ?? 0 }).toEqual({ balanceCents: sum, roundUps });
  expect(sum).toBeGreaterThanOrEqual(0);
  const settled = await t.db.select().from(roundUpCollections).where(and(eq(roundUpCollections.userId, userId), eq(roundUpCollections.status, "completed")));
  for (const r of rows.filter((x) => x.type === "round_up")) expect(settled.map((c) => c.id)).toContain(r.collectionId);
  for (const c of settled) expect(rows.filter((r) => r.collectionId === c.id).reduce((s, r) => s + r.amountCents, 0)).toBe(c.amountCents);
  return sum;
}

/** What the sandbox bank's purchases in (from, to] round up to, computed independently of the app. */
function expectedRoundUps(userId: string, from: Date, to: Date) {
  const purchases = sandboxPurchasesBetween(sandboxItemId(userId), from, to);
  const ups = purchases.map((p) => roundUpCents(p.amountCents)).filter((c) => c > 0);
  return { total: ups.reduce((a, b) => a + b, 0), count: ups.length, purchases: purchases.length };
}

describe("round-up arithmetic", () => {
  it("rounds up to the next whole dollar; whole dollars and refunds add nothing", () => {
    expect(roundUpCents(425)).toBe(75);
    expect(roundUpCents(300)).toBe(0);
    expect(roundUpCents(1)).toBe(99);
    expect(roundUpCents(99)).toBe(1);
    expect(roundUpCents(100)).toBe(0);
    expect(roundUpCents(12_345)).toBe(55);
    expect(roundUpCents(-425)).toBe(0);
    expect(roundUpCents(0)).toBe(0);
  });
});

describe("round-up setting", () => {
  it("is off for a new member, turns on and off, and stays the member's own", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    expect((await call(a.auth, "GET", "/api/roundup/setting")).json()).toEqual({ isEnabled: false });
    const on = await call(a.auth, "POST", "/api/roundup/enable", { isEnabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ isEnabled: true });
    expect((await call(a.auth, "GET", "/api/roundup/setting")).json()).toEqual({ isEnabled: true });
    expect((await call(b.auth, "GET", "/api/roundup/setting")).json()).toEqual({ isEnabled: false });
    await enableRoundUps(a.auth, false);
    expect((await call(a.auth, "GET", "/api/roundup/setting")).json()).toEqual({ isEnabled: false });
  });

  it("needs a signed-in member and a boolean", async () => {
    expect((await call(null, "GET", "/api/roundup/setting")).statusCode).toBe(401);
    expect((await call(null, "POST", "/api/roundup/enable", { isEnabled: true })).statusCode).toBe(401);
    const m = await t.signUp();
    for (const bad of [{}, { isEnabled: "yes" }, { isEnabled: 1 }]) {
      const res = await call(m.auth, "POST", "/api/roundup/enable", bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe("body.isEnabled");
    }
  });
});

describe("bank link (sandbox bank)", () => {
  it("answers a link token naming the provider, and links the demo checking account as a default bank_account method", async () => {
    const m = await t.signUp();
    const token = await call(m.auth, "POST", "/api/wallet/plaid/link-token");
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toMatchObject({ provider: "sandbox", linkToken: expect.stringMatching(/^link-sandbox-/) });
    const method = await linkBank(m.auth);
    expect(method).toMatchObject({ type: "bank_account", provider: "sandbox", bankName: SANDBOX_BANK.institutionName, isDefault: true, expiryMonth: null, cardBrand: null });
    expect(method.lastFour).toMatch(/^\d{4}$/);
    expect(await methods(m.auth)).toEqual([method]);
    const overview = (await call(m.auth, "GET", "/api/wallet/overview")).json() as WalletOverview;
    expect(overview.linkedBankAccounts).toBe(1);
  });

  it("keeps the access token only sealed at rest", async () => {
    const m = await t.signUp();
    await linkBank(m.auth);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, m.user.id));
    expect(row.accessTokenSealed).toMatch(/^v1\./);
    expect(t.deps.secrets.open(row.accessTokenSealed!, `bank-account:${row.id}`)).toBe(`access-sandbox-${sandboxItemId(m.user.id)}`);
    // Bound to its row: the same value does not open as another account's.
    expect(() => t.deps.secrets.open(row.accessTokenSealed!, "bank-account:00000000-0000-0000-0000-000000000000")).toThrow();
    const hits = await searchTextColumns("access-sandbox-");
    expect(hits).toEqual([]);
  });

  it("refuses a missing public token (400) and the same bank twice (409)", async () => {
    const m = await t.signUp();
    for (const bad of [{}, { publicToken: "" }, { publicToken: "   " }]) {
      const res = await call(m.auth, "POST", "/api/wallet/plaid/exchange-token", bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(WALLET_TEXT.bankTokenRequired);
    }
    await linkBank(m.auth);
    const again = await call(m.auth, "POST", "/api/wallet/plaid/exchange-token", { publicToken: "public-sandbox-again" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(WALLET_TEXT.bankAlreadyLinked);
    expect(await methods(m.auth)).toHaveLength(1);
  });
});

describe("process-roundups", () => {
  it("answers 409 with a useful message when round-ups are off, or no bank is linked, and stores nothing", async () => {
    const m = await t.signUp();
    await linkBank(m.auth);
    const off = await sync(m.auth);
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(WALLET_TEXT.roundUpsDisabled);
    expect(await t.db.select().from(bankPurchases).where(eq(bankPurchases.userId, m.user.id))).toEqual([]);
    expect(await balance(m.auth)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });

    const n = await t.signUp();
    await enableRoundUps(n.auth);
    const noBank = await sync(n.auth);
    expect(noBank.statusCode).toBe(409);
    expect(noBank.json().error).toBe(WALLET_TEXT.noBankLinked);
    expect((await call(null, "POST", "/api/wallet/process-roundups")).statusCode).toBe(401);
  });

  it("adds one round-up per purchase of the last week, never twice, and new ones as days pass", async () => {
    clock = new Date("2026-05-15T16:00:00Z");
    const m = await t.signUp();
    await enableRoundUps(m.auth);
    await linkBank(m.auth);
    const first = await sync(m.auth);
    expect(first.statusCode, first.body).toBe(200);
    // The first link and the first switch-on both reach back a week (ROUNDUP_LOOKBACK_DAYS).
    const week = expectedRoundUps(m.user.id, new Date(clock.getTime() - ROUNDUP_LOOKBACK_DAYS * DAY), clock);
    expect(week.count).toBeGreaterThan(3);
    expect(first.json()).toEqual({ totalRoundUp: week.total, transactionCount: week.count } satisfies RoundUpResult);
    // Round-ups are on their way, not yet in the balance: the money is still in the member's bank (docs/decisions/0024).
    expect(await balance(m.auth)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: week.total });
    // The bank's 30 days of history are stored, the older ones rounding up nothing.
    const stored = await t.db.select().from(bankPurchases).where(eq(bankPurchases.userId, m.user.id));
    expect(stored.length).toBe(expectedRoundUps(m.user.id, new Date(clock.getTime() - SANDBOX_HISTORY_DAYS * DAY), clock).purchases);
    expect(stored.filter((p) => p.postedAt.getTime() < clock.getTime() - ROUNDUP_LOOKBACK_DAYS * DAY).every((p) => p.roundUpCents === 0)).toBe(true);

    const again = await sync(m.auth);
    expect(again.json()).toEqual({ totalRoundUp: 0, transactionCount: 0 });

    const before = clock;
    clock = new Date(clock.getTime() + 3 * DAY);
    const later = expectedRoundUps(m.user.id, before, clock);
    expect(later.purchases).toBeGreaterThan(0);
    expect((await sync(m.auth)).json()).toEqual({ totalRoundUp: later.total, transactionCount: later.count });
    expect(await balance(m.auth)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: week.total + later.total });

    const ups = await transactions(m.auth, "?type=round_up&limit=100");
    expect(ups).toHaveLength(week.count + later.count);
    expect(new Set(ups.map((u) => u.id)).size).toBe(ups.length);
    for (const u of ups) {
      expect(u.status).toBe("pending");
      expect(u.amountCents).toBeGreaterThan(0);
      expect(u.amountCents).toBeLessThan(100);
      expect(u.merchantName).toBeTruthy();
      expect(u.description).toMatch(/^Round-up on \$\d+\.\d\d purchase$/);
    }
    await expectLedgerMatches(m.user.id);
    clock = new Date("2026-05-15T16:00:00Z");
  });

  it("never counts a purchase twice with many syncs at once", async () => {
    clock = new Date("2026-05-15T16:00:00Z");
    const m = await t.signUp();
    await enableRoundUps(m.auth);
    await linkBank(m.auth);
    const results = await Promise.all(Array.from({ length: 6 }, () => sync(m.auth)));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const sum = results.reduce((s, r) => s + (r.json() as RoundUpResult).totalRoundUp, 0);
    const count = results.reduce((s, r) => s + (r.json() as RoundUpResult).transactionCount, 0);
    const week = expectedRoundUps(m.user.id, new Date(clock.getTime() - ROUNDUP_LOOKBACK_DAYS * DAY), clock);
    expect({ sum, count }).toEqual({ sum: week.total, count: week.count });
    expect((await balance(m.auth)).pendingRoundUpCents).toBe(week.total);
    expect(await transactions(m.auth, "?type=round_up&limit=100")).toHaveLength(week.count);
    await expectLedgerMatches(m.user.id);
  });

  it("rounds up nothing made while round-ups were off, and nothing twice after unlinking and linking again", async () => {
    clock = new Date("2026-05-15T16:00:00Z");
    const m = await t.signUp();
    await enableRoundUps(m.auth);
    const bank = await linkBank(m.auth);
    const first = (await sync(m.auth)).json() as RoundUpResult;
    await enableRoundUps(m.auth, false);
    clock = new Date(clock.getTime() + 4 * DAY);
    expect((await sync(m.auth)).statusCode).toBe(409);
    await enableRoundUps(m.auth, true);
    const switchedOn = clock;
    clock = new Date(clock.getTime() + 2 * DAY);
    const after = expectedRoundUps(m.user.id, switchedOn, clock);
    expect((await sync(m.auth)).json()).toEqual({ totalRoundUp: after.total, transactionCount: after.count });

    // Unlink (remove the bank method) and link again: the same purchases are never rounded up again.
    expect((await call(m.auth, "DELETE", `/api/wallet/payment-methods/${bank.id}`)).statusCode).toBe(204);
    expect((await sync(m.auth)).json().error).toBe(WALLET_TEXT.noBankLinked);
    await linkBank(m.auth);
    expect((await sync(m.auth)).json()).toEqual({ totalRoundUp: 0, transactionCount: 0 });
    // The unlinked bank's round-ups were never collected and now cannot be: failed, never in the balance.
    expect(await balance(m.auth)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
    const ups = await transactions(m.auth, "?type=round_up&limit=100");
    expect(ups.reduce((s, u) => s + u.amountCents, 0)).toBe(first.totalRoundUp + after.total);
    expect(ups.every((u) => u.status === "failed")).toBe(true);
    const [row] = await t.db.select().from(walletTransactions).where(eq(walletTransactions.id, ups[0].id));
    expect(row.failureReason).toBe(WALLET_TEXT.roundUpsUnlinked);
    await expectLedgerMatches(m.user.id);
    clock = new Date("2026-05-15T16:00:00Z");
  });
});

describe("payment methods", () => {
  it("saves a card as the first, default method with 20YY, brand and last four only", async () => {
    const m = await t.signUp();
    expect(await methods(m.auth)).toEqual([]);
    const visa = await addCard(m.auth, { expiryMonth: 3, expiryYear: 29 });
    tick();
    expect(visa).toEqual({
      id: expect.any(String),
      type: "credit_card",
      provider: "sandbox",
      lastFour: "4242",
      expiryMonth: 3,
      expiryYear: 2029,
      cardBrand: "visa",
      bankName: null,
      isDefault: true,
    });
    const mc = await addCard(m.auth, { cardNumber: "5555555555554444", expiryYear: 2031 });
    expect(mc).toMatchObject({ lastFour: "4444", cardBrand: "mastercard", expiryYear: 2031, isDefault: false });
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, mc.id));
    expect(row.expiryYear).toBe(2031);
    expect(row.gatewayProfileId).toMatch(/^sbx_cus_/);
    expect((await methods(m.auth)).map((x) => x.id)).toEqual([visa.id, mc.id]);
  });

  it("answers 'Please fill in all card details' for each missing field, and the gateway's reason for a bad card", async () => {
    const m = await t.signUp();
    for (const field of ["cardNumber", "expiryMonth", "expiryYear", "cvv"]) {
      const missing = card();
      delete (missing as Record<string, unknown>)[field];
      const res = await call(m.auth, "POST", "/api/wallet/payment-methods", missing);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error, field).toBe(WALLET_TEXT.fillCardDetails);
    }
    for (const blank of [{ cardNumber: "" }, { cvv: "" }]) {
      expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card(blank))).json().error).toBe(WALLET_TEXT.fillCardDetails);
    }
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card({ expiryMonth: 13 }))).json().error).toBe(WALLET_TEXT.expiryInvalid);
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card({ expiryYear: 2100 }))).json().error).toBe(WALLET_TEXT.expiryInvalid);
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card({ cvv: "12" }))).json().error).toBe(WALLET_TEXT.cvvInvalid);
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card({ cardNumber: "4242" }))).json().error).toBe(WALLET_TEXT.cardNumberInvalid);
    const luhn = await call(m.auth, "POST", "/api/wallet/payment-methods", card({ cardNumber: "4242424242424241" }));
    expect(luhn.statusCode).toBe(402);
    expect(luhn.json().error).toBe(SANDBOX_TEXT.checkDetails);
    const expired = await call(m.auth, "POST", "/api/wallet/payment-methods", card({ expiryMonth: 4, expiryYear: 26 }));
    expect(expired.statusCode).toBe(402);
    expect(expired.json().error).toBe(SANDBOX_TEXT.expiredCard);
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", { ...card(), type: "bank_account" })).statusCode).toBe(400);
    expect(await methods(m.auth)).toEqual([]);
  });

  it("keeps exactly one default: add as default, set default, delete the default promotes the oldest", async () => {
    const m = await t.signUp();
    const a = await addCard(m.auth);
    tick();
    const b = await addCard(m.auth, { cardNumber: "5555555555554444" });
    tick();
    const c = await addCard(m.auth, { cardNumber: "378282246310005", cvv: "1234", isDefault: true });
    expect(c).toMatchObject({ isDefault: true, cardBrand: "amex", lastFour: "0005" });
    const defaults = async () => (await methods(m.auth)).filter((x) => x.isDefault).map((x) => x.id);
    expect(await defaults()).toEqual([c.id]);

    const put = await call(m.auth, "PUT", `/api/wallet/payment-methods/${b.id}`, { isDefault: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: b.id, isDefault: true });
    expect(await defaults()).toEqual([b.id]);
    expect((await call(m.auth, "PUT", `/api/wallet/payment-methods/${b.id}`, { isDefault: true })).statusCode).toBe(200);
    expect((await call(m.auth, "PUT", `/api/wallet/payment-methods/${a.id}`, { isDefault: false })).statusCode).toBe(400);

    expect((await call(m.auth, "DELETE", `/api/wallet/payment-methods/${b.id}`)).statusCode).toBe(204);
    expect(await defaults()).toEqual([a.id]);
    expect((await call(m.auth, "DELETE", `/api/wallet/payment-methods/${c.id}`)).statusCode).toBe(204);
    expect(await defaults()).toEqual([a.id]);
    expect((await call(m.auth, "DELETE", `/api/wallet/payment-methods/${a.id}`)).statusCode).toBe(204);
    expect(await methods(m.auth)).toEqual([]);
    expect((await call(m.auth, "DELETE", `/api/wallet/payment-methods/${a.id}`)).statusCode).toBe(404);
    expect((await call(m.auth, "PUT", "/api/wallet/payment-methods/not-a-uuid", { isDefault: true })).statusCode).toBe(404);
    expect((await call(m.auth, "DELETE", "/api/wallet/payment-methods/not-a-uuid")).statusCode).toBe(404);
  });

  it("keeps one default with concurrent adds and concurrent set-default, and the database refuses a second", async () => {
    const m = await t.signUp();
    const added = await Promise.all(
      ["4242424242424242", "5555555555554444", "4000056655665556", "6011111111111117", "378282246310005", "4242424242424242"].map((n) =>
        call(m.auth, "POST", "/api/wallet/payment-methods", card({ cardNumber: n, cvv: n.startsWith("3") ? "1234" : "123" })),
      ),
    );
    for (const r of added) expect(r.statusCode, r.body).toBe(201);
    let list = await methods(m.auth);
    expect(list).toHaveLength(6);
    expect(list.filter((x) => x.isDefault)).toHaveLength(1);

    const puts = await Promise.all(list.map((x) => call(m.auth, "PUT", `/api/wallet/payment-methods/${x.id}`, { isDefault: true })));
    for (const r of puts) expect(r.statusCode).toBe(200);
    list = await methods(m.auth);
    expect(list.filter((x) => x.isDefault)).toHaveLength(1);

    const dels = await Promise.all(list.slice(0, 3).map((x) => call(m.auth, "DELETE", `/api/wallet/payment-methods/${x.id}`)));
    for (const r of dels) expect(r.statusCode).toBe(204);
    list = await methods(m.auth);
    expect(list).toHaveLength(3);
    expect(list.filter((x) => x.isDefault)).toHaveLength(1);

    await expect(t.db.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.userId, m.user.id))).rejects.toThrow();
  });

  it(`caps saved methods at ${MAX_PAYMENT_METHODS}`, async () => {
    const m = await t.signUp();
    for (let i = 0; i < MAX_PAYMENT_METHODS; i++) await addCard(m.auth);
    const res = await call(m.auth, "POST", "/api/wallet/payment-methods", card());
    expect(res.statusCode).toBe(409);
  });

  it("removing the bank method unlinks the bank: no more syncing, the token is gone", async () => {
    const m = await t.signUp();
    await addCard(m.auth);
    const bank = await linkBank(m.auth);
    expect(bank.isDefault).toBe(false);
    expect((await call(m.auth, "DELETE", `/api/wallet/payment-methods/${bank.id}`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, m.user.id));
    expect(row.unlinkedAt).not.toBeNull();
    expect(row.accessTokenSealed).toBeNull();
    expect(((await call(m.auth, "GET", "/api/wallet/overview")).json() as WalletOverview).linkedBankAccounts).toBe(0);
  });
});

describe("Add Funds", () => {
  it("charges the default card and records a completed deposit", async () => {
    const m = await t.signUp();
    const visa = await addCard(m.auth);
    const res = await deposit(m.auth, 2550);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as DepositResponse;
    expect(body.transaction).toMatchObject({ type: "deposit", status: "completed", amountCents: 2550, description: "Added funds from Visa •••• 4242" });
    expect(body.balance).toEqual({ balanceCents: 2550, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
    expect(await balance(m.auth)).toEqual(body.balance);
    const [row] = await t.db.select().from(walletTransactions).where(eq(walletTransactions.id, body.transaction.id));
    expect(row).toMatchObject({ paymentMethodId: visa.id, gatewayTransactionId: expect.stringMatching(/^sbx_ch_/) });
    await expectLedgerMatches(m.user.id);
  });

  it("a declined card answers 402 with the reason and records only a failed deposit", async () => {
    for (const [number, reason] of [
      ["4000000000000002", SANDBOX_TEXT.declined],
      ["4000000000009995", SANDBOX_TEXT.insufficientFunds],
    ]) {
      const m = await t.signUp();
      await addCard(m.auth, { cardNumber: number });
      const res = await deposit(m.auth, 1000);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: reason, code: "PAYMENT_FAILED" });
      expect(await balance(m.auth)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
      const list = await transactions(m.auth);
      expect(list.map((x) => [x.type, x.status])).toEqual([["deposit", "failed"]]);
      expect(await transactions(m.auth, "?status=completed")).toEqual([]);
      await expectLedgerMatches(m.user.id);
    }
  });

  it("replays the same Idempotency-Key and charges once, even for 8 identical requests at once", async () => {
    const m = await t.signUp();
    await addCard(m.auth);
    const key = newKey();
    const first = await deposit(m.auth, 1000, key);
    const second = await deposit(m.auth, 1000, key);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect((await deposit(m.auth, 2000, key)).statusCode).toBe(409);

    const key2 = newKey();
    const burst = await Promise.all(Array.from({ length: 8 }, () => deposit(m.auth, 700, key2)));
    for (const r of burst) expect([201, 409]).toContain(r.statusCode);
    const ids = new Set(burst.filter((r) => r.statusCode === 201).map((r) => (r.json() as DepositResponse).transaction.id));
    expect(ids.size).toBe(1);
    expect((await balance(m.auth)).balanceCents).toBe(1700);
    expect(await transactions(m.auth, "?type=deposit")).toHaveLength(2);
    await expectLedgerMatches(m.user.id);
  });

  it("needs a key, an amount of at least $1 and at most $10,000, and a card as the default method", async () => {
    const m = await t.signUp();
    expect((await deposit(m.auth, 1000)).json().error).toBe(WALLET_TEXT.noPaymentMethod);
    await linkBank(m.auth);
    const bank = await deposit(m.auth, 1000);
    expect(bank.statusCode).toBe(409);
    expect(bank.json().error).toBe(WALLET_TEXT.defaultIsBank);
    await addCard(m.auth, { isDefault: true });
    expect((await deposit(m.auth, 1000, null)).statusCode).toBe(400);
    expect((await deposit(m.auth, 99)).json().error).toBe(WALLET_TEXT.amountMin);
    expect((await deposit(m.auth, 10.5)).json().error).toBe(WALLET_TEXT.amountMin);
    expect((await deposit(m.auth, 1_000_001)).json().error).toBe(WALLET_TEXT.depositMax);
    expect((await deposit(m.auth, 1_000_000)).statusCode).toBe(201);
  });

  // An unreachable gateway (503, translated) is tested for every money route in server/shared/money/charge-request.test.ts.
  it("a charge that fails unexpectedly (500) leaves a failed deposit and lets the same key try again", async () => {
    const m = await t.signUp();
    await addCard(m.auth);
    const real = t.deps.payments.chargeProfile;
    t.deps.payments.chargeProfile = async () => {
      throw new Error("gateway timeout");
    };
    const key = newKey();
    try {
      expect((await deposit(m.auth, 500, key)).statusCode).toBe(500);
    } finally {
      t.deps.payments.chargeProfile = real;
    }
    expect((await transactions(m.auth)).map((x) => x.status)).toEqual(["failed"]);
    expect((await deposit(m.auth, 500, key)).statusCode).toBe(201);
    expect((await balance(m.auth)).balanceCents).toBe(500);
    await expectLedgerMatches(m.user.id);
  });
});

describe("giving the wallet balance", () => {
  it("records a payment and a COMPLETED gift in the giving history, and emails a receipt", async () => {
    const m = await t.signUp();
    await addCard(m.auth);
    await deposit(m.auth, 3000);
    const res = await giveBalance(m.auth, 1250);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as GiveBalanceResponse;
    expect(body.gift).toMatchObject({ amountCents: 1250, status: "COMPLETED" });
    expect(body.transaction).toMatchObject({ type: "payment", status: "completed", amountCents: 1250, description: `Gift to ${t.deps.church.name}` });
    expect(body.balance.balanceCents).toBe(1750);
    const history = (await call(m.auth, "GET", "/api/giving/history")).json() as GivingHistoryEntry[];
    expect(history).toEqual([body.gift]);
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.id, body.gift.id));
    expect(gift).toMatchObject({ cardLastFour: null, cardBrand: null, gatewayTransactionId: null });
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Paid with: Wallet balance");
    expect(mail[0].text).toContain("$12.50");
    // A replay answers the same and sends no second receipt.
    await expectLedgerMatches(m.user.id);
  });

  it("never gives more than the balance (402), and replays an answer without giving twice", async () => {
    const m = await t.signUp();
    await addCard(m.auth);
    await deposit(m.auth, 500);
    const tooMuch = await giveBalance(m.auth, 501);
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json().error).toBe(WALLET_TEXT.insufficientBalance);
    expect((await giveBalance(m.auth, 99)).json().error).toBe(WALLET_TEXT.amountMin);
    expect((await giveBalance(m.auth, 500, null)).statusCode).toBe(400);
    const key = newKey();
    const a = await giveBalance(m.auth, 500, key);
    const b = await giveBalance(m.auth, 500, key);
    expect(a.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect((await balance(m.auth)).balanceCents).toBe(0);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email))).toHaveLength(1);
    await expectLedgerMatches(m.user.id);
  });

  it("goes to the fund the member picks, as a card gift: the default when none; an archived or unknown fund is a 400 on body.fund_id and takes nothing", async () => {
    const m = await t.signUp();
    const [missions] = await t.db.insert(funds).values({ nameEn: `Missions ${newKey()}`, nameEs: "Misiones" }).returning();
    const [closed] = await t.db.insert(funds).values({ nameEn: `Old roof ${newKey()}`, archivedAt: clock }).returning();
    const [general] = await t.db.select().from(funds).where(eq(funds.isDefault, true));
    await addCard(m.auth);
    await deposit(m.auth, 3000);
    const give = (payload: Record<string, unknown>) => call(m.auth, "POST", "/api/wallet/give", payload, { "idempotency-key": newKey() });

    const toMissions = await give({ amountCents: 1000, fund_id: missions.id });
    expect(toMissions.statusCode, toMissions.body).toBe(201);
    expect((toMissions.json() as GiveBalanceResponse).gift).toMatchObject({ amountCents: 1000, fundName: missions.nameEn, paidWith: "Wallet balance" });
    const inSpanish = await call(m.auth, "POST", "/api/wallet/give", { amountCents: 100, fund_id: missions.id }, { "idempotency-key": newKey(), "accept-language": "es" });
    expect((inSpanish.json() as GiveBalanceResponse).gift.fundName).toBe("Misiones");
    const toDefault = await give({ amountCents: 500 });
    expect(toDefault.statusCode, toDefault.body).toBe(201);
    const rows = await t.db.select({ id: gifts.id, fundId: gifts.fundId, method: gifts.method }).from(gifts).where(eq(gifts.userId, m.user.id));
    expect(rows.find((g) => g.id === (toMissions.json() as GiveBalanceResponse).gift.id)).toMatchObject({ fundId: missions.id, method: "wallet" });
    expect(rows.find((g) => g.id === (toDefault.json() as GiveBalanceResponse).gift.id)).toMatchObject({ fundId: general.id, method: "wallet" });

    // The card path's rule and message, before any money moves.
    for (const fundId of [closed.id, "5d0f8c1e-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const refused = await give({ amountCents: 200, fund_id: fundId });
      expect(refused.statusCode, fundId).toBe(400);
      expect(refused.json().issues).toEqual([expect.objectContaining({ path: "body.fund_id", message: FUNDS_TEXT.fundUnavailable })]);
    }
    expect((await balance(m.auth)).balanceCents).toBe(3000 - 1000 - 100 - 500);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toHaveLength(3);
    await expectLedgerMatches(m.user.id);
  });

  it("concurrent gifts never overdraw: $10.00 gives at most three $3.00 gifts", async () => {
    const m = await t.signUp();
    await addCard(m.auth);
    await deposit(m.auth, 1000);
    const results = await Promise.all(Array.from({ length: 7 }, () => giveBalance(m.auth, 300)));
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(4);
    expect((await balance(m.auth)).balanceCents).toBe(100);
    expect(await t.db.select().from(gifts).where(eq(gifts.userId, m.user.id))).toHaveLength(3);
    await expectLedgerMatches(m.user.id);
  });

  it("the balance is the sum of the ledger after round-ups, deposits and gifts all at once", async () => {
    clock = new Date("2026-05-15T16:00:00Z");
    const m = await t.signUp();
    await enableRoundUps(m.auth);
    await addCard(m.auth);
    await linkBank(m.auth);
    await deposit(m.auth, 800);
    await Promise.all([
      sync(m.auth),
      deposit(m.auth, 300),
      giveBalance(m.auth, 400),
      sync(m.auth),
      giveBalance(m.auth, 500),
      deposit(m.auth, 1200),
      giveBalance(m.auth, 600),
    ]);
    const sum = await expectLedgerMatches(m.user.id);
    expect((await balance(m.auth)).balanceCents).toBe(sum);

    // Round-ups collected (debit started), then settling while the member gives and adds funds.
    const pending = (await balance(m.auth)).pendingRoundUpCents;
    expect(pending).toBeGreaterThan(0);
    t.deps.config.roundUpCollectMinCents = 100;
    await collectRoundUps(t.deps);
    clock = new Date(clock.getTime() + COLLECTION_CHECK_EVERY_MS);
    await Promise.all([collectRoundUps(t.deps), giveBalance(m.auth, 300), collectRoundUps(t.deps), deposit(m.auth, 200), giveBalance(m.auth, 250)]);
    t.deps.config.roundUpCollectMinCents = 500;
    const after = await balance(m.auth);
    expect(after).toMatchObject({ roundUpAccumulated: pending, pendingRoundUpCents: 0 });
    expect(after.balanceCents).toBe(await expectLedgerMatches(m.user.id));
    clock = new Date("2026-05-15T16:00:00Z");
  });
});

describe("transactions list", () => {
  let m: Member;
  const base = Date.parse("2026-04-01T12:00:00Z");
  beforeAll(async () => {
    m = await t.signUp();
    // 25 rows written directly (this member's balance is not under test here).
    const rows = Array.from({ length: 25 }, (_, i) => ({
      userId: m.user.id,
      type: (["round_up", "deposit", "payment", "withdrawal", "round_up"] as const)[i % 5],
      status: (i % 7 === 3 ? "failed" : i % 11 === 5 ? "pending" : "completed") as "failed" | "pending" | "completed",
      amountCents: 100 + i,
      description: i % 5 === 2 ? `Gift to church ${i}` : `Entry ${i} 100%_done`,
      merchantName: i % 5 === 0 ? (i % 10 === 0 ? "Starbucks" : "Publix") : null,
      // Rows 10 and 11 share a moment: the id breaks the tie.
      createdAt: new Date(base + (i === 11 ? 10 : i) * 3_600_000),
    }));
    await t.db.insert(walletTransactions).values(rows);
  });

  it("pages newest first without repeats or gaps", async () => {
    const page1 = await transactions(m.auth);
    expect(page1).toHaveLength(20);
    const page2 = await transactions(m.auth, `?before=${page1.at(-1)!.id}`);
    expect(page2).toHaveLength(5);
    const all = [...page1, ...page2];
    expect(new Set(all.map((x) => x.id)).size).toBe(25);
    const times = all.map((x) => Date.parse(x.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(await transactions(m.auth, `?before=${page2.at(-1)!.id}`)).toEqual([]);
    // Small pages across the tie at rows 10 and 11.
    const seen: string[] = [];
    let before = "";
    for (;;) {
      const page = await transactions(m.auth, `?limit=3${before ? `&before=${before}` : ""}`);
      if (page.length === 0) break;
      seen.push(...page.map((x) => x.id));
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual(all.map((x) => x.id));
    expect((await call(m.auth, "GET", "/api/wallet/transactions?limit=101")).statusCode).toBe(400);
    expect((await call(m.auth, "GET", "/api/wallet/transactions?before=00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("filters by type and status, and searches description and merchant on the server", async () => {
    const deposits = await transactions(m.auth, "?type=deposit&limit=100");
    expect(deposits).toHaveLength(5);
    expect(deposits.every((x) => x.type === "deposit")).toBe(true);
    const failed = await transactions(m.auth, "?status=failed&limit=100");
    expect(failed.map((x) => x.amountCents).sort()).toEqual([103, 110, 117, 124]);
    const failedPayments = await transactions(m.auth, "?type=payment&status=failed&limit=100");
    expect(failedPayments.map((x) => x.amountCents)).toEqual([117]);
    expect((await transactions(m.auth, "?search=STARBUCKS&limit=100")).map((x) => x.merchantName)).toEqual(["Starbucks", "Starbucks", "Starbucks"]);
    expect(await transactions(m.auth, "?search=gift to church&limit=100")).toHaveLength(5);
    expect(await transactions(m.auth, "?search=publix&type=round_up&limit=100")).toHaveLength(2);
    // % and _ are literal characters, not wildcards.
    expect(await transactions(m.auth, "?search=100%25_done&limit=100")).toHaveLength(20);
    expect(await transactions(m.auth, "?search=0%25&limit=100")).toHaveLength(20);
    expect(await transactions(m.auth, "?search=%25%25&limit=100")).toEqual([]);
    expect(await transactions(m.auth, "?search=nothing-like-this")).toEqual([]);
    expect((await call(m.auth, "GET", "/api/wallet/transactions?type=gift")).statusCode).toBe(400);
    expect((await call(m.auth, "GET", "/api/wallet/transactions?status=done")).statusCode).toBe(400);
  });
});

describe("Transactions' words (decision 0142: each line written as text by PostgreSQL)", () => {
  it("come back exactly: quotes, backslashes, line breaks and a line separator; a merchant or none", async () => {
    const m = await t.signUp();
    const description = 'Coffee "to go" \\ 2\nlines\u2028, \n 🙏';
    await t.db.insert(walletTransactions).values([
      { userId: m.user.id, type: "round_up", status: "completed", amountCents: 37, description, merchantName: 'Joe\'s "Café" \\', createdAt: new Date("2026-05-02T10:11:12.345Z") },
      { userId: m.user.id, type: "deposit", status: "pending", amountCents: 5000, description: "Added", merchantName: null, createdAt: new Date("2026-05-01T00:00:00Z") },
    ]);
    const res = await call(m.auth, "GET", "/api/wallet/transactions");
    expect(res.body).not.toContain("\n");
    expect(res.json()).toEqual([
      { id: expect.any(String), type: "round_up", description, merchantName: 'Joe\'s "Café" \\', amountCents: 37, status: "completed", createdAt: "2026-05-02T10:11:12.345Z" },
      { id: expect.any(String), type: "deposit", description: "Added", merchantName: null, amountCents: 5000, status: "pending", createdAt: "2026-05-01T00:00:00.000Z" },
    ]);
    expect(await transactions(m.auth)).toEqual(res.json());
  });
});

describe("Overview tiles", () => {
  it("counts linked banks and this month's round-ups in the church's time zone", async () => {
    const m = await t.signUp();
    const at = (iso: string) => new Date(iso);
    await t.db.insert(walletTransactions).values([
      // 23:30 on 30 April in Orlando: April, though May in UTC.
      { userId: m.user.id, type: "round_up", status: "completed", amountCents: 40, description: "r", createdAt: at("2026-05-01T03:30:00Z") },
      { userId: m.user.id, type: "round_up", status: "completed", amountCents: 25, description: "r", createdAt: at("2026-05-01T04:30:00Z") },
      { userId: m.user.id, type: "round_up", status: "completed", amountCents: 50, description: "r", createdAt: at("2026-05-14T12:00:00Z") },
      { userId: m.user.id, type: "round_up", status: "failed", amountCents: 70, description: "r", createdAt: at("2026-05-14T12:00:00Z") },
      { userId: m.user.id, type: "deposit", status: "completed", amountCents: 900, description: "d", createdAt: at("2026-05-14T12:00:00Z") },
    ]);
    clock = at("2026-05-15T16:00:00Z");
    expect((await call(m.auth, "GET", "/api/wallet/overview")).json()).toEqual({ linkedBankAccounts: 0, roundUpsThisMonthCents: 75 });
    clock = at("2026-06-01T03:00:00Z"); // still 31 May in Orlando
    expect(((await call(m.auth, "GET", "/api/wallet/overview")).json() as WalletOverview).roundUpsThisMonthCents).toBe(75);
    clock = at("2026-06-01T05:00:00Z");
    expect(((await call(m.auth, "GET", "/api/wallet/overview")).json() as WalletOverview).roundUpsThisMonthCents).toBe(0);
    clock = new Date("2026-05-15T16:00:00Z");
  });
});

describe("member isolation", () => {
  it("another member's wallet, methods and transactions are invisible or 404, on every endpoint", async () => {
    clock = new Date("2026-05-15T16:00:00Z");
    const a = await t.signUp();
    const b = await t.signUp();
    await enableRoundUps(a.auth);
    const aCard = await addCard(a.auth);
    const aBank = await linkBank(a.auth);
    await sync(a.auth);
    await deposit(a.auth, 2000);
    await giveBalance(a.auth, 300);
    const aTxns = await transactions(a.auth);
    const aBefore = { balance: await balance(a.auth), methods: await methods(a.auth), txns: aTxns };

    expect(await balance(b.auth)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
    expect(await transactions(b.auth)).toEqual([]);
    expect(await transactions(b.auth, "?search=Round-up")).toEqual([]);
    expect((await call(b.auth, "GET", `/api/wallet/transactions?before=${aTxns[0].id}`)).statusCode).toBe(404);
    expect(await methods(b.auth)).toEqual([]);
    expect((await call(b.auth, "GET", "/api/wallet/overview")).json()).toEqual({ linkedBankAccounts: 0, roundUpsThisMonthCents: 0 });
    for (const id of [aCard.id, aBank.id]) {
      expect((await call(b.auth, "PUT", `/api/wallet/payment-methods/${id}`, { isDefault: true })).statusCode).toBe(404);
      expect((await call(b.auth, "DELETE", `/api/wallet/payment-methods/${id}`)).statusCode).toBe(404);
    }
    // b's own actions never reach a's card, bank or wallet.
    expect((await deposit(b.auth, 1000)).json().error).toBe(WALLET_TEXT.noPaymentMethod);
    expect((await giveBalance(b.auth, 100)).statusCode).toBe(402);
    await enableRoundUps(b.auth);
    expect((await sync(b.auth)).json().error).toBe(WALLET_TEXT.noBankLinked);
    // The same Idempotency-Key as one of a's requests is b's own key.
    expect((await call(b.auth, "GET", "/api/giving/history")).json()).toEqual([]);

    expect({ balance: await balance(a.auth), methods: await methods(a.auth), txns: await transactions(a.auth) }).toEqual(aBefore);
    // Signed out: 401 everywhere (with valid bodies: validation runs before the sign-in check).
    for (const [method, url, body] of [
      ["GET", "/api/wallet/balance"],
      ["GET", "/api/wallet/transactions"],
      ["GET", "/api/wallet/overview"],
      ["GET", "/api/wallet/payment-methods"],
      ["POST", "/api/wallet/payment-methods", card()],
      ["PUT", `/api/wallet/payment-methods/${aCard.id}`, { isDefault: true }],
      ["DELETE", `/api/wallet/payment-methods/${aCard.id}`],
      ["POST", "/api/wallet/plaid/link-token"],
      ["POST", "/api/wallet/plaid/exchange-token", { publicToken: "public-sandbox-x" }],
      ["POST", "/api/wallet/process-roundups"],
      ["POST", "/api/wallet/deposits", { amountCents: 500 }],
      ["POST", "/api/wallet/give", { amountCents: 500 }],
    ] as const) {
      expect((await call(null, method, url, body, { "idempotency-key": newKey() })).statusCode, url).toBe(401);
    }
    expect(await methods(a.auth)).toEqual(aBefore.methods);
  });
});

/** Every text column of every table: rows whose value contains `needle` (as "table.column"). */
async function searchTextColumns(needle: string, regex?: string) {
  const cols = (await t.db.execute(
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  expect(cols.rows.length).toBeGreaterThan(5);
  const hits: string[] = [];
  for (const { table_name, column_name } of cols.rows) {
    const cond = regex ? `"${column_name}"::text ~ '${regex}'` : `"${column_name}"::text like '%${needle}%'`;
    const res = (await t.db.execute(sql.raw(`select count(*)::int as n from "${table_name}" where ${cond}`))) as unknown as { rows: { n: number }[] };
    if (Number(res.rows[0].n) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

describe("card data at rest and in logs", () => {
  it("never stores or logs the card number or CVV of a saved card", async () => {
    const m = await t.signUp();
    const number = "5105105105105100";
    const cvv = "8461";
    logLines.length = 0;
    await addCard(m.auth, { cardNumber: "5105 1051 0510 5100", cvv });
    expect((await deposit(m.auth, 1500)).statusCode).toBe(201);
    // A rejected request logs too (400): its card data must not appear either.
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card({ cardNumber: number, cvv, expiryMonth: 0 }))).statusCode).toBe(400);
    expect((await call(m.auth, "POST", "/api/wallet/payment-methods", card({ cardNumber: "5105105105105101", cvv }))).statusCode).toBe(402);

    expect(await searchTextColumns(number)).toEqual([]);
    expect(await searchTextColumns("", `(^|[^0-9a-zA-Z-])${cvv}([^0-9a-zA-Z-]|$)`)).toEqual([]);
    expect(await searchTextColumns("5105105105105101")).toEqual([]);
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, m.user.id));
    expect(row).toMatchObject({ lastFour: "5100", cardBrand: "mastercard" });

    const logs = logLines.join("");
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [number, "5105 1051 0510 5100", "5105105105105101"]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(new RegExp(`(^|[^0-9a-zA-Z-])${cvv}([^0-9a-zA-Z-]|$)`));
  });
});

describe("demo wallet seed", () => {
  it("gives the demo member a linked bank, round-ups on and a history whose balance is the ledger's sum, once", async () => {
    clock = new Date("2026-05-15T16:00:00Z");
    const opts = { secrets: t.deps.secrets, now: clock, churchName: t.deps.church.name };
    await seedDemo(t.db, opts);
    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: DEMO_WALLET_EMAIL, password: DEMO_PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { token, user } = signIn.json() as { token: string; user: { id: string } };
    const auth = { authorization: `Bearer ${token}` };
    const seeded = await balance(auth);
    expect(seeded.balanceCents).toBeGreaterThan(0);
    expect(seeded.roundUpAccumulated).toBeGreaterThan(0);
    await expectLedgerMatches(user.id);
    expect((await call(auth, "GET", "/api/roundup/setting")).json()).toEqual({ isEnabled: true });
    const list = await methods(auth);
    expect(list.map((m) => [m.type, m.isDefault])).toEqual([
      ["credit_card", true],
      ["bank_account", false],
    ]);
    const history = await transactions(auth, "?limit=100");
    expect(new Set(history.map((x) => x.type))).toEqual(new Set(["round_up", "deposit", "payment"]));

    // Sync Round-ups has the last day and a half of purchases to add.
    const synced = (await sync(auth)).json() as RoundUpResult;
    expect(synced.transactionCount).toBeGreaterThan(0);
    await expectLedgerMatches(user.id);
    const after = await balance(auth);
    await seedDemo(t.db, opts);
    expect(await balance(auth)).toEqual(after);
    expect(await methods(auth)).toHaveLength(2);
    // And Add Funds works on the seeded default card.
    expect((await deposit(auth, 500)).statusCode).toBe(201);
  });
});
