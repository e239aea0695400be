/**
 * The Plaid adapter against a local stand-in that speaks Plaid's documented API: POST with a
 * JSON body carrying client_id and secret, /link/token/create, /item/public_token/exchange,
 * /accounts/get, /transactions/sync (cursor, count, has_more, added/modified/removed) and
 * /item/remove, and Plaid's error shape. Then the app wired to it through PLAID_* config.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createPlaidBank, toDebit, toPurchase } from "./plaid";
import { BankError, DebitDeclined } from "./port";
import { runRoundUpCollections } from "../../jobs/round-up-collections";
import { runBackgroundCalls } from "../../jobs/background-calls";
import { backgroundCalls } from "../../db/schema/platform";
import { COLLECTION_CHECK_EVERY_MS } from "../../features/wallet/collect-round-ups";
import { roundUpCollections } from "../../db/schema/wallet";
import { createTestApp, type TestApp } from "../../testing/harness";
import { bankAccounts, bankPurchases } from "../../db/schema/wallet";
import { LINK_REFUSED } from "../../features/wallet/bank-errors";
import { WALLET_TEXT, type PaymentMethod, type RoundUpResult, type WalletTransaction } from "../../../contract/wallet";

const CLIENT_ID = "client-id-123";
const SECRET = "secret-xyz";
const ACCESS_TOKEN = "access-production-9f8e7d6c-aaaa-bbbb";
const PUBLIC_TOKEN = "public-production-1234";

type Txn = {
  transaction_id: string;
  account_id: string;
  amount: number;
  date: string;
  datetime: string | null;
  name: string;
  merchant_name: string | null;
  pending: boolean;
};
type Update = { kind: "added" | "modified"; t: Txn } | { kind: "removed"; id: string };

/** The stand-in's state: an append-only list of updates; a cursor is "c<index>". */
const plaid = {
  updates: [] as Update[],
  pageSize: 3,
  requests: [] as { path: string; body: Record<string, unknown>; headers: http.IncomingHttpHeaders }[],
  /** Fail /transactions/sync once with this error (then behave). */
  failSyncOnce: null as null | { status: number; body: unknown; onPage?: number },
  syncCalls: 0,
  removed: [] as string[],
  /** Transfer: authorizations by idempotency key, transfers by id (their status set by the test). */
  authorizations: new Map<string, { id: string; decision: string; used: string | null }>(),
  transfers: new Map<string, { id: string; status: string; amount: string; failure_reason: null | { ach_return_code: string | null; description: string } }>(),
  declineNext: false,
  /** How /item/remove answers: ok, never (stall), 500 (down) or 400 INVALID_FIELD (refuse). */
  removeMode: "ok" as "ok" | "stall" | "down" | "refuse",
  held: [] as http.ServerResponse[],
};

const txn = (id: string, amount: number, daysAgo: number, over: Partial<Txn> = {}, base = Date.parse("2026-05-15T16:00:00Z")): Txn => {
  const at = new Date(base - daysAgo * 86_400_000);
  return {
    transaction_id: id,
    account_id: "acc-checking",
    amount,
    date: at.toISOString().slice(0, 10),
    datetime: at.toISOString(),
    name: `POS ${id}`,
    merchant_name: `Merchant ${id}`,
    pending: false,
    ...over,
  };
};

const plaidError = (res: http.ServerResponse, status: number, code: string, type = "INVALID_INPUT") => {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ error_type: type, error_code: code, error_message: `stand-in: ${code}`, display_message: null, request_id: "req-err" }));
};

