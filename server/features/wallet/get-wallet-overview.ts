/**
 * The Overview tiles from real data (the spec hard-codes them): how many banks are linked, and
 * the round-ups saved this calendar month in the church's time zone (docs/architecture.md, Data rules).
 * A round-up is dated by its purchase, so "this month" means purchases made this month.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { bankAccounts, walletTransactions } from "../../db/schema/wallet";
import { users } from "../../db/schema/users";
import type { WalletOverview } from "../../../contract/wallet";

/**
 * Both tiles in one statement (two round trips before), built and planned once (db/prepared.ts;
 * issue 23). The month is a range of `created_at` (its first instant and the next month's, in the
 * church's zone), so `wallet_transactions_user_idx` reads this month's rows only; comparing each
 * row's month (date_trunc of created_at) read every row the member ever had.
 */
const overviewOf = prepared("wallet.overview", (db) => {
  const month = sql`date_trunc('month', ${sql.placeholder("now")}::timestamptz at time zone ${sql.placeholder("tz")}::text)`;
  return db
    .select({
      linked: sql<number>`(select count(*)::int from ${bankAccounts} b where b.user_id = ${sql.placeholder("userId")} and b.unlinked_at is null)`,
      cents: sql<string | null>`(
        select sum(t.amount_cents) from ${walletTransactions} t
        where t.user_id = ${sql.placeholder("userId")} and t.type = 'round_up' and t.status = 'completed'
          and t.created_at >= (${month} at time zone ${sql.placeholder("tz")}::text)
          and t.created_at < ((${month} + interval '1 month') at time zone ${sql.placeholder("tz")}::text))`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")));
});

export async function getWalletOverview(db: Db, userId: string, timeZone: string, now: Date): Promise<WalletOverview> {
  const [row] = await overviewOf(db, { userId, tz: timeZone, now: now.toISOString() });
  return { linkedBankAccounts: Number(row?.linked ?? 0), roundUpsThisMonthCents: Number(row?.cents ?? 0) };
}
