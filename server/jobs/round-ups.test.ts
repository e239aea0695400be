/** Round-ups job: every member with round-ups on is synced once per lease, even with two schedulers at once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../testing/harness";
import { walletTransactions, wallets } from "../db/schema/wallet";
import { runRoundUps, ROUNDUP_SYNC_EVERY_MS } from "./round-ups";
import { sandboxItemId, sandboxPurchasesBetween } from "../providers/bank/sandbox";
import { ROUNDUP_LOOKBACK_DAYS, roundUpCents } from "../../contract/wallet";

const DAY = 86_400_000;
let clock = new Date("2026-05-15T16:00:00Z");
const now = () => clock;
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
  second = await createTestApp({ now, sameDatabaseAs: { databaseUrl: t.databaseUrl, database: t.databaseUrl ? undefined : t.database } });
  // One key for both instances, as SECRETS_KEY gives in production.
  second.deps.secrets = t.deps.secrets;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const expected = (userId: string, from: Date, to: Date) =>
  sandboxPurchasesBetween(sandboxItemId(userId), from, to)
    .map((p) => roundUpCents(p.amountCents))
    .reduce((a, b) => a + b, 0);
const roundUpRows = (userId: string) =>
  t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, "round_up")));
/** Round-ups saved by the sync: pending until collected (docs/decisions/0024), never in the balance before. */
const savedOf = async (userId: string) => {
  expect((await t.db.select().from(wallets).where(eq(wallets.userId, userId)))[0]?.balanceCents ?? 0).toBe(0);
  return (await roundUpRows(userId)).filter((r) => r.status === "pending").reduce((s, r) => s + r.amountCents, 0);
};

async function member(enabled: boolean) {
  const m = await t.signUp();
  if (enabled) await t.app.inject({ method: "POST", url: "/api/roundup/enable", headers: m.auth, payload: { isEnabled: true } });
  const res = await t.app.inject({ method: "POST", url: "/api/wallet/plaid/exchange-token", headers: m.auth, payload: { publicToken: "public-sandbox-job" } });
  expect(res.statusCode, res.body).toBe(201);
  return m;
}

describe("round-ups job", () => {
  it("syncs each member with round-ups on exactly once with two schedulers at once, skips the others, and again after the lease", async () => {
    const on = await Promise.all([member(true), member(true), member(true)]);
    const off = await member(false);
    const start = clock;
    const counts = await Promise.all([runRoundUps(t.deps), runRoundUps(second.deps), runRoundUps(t.deps), runRoundUps(second.deps)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const week = new Date(start.getTime() - ROUNDUP_LOOKBACK_DAYS * DAY);
    for (const m of on) {
      expect(await savedOf(m.user.id)).toBe(expected(m.user.id, week, start));
      const rows = await roundUpRows(m.user.id);
      expect(new Set(rows.map((r) => r.bankPurchaseId)).size).toBe(rows.length);
    }
    expect(await savedOf(off.user.id)).toBe(0);
    expect(await roundUpRows(off.user.id)).toEqual([]);

    // Within the lease nothing is claimed again.
    clock = new Date(start.getTime() + ROUNDUP_SYNC_EVERY_MS - 60_000);
    expect(await runRoundUps(t.deps)).toBe(0);
    // After it, each is synced again and only new purchases count.
    clock = new Date(start.getTime() + 2 * DAY);
    const again = await Promise.all([runRoundUps(t.deps), runRoundUps(second.deps)]);
    expect(again[0] + again[1]).toBe(3);
    for (const m of on) expect(await savedOf(m.user.id)).toBe(expected(m.user.id, week, clock));
    clock = new Date("2026-05-15T16:00:00Z");
  });

  it("a bank that fails is reported and the others are still synced", async () => {
    clock = new Date("2026-06-15T16:00:00Z");
    const a = await member(true);
    const b = await member(true);
    const failing = {
      ...t.deps,
      bank: {
        ...t.deps.bank,
        sync: async (token: string, cursor: string | null) => {
          if (token.endsWith(sandboxItemId(a.user.id))) throw new Error("bank down");
          return t.deps.bank.sync(token, cursor);
        },
      },
    };
    const errors: unknown[] = [];
    // The first test's members are due again by now too: all but the failing bank are synced.
    const dueBanks = 3 + 2;
    expect(await runRoundUps(failing, (e) => errors.push(e))).toBe(dueBanks - 1);
    expect(errors).toHaveLength(1);
    expect(await savedOf(a.user.id)).toBe(0);
    expect(await savedOf(b.user.id)).toBeGreaterThan(0);
    clock = new Date("2026-05-15T16:00:00Z");
  });
});