let server: http.Server;
let baseUrl: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      const path = req.url ?? "";
      const body = JSON.parse(data || "{}") as Record<string, unknown>;
      plaid.requests.push({ path, body, headers: req.headers });
      const send = (json: unknown) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ...(json as object), request_id: "req-ok" }));
      };
      if (req.method !== "POST") return plaidError(res, 405, "METHOD_NOT_ALLOWED");
      if (body.client_id !== CLIENT_ID || body.secret !== SECRET) return plaidError(res, 400, "INVALID_API_KEYS");
      switch (path) {
        case "/link/token/create":
          if (!(body.user as { client_user_id?: string })?.client_user_id || !(body.products as string[])?.includes("transactions")) {
            return plaidError(res, 400, "INVALID_FIELD");
          }
          return send({ link_token: "link-production-abc", expiration: "2026-05-15T20:00:00Z" });
        case "/item/public_token/exchange":
          if (body.public_token !== PUBLIC_TOKEN) return plaidError(res, 400, "INVALID_PUBLIC_TOKEN");
          return send({ access_token: ACCESS_TOKEN, item_id: "item-77" });
        case "/accounts/get":
          if (body.access_token !== ACCESS_TOKEN) return plaidError(res, 400, "INVALID_ACCESS_TOKEN");
          return send({
            accounts: [
              { account_id: "acc-savings", name: "Plaid Saving", mask: "1111", type: "depository", subtype: "savings" },
              { account_id: "acc-checking", name: "Plaid Checking", mask: "0000", type: "depository", subtype: "checking" },
              { account_id: "acc-credit", name: "Plaid Credit Card", mask: "3333", type: "credit", subtype: "credit card" },
            ],
            item: { item_id: "item-77", institution_id: "ins_109508", institution_name: "First Platypus Bank" },
          });
        case "/transactions/sync": {
          if (body.access_token !== ACCESS_TOKEN) return plaidError(res, 400, "INVALID_ACCESS_TOKEN");
          plaid.syncCalls += 1;
          const cursor = typeof body.cursor === "string" && body.cursor ? body.cursor : "c0";
          const from = Number(cursor.slice(1));
          const fail = plaid.failSyncOnce;
          if (fail && (fail.onPage === undefined || fail.onPage === from)) {
            plaid.failSyncOnce = null;
            res.statusCode = fail.status;
            return res.end(typeof fail.body === "string" ? fail.body : JSON.stringify(fail.body));
          }
          const count = Math.min(Number(body.count ?? 100), plaid.pageSize);
          const page = plaid.updates.slice(from, from + count);
          const next = from + page.length;
          return send({
            added: page.filter((u) => u.kind === "added").map((u) => (u as { t: Txn }).t),
            modified: page.filter((u) => u.kind === "modified").map((u) => (u as { t: Txn }).t),
            removed: page.filter((u) => u.kind === "removed").map((u) => ({ transaction_id: (u as { id: string }).id, account_id: "acc-checking" })),
            next_cursor: `c${next}`,
            has_more: next < plaid.updates.length,
            accounts: [],
          });
        }
        case "/transfer/authorization/create": {
          if (body.access_token !== ACCESS_TOKEN) return plaidError(res, 400, "INVALID_ACCESS_TOKEN");
          const ok =
            body.account_id === "acc-checking" &&
            body.type === "debit" &&
            body.network === "ach" &&
            body.ach_class === "web" &&
            typeof body.amount === "string" &&
            /^\d+\.\d{2}$/.test(body.amount) &&
            typeof (body.user as { legal_name?: string })?.legal_name === "string";
          if (!ok) return plaidError(res, 400, "INVALID_FIELD");
          const key = String(body.idempotency_key ?? "");
          let auth = key ? plaid.authorizations.get(key) : undefined;
          if (!auth) {
            auth = { id: `auth-${plaid.authorizations.size + 1}`, decision: plaid.declineNext ? "declined" : "approved", used: null };
            plaid.declineNext = false;
            if (key) plaid.authorizations.set(key, auth);
          }
          return send({
            authorization: {
              id: auth.id,
              created: "2026-05-15T16:00:00Z",
              decision: auth.decision,
              decision_rationale: auth.decision === "declined" ? { code: "NSF", description: "Transaction declined due to insufficient funds" } : null,
            },
          });
        }
        case "/transfer/create": {
          if (body.access_token !== ACCESS_TOKEN) return plaidError(res, 400, "INVALID_ACCESS_TOKEN");
          const auth = [...plaid.authorizations.values()].find((a) => a.id === body.authorization_id);
          if (!auth || auth.decision !== "approved" || typeof body.description !== "string" || body.description.length > 15) return plaidError(res, 400, "INVALID_FIELD");
          // The authorization id is the transfer's idempotency: the same one gives the same transfer.
          if (!auth.used) {
            auth.used = `transfer-${plaid.transfers.size + 1}`;
            plaid.transfers.set(auth.used, { id: auth.used, status: "pending", amount: String(body.amount), failure_reason: null });
          }
          return send({ transfer: { ...plaid.transfers.get(auth.used), type: "debit", account_id: body.account_id } });
        }
        case "/transfer/get": {
          const transfer = plaid.transfers.get(String(body.transfer_id));
          if (!transfer) return plaidError(res, 400, "TRANSFER_NOT_FOUND", "TRANSFER_ERROR");
          return send({ transfer });
        }
        case "/item/remove":
          if (plaid.removeMode === "stall") return void plaid.held.push(res);
          if (plaid.removeMode === "down") return plaidError(res, 500, "INTERNAL_SERVER_ERROR", "API_ERROR");
          if (plaid.removeMode === "refuse") return plaidError(res, 400, "INVALID_FIELD");
          plaid.removed.push(String(body.access_token));
          return send({});
        default:
          return plaidError(res, 404, "NOT_FOUND");
      }
    });
  });
  // Idle keep-alive sockets outlive any pause of a loaded test machine: a socket the server closes
  // just as the client reuses it fails the fetch ("fetch failed"), which is not what these tests test.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const bank = () => createPlaidBank({ clientId: CLIENT_ID, secret: SECRET, baseUrl });

