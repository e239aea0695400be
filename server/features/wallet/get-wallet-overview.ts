/**
 * The Overview tiles from real data (the spec hard-codes them): how many banks are linked, and
 * the round-ups saved this calendar month in the church's time zone (docs/architecture.md, Data rules).
 * A round-up is dated by its purchase, so "this month" means purchases made this month.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bankAccounts, walletTransactions } from "../../db/schema/wallet";
import type { WalletOverview } from "../../../contract/wallet";

export async function getWalletOverview(db: Db, userId: string, timeZone: string, now: Date): Promise<WalletOverview> {
  const [linked] = await db
    .select({ n: count() })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.unlinkedAt)));
  const [month] = await db
    .select({ cents: sql<string | null>`sum(${walletTransactions.amountCents})` })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userId, userId),
        eq(walletTransactions.type, "round_up"),
        eq(walletTransactions.status, "completed"),
        sql`date_trunc('month', ${walletTransactions.createdAt} at time zone ${timeZone}) = date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone})`,
      ),
    );
  return { linkedBankAccounts: Number(linked?.n ?? 0), roundUpsThisMonthCents: Number(month?.cents ?? 0) };
}
