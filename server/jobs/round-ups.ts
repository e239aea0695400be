/**
 * Processes round-ups for every member who has them on (docs/architecture.md, Jobs). Each due
 * linked bank is claimed with FOR UPDATE SKIP LOCKED and its next_sync_at pushed forward in
 * the claiming transaction (a lease), then synced outside it, so no database transaction waits
 * on the bank. Two instances never claim one bank in the same round, and if they did (a lease
 * ran out mid-sync), the unique bank purchase and round-up keys would still add each purchase
 * once (server/features/wallet/process-round-ups.ts).
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Deps } from "../deps";
import { bankAccounts, roundUpSettings } from "../db/schema/wallet";
import { syncBankAccount } from "../features/wallet/process-round-ups";
import { roundsUpNow } from "../features/wallet/roundup-setting";
import { startInterval } from "./interval";

/** How often each linked bank is synced (its purchases post about daily). */
export const ROUNDUP_SYNC_EVERY_MS = 6 * 3600_000;

/** One pass over every due bank. Returns how many banks were synced; a bank that fails is reported and retried next lease. */
export async function runRoundUps(deps: Deps, onError: (err: unknown) => void = () => undefined): Promise<number> {
  let synced = 0;
  for (;;) {
    const now = deps.now();
    const claimed = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ account: bankAccounts, roundsUpFrom: roundUpSettings.roundsUpFrom })
        .from(bankAccounts)
        .innerJoin(roundUpSettings, eq(roundUpSettings.userId, bankAccounts.userId))
        .where(and(roundsUpNow(deps.bank.kind), lte(bankAccounts.nextSyncAt, now)))
        .orderBy(asc(bankAccounts.nextSyncAt))
        .limit(1)
        .for("update", { of: bankAccounts, skipLocked: true });
      if (!due) return null;
      await tx
        .update(bankAccounts)
        .set({ nextSyncAt: new Date(now.getTime() + ROUNDUP_SYNC_EVERY_MS) })
        .where(eq(bankAccounts.id, due.account.id));
      return due;
    });
    if (!claimed) return synced;
    try {
      await syncBankAccount(deps, claimed.account, claimed.roundsUpFrom);
      synced += 1;
    } catch (err) {
      onError(err);
    }
  }
}

export function startRoundUpsScheduler(deps: Deps, intervalMs = 5 * 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runRoundUps(deps, onError), intervalMs, onError);
}