describe("Plaid adapter", () => {
  it("creates a link token and exchanges a public token for the checking account, with client_id and secret in the body", async () => {
    plaid.requests.length = 0;
    const link = await bank().createLinkToken({ id: "user-1", churchName: "Koinonia Church Orlando and Friends Everywhere" });
    expect(link).toEqual({ linkToken: "link-production-abc", expiration: new Date("2026-05-15T20:00:00Z") });
    const created = plaid.requests[0];
    expect(created.path).toBe("/link/token/create");
    expect(created.headers["content-type"]).toBe("application/json");
    expect(created.headers["plaid-version"]).toBe("2020-09-14");
    expect(created.body).toMatchObject({ client_id: CLIENT_ID, secret: SECRET, user: { client_user_id: "user-1" }, products: ["transactions"], country_codes: ["US"] });
    expect(String(created.body.client_name).length).toBeLessThanOrEqual(30);

    const linked = await bank().exchangePublicToken(PUBLIC_TOKEN, { id: "user-1" });
    expect(linked).toEqual({
      accessToken: ACCESS_TOKEN,
      itemId: "item-77",
      account: { id: "acc-checking", name: "Plaid Checking", mask: "0000", institutionName: "First Platypus Bank" },
    });
    expect(plaid.requests.map((r) => r.path)).toEqual(["/link/token/create", "/item/public_token/exchange", "/accounts/get"]);
  });

  it("pages through /transactions/sync with the cursor until has_more is false", async () => {
    plaid.updates = [
      ...Array.from({ length: 7 }, (_, i) => ({ kind: "added" as const, t: txn(`t${i}`, 4.25 + i, 1) })),
      { kind: "modified", t: txn("t1", 5.5, 1) },
      { kind: "removed", id: "t2" },
    ];
    plaid.requests.length = 0;
    const r = await bank().sync(ACCESS_TOKEN, null);
    const syncs = plaid.requests.filter((x) => x.path === "/transactions/sync");
    expect(syncs.map((x) => x.body.cursor ?? null)).toEqual([null, "c3", "c6"]);
    expect(syncs.every((x) => x.body.count === 500 && x.body.access_token === ACCESS_TOKEN)).toBe(true);
    expect(r.added.map((p) => p.id)).toEqual(["t0", "t1", "t2", "t3", "t4", "t5", "t6"]);
    expect(r.added[0]).toMatchObject({ amountCents: 425, merchantName: "Merchant t0", accountId: "acc-checking", pending: false });
    expect(r.modified.map((p) => [p.id, p.amountCents])).toEqual([["t1", 550]]);
    expect(r.removed).toEqual(["t2"]);
    expect(r.cursor).toBe("c9");
    // From a stored cursor: only what came after it.
    plaid.updates.push({ kind: "added", t: txn("t9", 1.01, 0) });
    const more = await bank().sync(ACCESS_TOKEN, "c9");
    expect(more.added.map((p) => p.id)).toEqual(["t9"]);
    expect(more.cursor).toBe("c10");
  });

  it("starts again from the first cursor on TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION", async () => {
    plaid.updates = Array.from({ length: 5 }, (_, i) => ({ kind: "added" as const, t: txn(`m${i}`, 2.5, 1) }));
    plaid.failSyncOnce = {
      status: 400,
      onPage: 3,
      body: { error_type: "TRANSACTIONS_ERROR", error_code: "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION", error_message: "restart", request_id: "r" },
    };
    plaid.requests.length = 0;
    const r = await bank().sync(ACCESS_TOKEN, null);
    expect(plaid.requests.filter((x) => x.path === "/transactions/sync").map((x) => x.body.cursor ?? null)).toEqual([null, "c3", null, "c3"]);
    expect(r.added.map((p) => p.id)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  });

  it("turns Plaid's error shape, a broken body and an unreachable server into BankError", async () => {
    plaid.failSyncOnce = { status: 400, body: { error_type: "ITEM_ERROR", error_code: "ITEM_LOGIN_REQUIRED", error_message: "login required", request_id: "r" } };
    const err = await bank().sync(ACCESS_TOKEN, null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BankError);
    expect(err).toMatchObject({ code: "ITEM_LOGIN_REQUIRED", status: 400 });
    expect((err as Error).message).toContain("login required");

    plaid.failSyncOnce = { status: 502, body: "<html>bad gateway</html>" };
    expect(await bank().sync(ACCESS_TOKEN, null).catch((e: unknown) => e)).toMatchObject({ status: 502, code: null });

    const down = createPlaidBank({ clientId: CLIENT_ID, secret: SECRET, baseUrl: "http://127.0.0.1:9" });
    expect(await down.sync(ACCESS_TOKEN, null).catch((e: unknown) => e)).toBeInstanceOf(BankError);
    const wrongKeys = createPlaidBank({ clientId: CLIENT_ID, secret: "nope", baseUrl });
    expect(await wrongKeys.createLinkToken({ id: "u", churchName: "c" }).catch((e: unknown) => e)).toMatchObject({ code: "INVALID_API_KEYS" });
  });

  it("debits through Plaid Transfer: authorization then transfer with the same key, status by /transfer/get", async () => {
    plaid.requests.length = 0;
    const req = { accessToken: ACCESS_TOKEN, accountId: "acc-checking", amountCents: 1234, idempotencyKey: "collection-1", legalName: "Ann Lee" };
    const debit = await bank().createDebit(req);
    expect(debit).toEqual({ id: "transfer-1", status: "pending", failureReason: null });
    expect(plaid.requests.map((r) => r.path)).toEqual(["/transfer/authorization/create", "/transfer/create"]);
    expect(plaid.requests[0].body).toMatchObject({
      client_id: CLIENT_ID,
      secret: SECRET,
      access_token: ACCESS_TOKEN,
      account_id: "acc-checking",
      type: "debit",
      network: "ach",
      amount: "12.34",
      ach_class: "web",
      user: { legal_name: "Ann Lee" },
      idempotency_key: "collection-1",
    });
    expect(plaid.requests[1].body).toMatchObject({ authorization_id: "auth-1", amount: "12.34", description: "Round-ups" });
    // A retry with the same key (a crash before we stored the id) finds the same transfer.
    expect(await bank().createDebit(req)).toEqual(debit);
    expect(plaid.transfers.size).toBe(1);

    const status = async (s: string, failure: { ach_return_code: string | null; description: string } | null = null) => {
      plaid.transfers.set("transfer-1", { ...plaid.transfers.get("transfer-1")!, status: s, failure_reason: failure });
      return bank().getDebit("transfer-1");
    };
    expect((await status("posted")).status).toBe("posted");
    expect((await status("settled")).status).toBe("settled");
    expect((await status("funds_available")).status).toBe("settled");
    expect(await status("returned", { ach_return_code: "R01", description: "Insufficient funds" })).toEqual({
      id: "transfer-1",
      status: "returned",
      failureReason: "R01: Insufficient funds",
    });
    expect(await status("failed", { ach_return_code: null, description: "Account closed" })).toMatchObject({ status: "failed", failureReason: "Account closed" });
    expect(toDebit({ id: "x", status: "cancelled" })).toEqual({ id: "x", status: "failed", failureReason: "The transfer was cancelled" });
    expect(() => toDebit({ id: "x", status: "weird" })).toThrow(BankError);
    expect(await bank().getDebit("transfer-404").catch((e: unknown) => e)).toMatchObject({ code: "TRANSFER_NOT_FOUND" });

    plaid.declineNext = true;
    const declined = await bank().createDebit({ ...req, idempotencyKey: "collection-2" }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(DebitDeclined);
    expect((declined as DebitDeclined).reason).toBe("Transaction declined due to insufficient funds");
    expect(plaid.transfers.size).toBe(1);
  });

  it("maps a transaction without a time to noon UTC of its date, and names without a merchant", () => {
    const p = toPurchase({ ...txn("x", 12, 0), datetime: null, date: "2026-05-01", merchant_name: null, name: "CHECK 1234" });
    expect(p).toMatchObject({ postedAt: new Date("2026-05-01T12:00:00Z"), merchantName: null, description: "CHECK 1234", amountCents: 1200 });
  });
});

describe("the app with Plaid configured", () => {
  let clock = new Date("2026-05-15T16:00:00Z");
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env: { PLAID_CLIENT_ID: CLIENT_ID, PLAID_SECRET: SECRET, PLAID_BASE_URL: baseUrl } });
  });
  afterAll(() => t.close());

  it("links through Plaid, seals the access token, rounds up posted checking purchases once, and unlinks at Plaid", async () => {
    const m = await t.signUp();
    const auth = m.auth;
    const link = await t.app.inject({ method: "POST", url: "/api/wallet/plaid/link-token", headers: auth });
    expect(link.json()).toMatchObject({ provider: "plaid", linkToken: "link-production-abc" });

    const refused = await t.app.inject({ method: "POST", url: "/api/wallet/plaid/exchange-token", headers: auth, payload: { publicToken: "public-expired" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(LINK_REFUSED);

    const res = await t.app.inject({ method: "POST", url: "/api/wallet/plaid/exchange-token", headers: auth, payload: { publicToken: PUBLIC_TOKEN } });
    expect(res.statusCode, res.body).toBe(201);
    const method = res.json() as PaymentMethod;
    expect(method).toMatchObject({ type: "bank_account", provider: "plaid", bankName: "First Platypus Bank", lastFour: "0000", isDefault: true });

    // The token is only in sealed form: no text column holds it.
    const cols = (await t.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'jsonb')`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    for (const { table_name, column_name } of cols.rows) {
      const hit = (await t.db.execute(sql.raw(`select count(*)::int as n from "${table_name}" where "${column_name}"::text like '%${ACCESS_TOKEN}%'`))) as unknown as {
        rows: { n: number }[];
      };
      expect(Number(hit.rows[0].n), `${table_name}.${column_name}`).toBe(0);
    }

    plaid.updates = [
      { kind: "added", t: txn("p1", 4.25, 1) }, // 75
      { kind: "added", t: txn("p2", 3.0, 2) }, // whole dollar: 0
      { kind: "added", t: txn("p3", 12.01, 3, { pending: true }) }, // pending: waits
      { kind: "added", t: txn("p4", 7.1, 2, { account_id: "acc-savings" }) }, // another account: ignored
      { kind: "added", t: txn("p5", 19.99, 20) }, // before the first week: stored, rounds up nothing
      { kind: "added", t: txn("p6", -15.5, 1) }, // a refund: nothing
      { kind: "added", t: txn("p7", 0.4, 0.1) }, // 60
    ];
    const sync = () => t.app.inject({ method: "POST", url: "/api/wallet/process-roundups", headers: auth });
    expect((await sync()).json().error).toBe(WALLET_TEXT.roundUpsDisabled);
    await t.app.inject({ method: "POST", url: "/api/roundup/enable", headers: auth, payload: { isEnabled: true } });
    const first = await sync();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ totalRoundUp: 135, transactionCount: 2 } satisfies RoundUpResult);
    expect((await sync()).json()).toEqual({ totalRoundUp: 0, transactionCount: 0 });

    // The pending purchase posts under a new id; another is corrected and one removed.
    plaid.updates.push(
      { kind: "removed", id: "p3" },
      { kind: "added", t: txn("p3-posted", 12.01, 0) },
      { kind: "modified", t: txn("p1", 4.35, 1) },
      { kind: "removed", id: "p2" },
    );
    expect((await sync()).json()).toEqual({ totalRoundUp: 99, transactionCount: 1 });
    const stored = await t.db.select().from(bankPurchases).where(eq(bankPurchases.userId, m.user.id));
    expect(stored.map((p) => p.providerTransactionId).sort()).toEqual(["p1", "p2", "p3-posted", "p5", "p6", "p7"]);
    expect(stored.find((p) => p.providerTransactionId === "p1")).toMatchObject({ amountCents: 435, roundUpCents: 75 });
    expect(stored.find((p) => p.providerTransactionId === "p2")!.removedAt).not.toBeNull();
    const txns = (await t.app.inject({ method: "GET", url: "/api/wallet/transactions", headers: auth })).json() as WalletTransaction[];
    expect(txns.map((x) => [x.merchantName, x.amountCents])).toEqual([
      ["Merchant p3-posted", 99],
      ["Merchant p7", 60],
      ["Merchant p1", 75],
    ]);
    const walletBalance = async () => (await t.app.inject({ method: "GET", url: "/api/wallet/balance", headers: auth })).json();
    expect(await walletBalance()).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 234 });

    // Collected through Plaid Transfer (below the $5.00 minimum, so after a week), settled, then available.
    plaid.transfers.clear();
    plaid.authorizations.clear();
    expect((await runRoundUpCollections(t.deps)).started).toBe(0);
    clock = new Date(clock.getTime() + 7 * 86_400_000);
    expect((await runRoundUpCollections(t.deps)).started).toBe(1);
    const [collection] = await t.db.select().from(roundUpCollections).where(eq(roundUpCollections.userId, m.user.id));
    expect(collection).toMatchObject({ status: "pending", amountCents: 234, providerDebitId: "transfer-1" });
    expect([...plaid.authorizations.keys()]).toEqual([collection.id]);
    expect(plaid.transfers.get("transfer-1")!.amount).toBe("2.34");
    plaid.transfers.get("transfer-1")!.status = "posted";
    clock = new Date(clock.getTime() + COLLECTION_CHECK_EVERY_MS);
    await runRoundUpCollections(t.deps);
    expect(await walletBalance()).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 234 });
    plaid.transfers.get("transfer-1")!.status = "settled";
    clock = new Date(clock.getTime() + COLLECTION_CHECK_EVERY_MS);
    await runRoundUpCollections(t.deps);
    expect(await walletBalance()).toEqual({ balanceCents: 234, roundUpAccumulated: 234, pendingRoundUpCents: 0 });
    const collected = (await t.app.inject({ method: "GET", url: "/api/wallet/transactions", headers: auth })).json() as WalletTransaction[];
    expect(collected.every((x) => x.status === "completed")).toBe(true);

    // Plaid's errors: a login the bank wants renewed is a 400 asking to link again; an outage a 503.
    plaid.failSyncOnce = { status: 400, body: { error_type: "ITEM_ERROR", error_code: "ITEM_LOGIN_REQUIRED", error_message: "x", request_id: "r" } };
    const login = await sync();
    expect(login.statusCode).toBe(400);
    expect(login.json().error).toBe(LINK_REFUSED);
    plaid.failSyncOnce = { status: 500, body: { error_type: "API_ERROR", error_code: "INTERNAL_SERVER_ERROR", error_message: "x", request_id: "r" } };
    const down = await sync();
    expect(down.statusCode).toBe(503);
    expect(down.json().error).toBe(WALLET_TEXT.bankUnavailable);

    plaid.removed.length = 0;
    expect((await t.app.inject({ method: "DELETE", url: `/api/wallet/payment-methods/${method.id}`, headers: auth })).statusCode).toBe(204);
    // Revoked in the background (decision 0101), not inside the request.
    expect(plaid.removed).toEqual([]);
    expect(await runBackgroundCalls(t.deps)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(plaid.removed).toEqual([ACCESS_TOKEN]);
    const [row] = await t.db.select().from(bankAccounts).where(eq(bankAccounts.userId, m.user.id));
    expect(row.accessTokenSealed).toBeNull();
    clock = new Date("2026-05-15T16:00:00Z");
  });

  it("unlinking never waits on Plaid: the revoke is queued with the unlink, retried while Plaid is down, made once, and a refusal is marked failed", async () => {
    await t.db.delete(backgroundCalls);
    const unlink = async () => {
      const m = await t.signUp();
      const res = await t.app.inject({ method: "POST", url: "/api/wallet/plaid/exchange-token", headers: m.auth, payload: { publicToken: PUBLIC_TOKEN } });
      expect(res.statusCode, res.body).toBe(201);
      const started = performance.now();
      const del = await t.app.inject({ method: "DELETE", url: `/api/wallet/payment-methods/${(res.json() as PaymentMethod).id}`, headers: m.auth });
      expect(del.statusCode).toBe(204);
      return performance.now() - started;
    };
    const calls = () => t.db.select().from(backgroundCalls);
    plaid.removed.length = 0;

    // Plaid never answers: the member's request answers at once all the same.
    plaid.removeMode = "stall";
    expect(await unlink()).toBeLessThan(1500);
    const [queued] = await calls();
    expect(queued).toMatchObject({ kind: "bank.remove-item", status: "queued", attempts: 0 });
    expect(JSON.stringify(queued.payload)).not.toContain(ACCESS_TOKEN); // sealed

    // Plaid answers 500: retried after a back-off, not before.
    plaid.removeMode = "down";
    expect(await runBackgroundCalls(t.deps)).toEqual({ done: 0, retried: 1, failed: 0 });
    expect((await calls())[0]).toMatchObject({ status: "queued", attempts: 1 });
    expect((await calls())[0].lastError).toContain("INTERNAL_SERVER_ERROR");
    expect(await runBackgroundCalls(t.deps)).toEqual({ done: 0, retried: 0, failed: 0 });

    // Plaid is back: two runners at once make the call once; the sealed token leaves the queue.
    plaid.removeMode = "ok";
    clock = new Date(clock.getTime() + 3600_000);
    const second = { ...t.deps };
    const [a, b] = await Promise.all([runBackgroundCalls(t.deps), runBackgroundCalls(second)]);
    expect(a.done + b.done).toBe(1);
    expect(plaid.removed).toEqual([ACCESS_TOKEN]);
    expect((await calls())[0]).toMatchObject({ status: "done", attempts: 2, payload: {}, lastError: null });

    // A refusal (4xx) cannot be helped by retrying: failed at once.
    plaid.removeMode = "refuse";
    await unlink();
    expect(await runBackgroundCalls(t.deps)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect((await calls()).find((c) => c.status === "failed")).toMatchObject({ attempts: 1 });
    plaid.removeMode = "ok";
    for (const res of plaid.held.splice(0)) res.end("{}");
    clock = new Date("2026-05-15T16:00:00Z");
  });
});
