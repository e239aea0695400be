/**
 * POST /api/wallet/process-roundups and the round-ups job (docs/decisions/0020): pull the new
 * purchases of each linked bank since its cursor, then in one transaction store them, add one
 * round_up transaction per purchase that rounds up (to the next whole dollar; whole-dollar
 * purchases, refunds and purchases from before round-ups started add nothing), and move the
 * cursor. A round-up is `pending`: its money is still in the member's bank. The collections job
 * (server/jobs/round-up-collections.ts) debits it and, once the debit settles, completes it and
 * credits the balance and the round-ups saved (docs/decisions/0024).
 *
 * Never twice: each bank purchase is stored once (unique per member, provider and the bank's
 * transaction id) and a round-up names its purchase (unique), so a purchase delivered again, or
 * by two syncs at once, adds nothing. The cursor moves by compare-and-set as the transaction's
 * first statement: of two syncs of one account at once, the second finds the cursor moved and
 * writes nothing. Pending purchases wait: the bank sends the posted one (a new id) later.
 *
 * A round-up is dated by its purchase, so the ledger reads like the member's card statement.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { bankAccounts, bankPurchases, roundUpSettings, walletTransactions } from "../../db/schema/wallet";
import { conflict } from "../../http/app-error";
import type { BankError } from "../../providers/bank/port";
import { formatCents } from "../../../contract/money";
import { roundUpCents, WALLET_TEXT, type RoundUpResult } from "../../../contract/wallet";
import { bankCall } from "./bank-errors";
import { openAccessToken } from "../../shared/bank-token";
import { lockWallet } from "../../shared/money/wallet-ledger";

type BankAccount = typeof bankAccounts.$inferSelect;
const NOTHING: RoundUpResult = { totalRoundUp: 0, transactionCount: 0 };

/** Syncs one linked bank and credits its round-ups. `settingFrom`: the member's roundsUpFrom. */
export async function syncBankAccount(deps: Deps, account: BankAccount, settingFrom: Date | null): Promise<RoundUpResult> {
  if (!account.accessTokenSealed || account.unlinkedAt || account.provider !== deps.bank.kind) return NOTHING;
  const token = openAccessToken(deps.secrets, account.id, account.accessTokenSealed);
  const changes = await deps.bank.sync(token, account.syncCursor);
  const mine = <T extends { accountId: string; pending: boolean }>(p: T) => p.accountId === account.providerAccountId && !p.pending;
  const added = changes.added.filter(mine);
  const modified = changes.modified.filter(mine);
  const eligibleFrom = settingFrom && settingFrom > account.roundsUpFrom ? settingFrom : account.roundsUpFrom;
  const now = deps.now();

  return deps.db.transaction(async (tx) => {
    // Locks in one order everywhere (wallet, then bank account), so a sync and an unlink never deadlock.
    await lockWallet(tx, account.userId);
    const moved = await tx
      .update(bankAccounts)
      .set({ syncCursor: changes.cursor, lastSyncedAt: now })
      .where(
        and(
          eq(bankAccounts.id, account.id),
          isNull(bankAccounts.unlinkedAt),
          account.syncCursor === null ? isNull(bankAccounts.syncCursor) : eq(bankAccounts.syncCursor, account.syncCursor),
        ),
      )
      .returning({ id: bankAccounts.id });
    if (moved.length === 0) return NOTHING;

    const stored = added.length
      ? await tx
          .insert(bankPurchases)
          .values(
            added.map((p) => ({
              userId: account.userId,
              bankAccountId: account.id,
              provider: account.provider,
              providerTransactionId: p.id,
              amountCents: p.amountCents,
              merchantName: p.merchantName,
              description: p.description,
              postedAt: p.postedAt,
              roundUpCents: p.postedAt >= eligibleFrom ? roundUpCents(p.amountCents) : 0,
              createdAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    const credits = stored.filter((p) => p.roundUpCents > 0);
    let total = 0;
    if (credits.length) {
      await tx.insert(walletTransactions).values(
        credits.map((p) => ({
          userId: account.userId,
          type: "round_up" as const,
          status: "pending" as const,
          amountCents: p.roundUpCents,
          description: WALLET_TEXT.roundUpOn(formatCents(p.amountCents)),
          merchantName: p.merchantName ?? p.description,
          bankPurchaseId: p.id,
          createdAt: p.postedAt,
        })),
      );
      total = credits.reduce((sum, p) => sum + p.roundUpCents, 0);
    }

    // A corrected purchase keeps the round-up it already gave (money already saved is not clawed back).
    for (const p of modified) {
      await tx
        .update(bankPurchases)
        .set({ amountCents: p.amountCents, merchantName: p.merchantName, description: p.description })
        .where(and(eq(bankPurchases.userId, account.userId), eq(bankPurchases.provider, account.provider), eq(bankPurchases.providerTransactionId, p.id)));
    }
    if (changes.removed.length) {
      await tx
        .update(bankPurchases)
        .set({ removedAt: now })
        .where(
          and(
            eq(bankPurchases.userId, account.userId),
            eq(bankPurchases.provider, account.provider),
            inArray(bankPurchases.providerTransactionId, changes.removed),
          ),
        );
    }
    return { totalRoundUp: total, transactionCount: credits.length };
  });
}

/** The member's manual sync: 409 when round-ups are off or no bank is linked; 503 when no bank could be reached. */
export async function processRoundUps(deps: Deps, userId: string, log?: (err: BankError) => void): Promise<RoundUpResult> {
  const [setting] = await deps.db.select().from(roundUpSettings).where(eq(roundUpSettings.userId, userId));
  if (!setting?.isEnabled) throw conflict(WALLET_TEXT.roundUpsDisabled);
  const accounts = await deps.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.unlinkedAt), eq(bankAccounts.provider, deps.bank.kind)));
  if (accounts.length === 0) throw conflict(WALLET_TEXT.noBankLinked);

  const result = { ...NOTHING };
  let firstError: unknown = null;
  let synced = 0;
  for (const account of accounts) {
    try {
      const r = await bankCall(() => syncBankAccount(deps, account, setting.roundsUpFrom), log);
      result.totalRoundUp += r.totalRoundUp;
      result.transactionCount += r.transactionCount;
      synced += 1;
    } catch (err) {
      firstError ??= err;
    }
  }
  // One bank down while another answered: report what was added (the failure is logged).
  if (synced === 0 && firstError) throw firstError;
  return result;
}
