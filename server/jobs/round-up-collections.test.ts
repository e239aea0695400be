/**
 * Collecting round-ups (docs/decisions/0024): a member's pending round-ups are debited from the
 * bank once they reach the minimum (or waited a week), exactly once even with two schedulers at
 * once; a settled debit makes them completed and spendable, a returned one marks them failed and
 * emails the member once; nothing is debited while round-ups are off or after the bank is
 * unlinked; one member's collection never touches another's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { loadConfig } from "../config";
import { roundUpCollections, walletTransactions, wallets } from "../db/schema/wallet";
import { emailOutbox } from "../db/schema/platform";
import { users } from "../db/schema/users";
import { runRoundUpCollections } from "./round-up-collections";
import { COLLECTION_CHECK_EVERY_MS, COLLECTION_LEASE_MS } from "../features/wallet/collect-round-ups";
import { BankError, type BankProvider, type DebitRequest } from "../providers/bank/port";
import { SANDBOX_RETURN_REASON } from "../providers/bank/sandbox";
import { ROUNDUP_COLLECT_AFTER_DAYS, WALLET_TEXT, signedCents, type RoundUpResult, type WalletBalance } from "../../contract/wallet";

const DAY = 86_400_000;
const START = new Date("2026-05-15T16:00:00Z");
let clock = START;
const now = () => clock;
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now, env: { GIVING_RATE_LIMIT_PER_USER: "100000" } });
  second = await createTestApp({ now, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
  second.deps.secrets = t.deps.secrets;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

type Member = Awaited<ReturnType<TestApp["signUp"]>>;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A member with round-ups on, a linked sandbox bank, and a week of round-ups synced (pending). */
async function member(opts: { publicToken?: string } = {}) {
  const m = await t.signUp();
  expect((await t.app.inject({ method: "POST", url: "/api/roundup/enable", headers: m.auth, payload: { isEnabled: true } })).statusCode).toBe(200);
  const link = await t.app.inject({ method: "POST", url: "/api/wallet/plaid/exchange-token", headers: m.auth, payload: { publicToken: opts.publicToken ?? "public-sandbox-collect" } });
  expect(link.statusCode, link.body).toBe(201);
  const res = await t.app.inject({ method: "POST", url: "/api/wallet/process-roundups", headers: m.auth });
  expect(res.statusCode, res.body).toBe(200);
  const synced = res.json() as RoundUpResult;
  expect(synced.totalRoundUp).toBeGreaterThan(0);
  return { ...m, synced, method: link.json() as { id: string } };
}
const balance = async (m: Member) => (await t.app.inject({ method: "GET", url: "/api/wallet/balance", headers: m.auth })).json() as WalletBalance;
const collectionsOf = (userId: string) => t.db.select().from(roundUpCollections).where(eq(roundUpCollections.userId, userId));
const roundUpsOf = (userId: string) =>
  t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, "round_up")));

/** Counts the debits each app asks its bank for. */
function countDebits(app: TestApp) {
  const calls: DebitRequest[] = [];
  const bank = app.deps.bank;
  const counted: BankProvider = { ...bank, createDebit: (req) => (calls.push(req), bank.createDebit(req)) };
  return { deps: { ...app.deps, bank: counted }, calls };
}

/** Balance = signed sum of completed rows; every completed round-up came through a settled collection of exactly its amount. */
async function expectLedgerMatches(userId: string) {
  const rows = await t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.status, "completed")));
  const sum = rows.reduce((s, r) => s + signedCents(r.type, r.amountCents), 0);
  const ups = rows.filter((r) => r.type === "round_up");
  const [w] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  expect({ balance: w?.balanceCents ?? 0, saved: w?.roundUpAccumulatedCents ?? 0 }).toEqual({ balance: sum, saved: ups.reduce((s, r) => s + r.amountCents, 0) });
  const settled = (await collectionsOf(userId)).filter((c) => c.status === "completed");
  for (const r of ups) expect(settled.map((c) => c.id)).toContain(r.collectionId);
  for (const c of settled) expect(ups.filter((r) => r.collectionId === c.id).reduce((s, r) => s + r.amountCents, 0)).toBe(c.amountCents);
  return sum;
}

