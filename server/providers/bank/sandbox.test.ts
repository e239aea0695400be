/** The sandbox bank: purchases are a pure function of account and date, realistic, and appear as time passes. */
import { describe, expect, it } from "vitest";
import { createSandboxBank, SANDBOX_RETURN_REASON, sandboxItemId, sandboxPurchasesBetween, sandboxPurchasesOn, SANDBOX_BANK, SANDBOX_HISTORY_DAYS } from "./sandbox";
import { BankError } from "./port";

const DAY = 86_400_000;

describe("sandbox bank", () => {
  it("links any public token to the member's demo checking account, the same one every time", async () => {
    const bank = createSandboxBank(() => new Date("2026-05-15T16:00:00Z"));
    const a = await bank.exchangePublicToken("public-sandbox-123", { id: "user-a" });
    const again = await bank.exchangePublicToken("anything", { id: "user-a" });
    const b = await bank.exchangePublicToken("public-sandbox-123", { id: "user-b" });
    expect(a).toEqual(again);
    expect(a.itemId).toBe(sandboxItemId("user-a"));
    expect(a.account).toMatchObject({ institutionName: SANDBOX_BANK.institutionName, name: SANDBOX_BANK.accountName });
    expect(a.account.mask).toMatch(/^\d{4}$/);
    expect(b.itemId).not.toBe(a.itemId);
    await expect(bank.exchangePublicToken("  ", { id: "user-a" })).rejects.toBeInstanceOf(BankError);
  });

  it("makes realistic purchases: merchants, cents, some whole dollars, all stable", () => {
    const item = sandboxItemId("user-a");
    const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10));
    const all = days.flatMap((d) => sandboxPurchasesOn(item, d));
    expect(all.length).toBeGreaterThan(60);
    expect(all.length).toBeLessThan(270);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(new Set(all.map((p) => p.merchantName)).size).toBeGreaterThan(10);
    const whole = all.filter((p) => p.amountCents % 100 === 0);
    expect(whole.length).toBeGreaterThan(3);
    expect(whole.length).toBeLessThan(all.length / 2);
    for (const p of all) {
      expect(p.amountCents).toBeGreaterThanOrEqual(100);
      expect(p.amountCents).toBeLessThan(20_000);
      expect(p.pending).toBe(false);
      // Between 8 am and 10 pm Eastern Daylight Time.
      const minutes = (p.postedAt.getTime() - Date.parse(`${p.postedAt.toISOString().slice(0, 10)}T00:00:00Z`)) / 60_000;
      expect(minutes >= 12 * 60 || minutes < 2 * 60).toBe(true);
    }
    expect(days.flatMap((d) => sandboxPurchasesOn(item, d))).toEqual(all);
    expect(sandboxPurchasesOn(sandboxItemId("user-b"), days[0]).map((p) => p.id)).not.toEqual(sandboxPurchasesOn(item, days[0]).map((p) => p.id));
  });

  it("delivers the last 30 days first, then only what has happened since the cursor", async () => {
    let now = new Date("2026-05-15T16:00:00Z");
    const bank = createSandboxBank(() => now);
    const { accessToken, itemId } = await bank.exchangePublicToken("x", { id: "user-c" });
    const first = await bank.sync(accessToken, null);
    expect(first.added).toEqual(sandboxPurchasesBetween(itemId, new Date(now.getTime() - SANDBOX_HISTORY_DAYS * DAY), now));
    expect(first.added.every((p) => p.postedAt <= now)).toBe(true);
    expect(first.cursor).toBe("sbx1:2026-05-15T16:00:00.000Z");
    expect((await bank.sync(accessToken, first.cursor)).added).toEqual([]);
    now = new Date(now.getTime() + 5 * DAY);
    const later = await bank.sync(accessToken, first.cursor);
    expect(later.added.length).toBeGreaterThan(0);
    expect(later.added.every((p) => p.postedAt > new Date("2026-05-15T16:00:00Z") && p.postedAt <= now)).toBe(true);
    await expect(bank.sync("access-someone-else", null)).rejects.toBeInstanceOf(BankError);
    await expect(bank.sync(accessToken, "garbage")).rejects.toBeInstanceOf(BankError);
  });

  it("debits start pending, settle on a later check (or after the configured delay), and an insufficient-funds link returns them", async () => {
    let clock = new Date("2026-05-15T16:00:00Z");
    const bank = createSandboxBank(() => clock, { debitSettleAfterMs: 60_000 });
    const ok = await bank.exchangePublicToken("public-sandbox-1", { id: "user-a" });
    const req = { accessToken: ok.accessToken, accountId: ok.account.id, amountCents: 512, idempotencyKey: "c-1", legalName: "Ann Lee" };
    const debit = await bank.createDebit(req);
    expect(debit).toMatchObject({ status: "pending", failureReason: null });
    expect(await bank.createDebit(req)).toEqual(debit);
    expect((await bank.createDebit({ ...req, idempotencyKey: "c-2" })).id).not.toBe(debit.id);
    expect(await bank.getDebit(debit.id)).toMatchObject({ status: "pending" });
    clock = new Date(clock.getTime() + 60_000);
    expect(await bank.getDebit(debit.id)).toEqual({ id: debit.id, status: "settled", failureReason: null });

    const nsf = await bank.exchangePublicToken("public-sandbox-insufficient-funds", { id: "user-a" });
    expect(nsf.account).toEqual(ok.account);
    const returned = await bank.createDebit({ ...req, accessToken: nsf.accessToken, idempotencyKey: "c-3" });
    expect(returned.status).toBe("pending");
    clock = new Date(clock.getTime() + 60_000);
    expect(await bank.getDebit(returned.id)).toEqual({ id: returned.id, status: "returned", failureReason: SANDBOX_RETURN_REASON });
    // Its purchases are the same account's.
    expect((await bank.sync(nsf.accessToken, null)).added).toEqual((await bank.sync(ok.accessToken, null)).added);

    await expect(bank.createDebit({ ...req, accessToken: "access-sandbox-nope" })).rejects.toBeInstanceOf(BankError);
    await expect(bank.createDebit({ ...req, amountCents: 0 })).rejects.toBeInstanceOf(BankError);
    await expect(bank.getDebit("sbx-debit-forged")).rejects.toBeInstanceOf(BankError);
  });
});
