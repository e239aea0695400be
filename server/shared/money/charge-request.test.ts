/**
 * The one money path (charge-request.ts, decision 0104), route by route: with the card gateway
 * unreachable every route that calls it answers 503 with the translated message (English and
 * Spanish), records no money and releases the Idempotency-Key, so the same request with the
 * same key succeeds once the gateway answers. Two server instances share one database: `t`
 * charges through the Authorize.Net stand-in, `down` through a gateway address where nothing
 * listens (connection refused, as when the gateway or the network is out).
 * Every money route also counts against the member's money rate limit.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, sameDatabase, type TestApp } from "../../testing/harness";
import { createMoneyTestApp, giveRequest } from "../../testing/money-test-app";
import { startAuthorizeNetStandIn } from "../../testing/authorize-net-stand-in";
import { gifts, idempotencyKeys, recurringGifts } from "../../db/schema/giving";
import { paymentMethods, walletTransactions, wallets } from "../../db/schema/wallet";
import { localize } from "../../i18n";
import { GIVING_TEXT, type GiveRequestInput } from "../../../contract/giving";

const LOGIN = "7mQ2dW9xLp";
const KEY = "8Hn4Tz62Kq5vRw3Y";
let standIn: Awaited<ReturnType<typeof startAuthorizeNetStandIn>>;
let t: TestApp;
let down: TestApp;

/** A local address where nothing listens: the port is taken and given back. */
async function closedEndpoint() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}/xml/v1/request.api`;
}

beforeAll(async () => {
  standIn = await startAuthorizeNetStandIn({ apiLoginId: LOGIN, transactionKey: KEY });
  t = await createMoneyTestApp({ env: standIn.appEnv });
  down = await createTestApp({
    sameDatabaseAs: sameDatabase(t),
    env: { GIVING_RATE_LIMIT_PER_USER: "100000", ...standIn.appEnv, AUTHORIZE_NET_ENDPOINT: await closedEndpoint() },
  });
});
afterAll(async () => {
  await down?.close();
  await t?.close();
  await standIn?.close();
});

type Auth = { authorization: string };
type Member = Awaited<ReturnType<TestApp["signUp"]>>;
let n = 0;
const newKey = () => `money-${Date.now()}-${++n}`;
const SPANISH = localize(GIVING_TEXT.gatewayUnavailable, "es");

const giveBody = (over: Partial<GiveRequestInput> = {}) => giveRequest({ amount_cents: 4200, ...over }, { card_number: "4111111111111111" });
const post = (app: TestApp, auth: Auth, url: string, payload: unknown, key: string | null, lang?: string) =>
  app.app.inject({
    method: "POST",
    url,
    headers: { ...auth, ...(key ? { "idempotency-key": key } : {}), ...(lang ? { "accept-language": lang } : {}) },
    payload: payload as never,
  });

/** The gateway is unreachable: 503 with the message in the asker's language, English and Spanish. */
async function expectUnavailable(call: (lang?: string) => ReturnType<typeof post>) {
  const en = await call();
  expect(en.statusCode, en.body).toBe(503);
  expect(en.json()).toEqual({ error: GIVING_TEXT.gatewayUnavailable, code: "UNAVAILABLE" });
  const es = await call("es");
  expect(es.statusCode, es.body).toBe(503);
  expect(es.json()).toEqual({ error: SPANISH, code: "UNAVAILABLE" });
  expect(SPANISH).not.toBe(GIVING_TEXT.gatewayUnavailable);
}
const keysOf = (m: Member) => t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, m.user.id));
const giftsOf = (m: Member) => t.db.select().from(gifts).where(eq(gifts.userId, m.user.id));
const balanceOf = async (m: Member) => (await t.db.select().from(wallets).where(eq(wallets.userId, m.user.id)))[0]?.balanceCents ?? 0;
async function withCard(m: Member) {
  const res = await post(t, m.auth, "/api/wallet/payment-methods", { type: "credit_card", cardNumber: "4111111111111111", expiryMonth: 10, expiryYear: 99, cvv: "5123" }, null);
  expect(res.statusCode, res.body).toBe(201);
}

describe("an unreachable card gateway, on every route that charges", () => {
  it("one-time gift: 503, no gift, the key released; the same key gives once the gateway answers", async () => {
    const m = await t.signUp();
    const key = newKey();
    await expectUnavailable((lang) => post(down, m.auth, "/api/giving/one-time", giveBody(), key, lang));
    expect(await giftsOf(m)).toEqual([]);
    expect(await keysOf(m)).toEqual([]);
    const ok = await post(t, m.auth, "/api/giving/one-time", giveBody(), key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await giftsOf(m)).map((g) => [g.status, g.amountCents])).toEqual([["COMPLETED", 4200]]);
  });

  it("recurring gift set-up: 503, no gift and no recurring gift, the key released; the same key sets it up once", async () => {
    const m = await t.signUp();
    const key = newKey();
    await expectUnavailable((lang) => post(down, m.auth, "/api/giving/recurring", giveBody({ is_recurring: true }), key, lang));
    expect(await giftsOf(m)).toEqual([]);
    expect(await t.db.select().from(recurringGifts).where(eq(recurringGifts.userId, m.user.id))).toEqual([]);
    expect(await keysOf(m)).toEqual([]);
    const ok = await post(t, m.auth, "/api/giving/recurring", giveBody({ is_recurring: true }), key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await giftsOf(m)).toHaveLength(1);
    expect(await t.db.select().from(recurringGifts).where(eq(recurringGifts.userId, m.user.id))).toHaveLength(1);
  });

  it("Add Funds: 503, nothing credited (the attempt stays a failed deposit, decision 0023), the key released; the same key adds the funds once", async () => {
    const m = await t.signUp();
    await withCard(m);
    const key = newKey();
    await expectUnavailable((lang) => post(down, m.auth, "/api/wallet/deposits", { amountCents: 2500 }, key, lang));
    expect(await balanceOf(m)).toBe(0);
    const deposits = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.user.id));
    expect(deposits.map((d) => [d.type, d.status])).toEqual([
      ["deposit", "failed"],
      ["deposit", "failed"],
    ]);
    expect(await keysOf(m)).toEqual([]);
    const ok = await post(t, m.auth, "/api/wallet/deposits", { amountCents: 2500 }, key);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await balanceOf(m)).toBe(2500);
    const completed = await t.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, m.user.id), eq(walletTransactions.status, "completed")));
    expect(completed).toHaveLength(1);
  });

  it("saving a card: 503 and no card saved; saving it again works once the gateway answers", async () => {
    const m = await t.signUp();
    const card = { type: "credit_card", cardNumber: "4111111111111111", expiryMonth: 10, expiryYear: 99, cvv: "5123" };
    await expectUnavailable((lang) => post(down, m.auth, "/api/wallet/payment-methods", card, null, lang));
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, m.user.id))).toEqual([]);
    expect((await post(t, m.auth, "/api/wallet/payment-methods", card, null)).statusCode).toBe(201);
  });

  it("giving the wallet balance needs no gateway: it is given even while the gateway is out, once per key", async () => {
    const m = await t.signUp();
    await withCard(m);
    expect((await post(t, m.auth, "/api/wallet/deposits", { amountCents: 3000 }, newKey())).statusCode).toBe(201);
    const key = newKey();
    const given = await post(down, m.auth, "/api/wallet/give", { amountCents: 1000 }, key);
    expect(given.statusCode, given.body).toBe(201);
    const again = await post(t, m.auth, "/api/wallet/give", { amountCents: 1000 }, key);
    expect(again.json()).toEqual(given.json());
    expect(await balanceOf(m)).toBe(2000);
    expect((await giftsOf(m)).map((g) => g.amountCents)).toEqual([1000]);
  });
});

describe("the money rate limit", () => {
  it("counts every money route, each kind with its own counter: past the limit, 429 and nothing charged", async () => {
    const limited = await createTestApp({
      sameDatabaseAs: sameDatabase(t),
      env: { ...standIn.appEnv, GIVING_RATE_LIMIT_PER_USER: "1", GIVING_RATE_LIMIT_WINDOW_SECONDS: "86400" },
    });
    try {
      const m = await t.signUp();
      const card = { type: "credit_card", cardNumber: "4111111111111111", expiryMonth: 10, expiryYear: 99, cvv: "5123" };
      // In this order each first request has what it needs: a card to add funds from, funds to give.
      const routes: [string, unknown, boolean][] = [
        ["/api/wallet/payment-methods", card, false],
        ["/api/wallet/deposits", { amountCents: 1000 }, true],
        ["/api/wallet/give", { amountCents: 1000 }, true],
        ["/api/giving/one-time", giveBody(), true],
      ];
      for (const [url, payload, keyed] of routes) {
        const first = await post(limited, m.auth, url, payload, keyed ? newKey() : null);
        expect(first.statusCode, `${url} ${first.body}`).toBe(201);
        const second = await post(limited, m.auth, url, payload, keyed ? newKey() : null);
        expect(second.statusCode, url).toBe(429);
      }
      // One-time and recurring gifts share their counter.
      expect((await post(limited, m.auth, "/api/giving/recurring", giveBody({ is_recurring: true }), newKey())).statusCode).toBe(429);
      expect((await giftsOf(m)).map((g) => g.amountCents).sort()).toEqual([1000, 4200]);
      expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, m.user.id))).toHaveLength(1);
      expect(await balanceOf(m)).toBe(0);
    } finally {
      await limited.close();
    }
  });
});