describe("round-up collections", () => {
  it("collects once the minimum is reached, exactly once with two schedulers at once, and settles into the available balance", async () => {
    clock = START;
    // Three members whose round-ups differ. A member's sandbox purchases follow from their id, so
    // two can tie (about 1 run in 400): a tie at the smallest made both wait and only one debit
    // start (CI, 27 November). A member who ties with one already taken turns round-ups off
    // (nothing of theirs is collected then) and is left out.
    const members: Awaited<ReturnType<typeof member>>[] = [];
    while (members.length < 3) {
      const m = await member();
      if (members.every((o) => o.synced.totalRoundUp !== m.synced.totalRoundUp)) members.push(m);
      else expect((await t.app.inject({ method: "POST", url: "/api/roundup/enable", headers: m.auth, payload: { isEnabled: false } })).statusCode).toBe(200);
    }
    const totals = members.map((m) => m.synced.totalRoundUp);
    // The minimum just above the smallest member's round-ups: that member waits, the others are collected.
    const smallest = Math.min(...totals);
    const waiting = members[totals.indexOf(smallest)];
    const due = members.filter((m) => m !== waiting);
    t.deps.config.roundUpCollectMinCents = smallest + 1;
    second.deps.config.roundUpCollectMinCents = smallest + 1;

    const a = countDebits(t);
    const b = countDebits(second);
    const passes = await Promise.all([runRoundUpCollections(a.deps), runRoundUpCollections(b.deps), runRoundUpCollections(a.deps), runRoundUpCollections(b.deps)]);
    const calls = [...a.calls, ...b.calls];
    // One debit per due member, none for the waiting one.
    expect(calls).toHaveLength(2);
    for (const m of due) {
      const cs = await collectionsOf(m.user.id);
      expect(cs).toHaveLength(1);
      expect(cs[0]).toMatchObject({ status: "pending", amountCents: m.synced.totalRoundUp });
      expect(cs[0].providerDebitId).toMatch(/^sbx-debit-/);
      expect(calls.filter((c) => c.idempotencyKey === cs[0].id).map((c) => [c.amountCents, /^Test User\d+$/.test(c.legalName)])).toEqual([[m.synced.totalRoundUp, true]]);
      const ups = await roundUpsOf(m.user.id);
      expect(ups.every((u) => u.collectionId === cs[0].id && u.status === "pending")).toBe(true);
      // Debited, not yet settled: still on its way, nothing spendable.
      expect(await balance(m)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: m.synced.totalRoundUp });
    }
    expect(await collectionsOf(waiting.user.id)).toEqual([]);
    expect((await roundUpsOf(waiting.user.id)).every((u) => u.collectionId === null)).toBe(true);
    // Of 4 passes at once, two debits were started in all (other tests' members are not due in this fresh clock).
    expect(passes.reduce((s, p) => s + p.started, 0)).toBe(2);

    // Before the next status check, nothing changes; after it, the debits have settled.
    later(COLLECTION_CHECK_EVERY_MS - 60_000);
    await Promise.all([runRoundUpCollections(t.deps), runRoundUpCollections(second.deps)]);
    expect((await balance(due[0])).balanceCents).toBe(0);
    later(60_000);
    const settledPasses = await Promise.all([runRoundUpCollections(t.deps), runRoundUpCollections(second.deps)]);
    expect(settledPasses[0].checked + settledPasses[1].checked).toBe(2);
    for (const m of due) {
      expect(await balance(m)).toEqual({ balanceCents: m.synced.totalRoundUp, roundUpAccumulated: m.synced.totalRoundUp, pendingRoundUpCents: 0 });
      expect((await collectionsOf(m.user.id))[0]).toMatchObject({ status: "completed", settledAt: clock });
      expect((await roundUpsOf(m.user.id)).every((u) => u.status === "completed")).toBe(true);
      expect(await expectLedgerMatches(m.user.id)).toBe(m.synced.totalRoundUp);
    }
    // Settled money is spendable: the member gives all of it; once more is refused.
    const giver = due[0];
    const give = (cents: number, key: string) =>
      t.app.inject({ method: "POST", url: "/api/wallet/give", headers: { ...giver.auth, "idempotency-key": key }, payload: { amountCents: cents } });
    if (giver.synced.totalRoundUp >= 100) expect((await give(giver.synced.totalRoundUp, "collect-give-1")).statusCode).toBe(201);
    expect((await give(100, "collect-give-2")).statusCode).toBe(402);
    await expectLedgerMatches(giver.user.id);

    // Running again settles nothing twice.
    later(COLLECTION_CHECK_EVERY_MS);
    await runRoundUpCollections(t.deps);
    for (const m of due) await expectLedgerMatches(m.user.id);
    expect((await balance(due[1])).balanceCents).toBe(due[1].synced.totalRoundUp);

    // The waiting member's round-ups are collected once the oldest has waited a week.
    later(ROUNDUP_COLLECT_AFTER_DAYS * DAY);
    const week = await runRoundUpCollections(t.deps);
    expect(week.started).toBeGreaterThanOrEqual(1);
    const [w] = await collectionsOf(waiting.user.id);
    expect(w).toMatchObject({ status: "pending", amountCents: waiting.synced.totalRoundUp });
    t.deps.config.roundUpCollectMinCents = 500;
    second.deps.config.roundUpCollectMinCents = 500;
  });

  it("a returned debit fails the collection and its round-ups, never touches the balance, and emails the member once", async () => {
    clock = new Date("2026-07-01T16:00:00Z");
    t.deps.config.roundUpCollectMinCents = 100;
    const m = await member({ publicToken: "public-sandbox-insufficient-funds" });
    await runRoundUpCollections(t.deps);
    const [c] = await collectionsOf(m.user.id);
    expect(c.status).toBe("pending");
    later(COLLECTION_CHECK_EVERY_MS);
    await Promise.all([runRoundUpCollections(t.deps), runRoundUpCollections(second.deps)]);
    expect((await collectionsOf(m.user.id))[0]).toMatchObject({ status: "failed", failureReason: SANDBOX_RETURN_REASON, notifiedAt: clock });
    const ups = await roundUpsOf(m.user.id);
    expect(ups.every((u) => u.status === "failed" && u.failureReason === WALLET_TEXT.roundUpsNotCollected)).toBe(true);
    expect(await balance(m)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
    const list = (await t.app.inject({ method: "GET", url: "/api/wallet/transactions?status=failed&limit=100", headers: m.auth })).json() as unknown[];
    expect(list).toHaveLength(ups.length);
    await expectLedgerMatches(m.user.id);

    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    expect(mail).toHaveLength(1);
    const amount = `$${(m.synced.totalRoundUp / 100).toFixed(2)}`;
    expect(mail[0].subject).toBe(`We could not collect your ${amount} of round-ups`);
    expect(mail[0].text).toContain(SANDBOX_RETURN_REASON);
    expect(mail[0].text).toContain("No money was taken");
    later(COLLECTION_CHECK_EVERY_MS);
    await runRoundUpCollections(t.deps);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email))).toHaveLength(1);
    t.deps.config.roundUpCollectMinCents = 500;
  });

  it("the failure email is in the member's language", async () => {
    clock = new Date("2026-07-15T16:00:00Z");
    t.deps.config.roundUpCollectMinCents = 100;
    second.deps.config.roundUpCollectMinCents = 100;
    const m = await member({ publicToken: "public-sandbox-insufficient-funds" });
    await t.db.update(users).set({ locale: "es" }).where(eq(users.id, m.user.id));
    await runRoundUpCollections(t.deps);
    later(COLLECTION_CHECK_EVERY_MS);
    await runRoundUpCollections(t.deps);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    expect(mail).toHaveLength(1);
    const amount = `$${(m.synced.totalRoundUp / 100).toFixed(2)}`;
    expect(mail[0].subject).toBe(`No pudimos cobrar sus ${amount} de redondeos`);
    expect(mail[0].text).toContain("No se tomó dinero");
    expect(mail[0].text).toContain(SANDBOX_RETURN_REASON); // the bank's own words, as they came
    expect(mail[0].html).toContain('<html lang="es">');
    t.deps.config.roundUpCollectMinCents = 500;
    second.deps.config.roundUpCollectMinCents = 500;
  });

  it("the failure email is queued once, whatever the mail server does", async () => {
    clock = new Date("2026-08-01T16:00:00Z");
    t.deps.config.roundUpCollectMinCents = 100;
    const m = await member({ publicToken: "public-sandbox-insufficient-funds" });
    await runRoundUpCollections(t.deps);
    later(COLLECTION_CHECK_EVERY_MS);
    const errors: unknown[] = [];
    const noMail = { ...t.deps, email: { kind: "smtp" as const, send: async () => Promise.reject(new Error("smtp down")), close() {} } };
    await runRoundUpCollections(noMail, (e) => errors.push(e));
    expect(errors).toEqual([]);
    expect((await collectionsOf(m.user.id))[0]).toMatchObject({ status: "failed", notifiedAt: clock });
    later(COLLECTION_LEASE_MS);
    await runRoundUpCollections(t.deps);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, m.user.email));
    expect(mail.map((x) => x.status)).toEqual(["queued"]);
    t.deps.config.roundUpCollectMinCents = 500;
  });


  it("a bank that cannot be reached leaves the collection to retry with the same key: one debit", async () => {
    clock = new Date("2026-09-01T16:00:00Z");
    t.deps.config.roundUpCollectMinCents = 100;
    const m = await member();
    const keys: string[] = [];
    const down = { ...t.deps, bank: { ...t.deps.bank, createDebit: async (req: DebitRequest) => (keys.push(req.idempotencyKey), Promise.reject(new BankError("down"))) } };
    const errors: unknown[] = [];
    await runRoundUpCollections(down, (e) => errors.push(e));
    expect(errors).toHaveLength(1);
    const [c] = await collectionsOf(m.user.id);
    expect(c).toMatchObject({ status: "initiating", providerDebitId: null });
    // Within the lease nothing is retried; after it, the same collection (same key) gets its debit.
    await runRoundUpCollections(down);
    expect(keys).toEqual([c.id]);
    later(COLLECTION_LEASE_MS);
    const counted = countDebits(t);
    await runRoundUpCollections(counted.deps);
    expect(counted.calls.map((x) => x.idempotencyKey)).toEqual([c.id]);
    expect(await collectionsOf(m.user.id)).toEqual([expect.objectContaining({ id: c.id, status: "pending" })]);
    t.deps.config.roundUpCollectMinCents = 500;
  });

  it("debits nothing while round-ups are off or after the bank is unlinked", async () => {
    clock = new Date("2026-10-01T16:00:00Z");
    t.deps.config.roundUpCollectMinCents = 100;
    const off = await member();
    await t.app.inject({ method: "POST", url: "/api/roundup/enable", headers: off.auth, payload: { isEnabled: false } });
    const unlinked = await member();
    expect((await t.app.inject({ method: "DELETE", url: `/api/wallet/payment-methods/${unlinked.method.id}`, headers: unlinked.auth })).statusCode).toBe(204);
    const counted = countDebits(t);
    await runRoundUpCollections(counted.deps);
    later(ROUNDUP_COLLECT_AFTER_DAYS * DAY);
    await runRoundUpCollections(counted.deps);
    expect(counted.calls).toEqual([]);
    expect(await collectionsOf(off.user.id)).toEqual([]);
    expect(await collectionsOf(unlinked.user.id)).toEqual([]);
    // Off: they wait (still on their way once switched back on). Unlinked: they can never be collected.
    expect((await balance(off)).pendingRoundUpCents).toBe(off.synced.totalRoundUp);
    expect(await balance(unlinked)).toEqual({ balanceCents: 0, roundUpAccumulated: 0, pendingRoundUpCents: 0 });
    await t.app.inject({ method: "POST", url: "/api/roundup/enable", headers: off.auth, payload: { isEnabled: true } });
    await runRoundUpCollections(counted.deps);
    expect(counted.calls.map((c) => c.amountCents)).toEqual([off.synced.totalRoundUp]);
    t.deps.config.roundUpCollectMinCents = 500;
  });

  it("the browser tests' hook exists only with TEST_HOOKS, needs a member, and is refused in production", async () => {
    clock = new Date("2026-11-01T16:00:00Z");
    const m = await member();
    const hook = (app: TestApp, headers: Record<string, string> = {}) => app.app.inject({ method: "POST", url: "/api/test/wallet/collect-round-ups", headers });
    expect((await hook(t, m.auth)).statusCode).toBe(404);
    expect(() => loadConfig({ NODE_ENV: "production", TEST_HOOKS: "true" })).toThrow(/TEST_HOOKS/);
    const hooked = await createTestApp({ now, env: { TEST_HOOKS: "true", ROUNDUP_COLLECT_MIN_CENTS: "100" }, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
    hooked.deps.secrets = t.deps.secrets;
    try {
      expect((await hook(hooked)).statusCode).toBe(401);
      const first = await hook(hooked, m.auth);
      expect(first.statusCode, first.body).toBe(200);
      expect((await collectionsOf(m.user.id)).map((c) => c.status)).toEqual(["pending"]);
      // The next call makes the member's debit due now: the sandbox settles it.
      expect((await hook(hooked, m.auth)).statusCode).toBe(200);
      expect(await balance(m)).toEqual({ balanceCents: m.synced.totalRoundUp, roundUpAccumulated: m.synced.totalRoundUp, pendingRoundUpCents: 0 });
    } finally {
      await hooked.close();
    }
  });
});
