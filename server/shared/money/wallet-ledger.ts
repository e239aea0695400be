/**
 * The wallet ledger's rules in one place (docs/decisions/0020-wallet-ledger-and-round-ups.md).
 * Every change of balance happens inside the database transaction that writes (or completes)
 * the ledger row explaining it: credit() and debit() take the transaction handle, and debit() refuses (null)
 * rather than go below zero, which the wallets_balance_not_negative check also enforces.
 * lockWallet() is the member's money lock: payment-method changes take it too, so "exactly one
 * default method" holds under concurrent requests. It lives in shared/money (it was the wallet
 * feature's) because giving's refunds credit a wallet gift back to the wallet (decision 0119).
 */
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { prepared } from "../../db/prepared";
import { isoOf } from "../../db/iso-time";
import { walletTransactions, wallets } from "../../db/schema/wallet";
import { users } from "../../db/schema/users";
import type { WalletBalance, WalletTransaction } from "../../../contract/wallet";

type Handle = Tx | Db;

/** Creates the member's wallet row if needed and locks it until the transaction ends. */
export async function lockWallet(tx: Handle, userId: string) {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for("update");
  return row;
}

/** Round-ups on their way: not yet collected from the bank, or collected by a debit that has not settled (docs/decisions/0024). */
export async function pendingRoundUpCents(tx: Handle, userId: string) {
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${walletTransactions.amountCents})` })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.type, "round_up"), eq(walletTransactions.status, "pending")));
  return Number(row?.cents ?? 0);
}

export const toBalance = (row: { balanceCents: number; roundUpAccumulatedCents: number } | undefined, pending: number): WalletBalance => ({
  balanceCents: row?.balanceCents ?? 0,
  roundUpAccumulated: row?.roundUpAccumulatedCents ?? 0,
  pendingRoundUpCents: pending,
});

/** Adds to the balance (and to the round-ups saved, for round-ups). Call with the ledger row's transaction. */
export async function credit(tx: Handle, userId: string, cents: number, now: Date, opts: { roundUp?: boolean } = {}) {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .update(wallets)
    .set({
      balanceCents: sql`${wallets.balanceCents} + ${cents}`,
      roundUpAccumulatedCents: opts.roundUp ? sql`${wallets.roundUpAccumulatedCents} + ${cents}` : wallets.roundUpAccumulatedCents,
      updatedAt: now,
    })
    .where(eq(wallets.userId, userId))
    .returning();
  return toBalance(row, await pendingRoundUpCents(tx, userId));
}

/** Takes from the balance if it holds enough (one statement, under the row lock); null when it does not. */
export async function debit(tx: Handle, userId: string, cents: number, now: Date) {
  const [row] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} - ${cents}`, updatedAt: now })
    .where(and(eq(wallets.userId, userId), gte(wallets.balanceCents, cents)))
    .returning();
  return row ? toBalance(row, await pendingRoundUpCents(tx, userId)) : null;
}

/**
 * GET /api/wallet/balance in one statement (two round trips before), built and planned once
 * (db/prepared.ts; issue 23). The pending round-ups are summed from
 * `wallet_transactions_pending_round_ups_idx`, so the read does not grow with the member's ledger.
 */
const balanceOf = prepared("wallet.balance", (db) =>
  db
    .select({
      balanceCents: wallets.balanceCents,
      roundUpAccumulatedCents: wallets.roundUpAccumulatedCents,
      pending: sql<string | null>`(select sum(t.amount_cents) from ${walletTransactions} t where t.user_id = ${sql.placeholder("userId")} and t.type = 'round_up' and t.status = 'pending')`,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId"))),
);

export async function getBalance(db: Db, userId: string): Promise<WalletBalance> {
  const [row] = await balanceOf(db, { userId });
  return toBalance(row?.balanceCents == null ? undefined : { balanceCents: row.balanceCents, roundUpAccumulatedCents: row.roundUpAccumulatedCents ?? 0 }, Number(row?.pending ?? 0));
}

export const toWalletTransaction = (
  t: Pick<typeof walletTransactions.$inferSelect, "id" | "type" | "description" | "merchantName" | "amountCents" | "status"> & { createdAt: Date | string },
): WalletTransaction => ({
  id: t.id,
  type: t.type,
  description: t.description,
  merchantName: t.merchantName,
  amountCents: t.amountCents,
  status: t.status,
  createdAt: isoOf(t.createdAt),
});
