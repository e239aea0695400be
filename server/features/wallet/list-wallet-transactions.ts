/**
 * The member's ledger, newest first, a page at a time (docs/architecture.md, Data rules: lists the UI pages through are
 * paginated on the server). Keyset paging on (createdAt, id): `before` is the last id the client
 * has; rows arriving meanwhile never shift a page. Search matches description or merchant
 * (case-insensitive, % and _ taken literally); type and status filter exactly.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { walletTransactions } from "../../db/schema/wallet";
import { notFound } from "../../http/app-error";
import type { WalletTransaction, WalletTransactionStatus, WalletTransactionType } from "../../../contract/wallet";
import { toWalletTransaction } from "../../shared/money/wallet-ledger";
import { ERROR_TEXT } from "../../../contract/errors-text";

export interface TransactionsFilter {
  limit: number;
  before?: string;
  search?: string;
  type?: WalletTransactionType;
  status?: WalletTransactionStatus;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listWalletTransactions(db: Db, userId: string, f: TransactionsFilter): Promise<WalletTransaction[]> {
  const where: SQL[] = [eq(walletTransactions.userId, userId)];
  if (f.type) where.push(eq(walletTransactions.type, f.type));
  if (f.status) where.push(eq(walletTransactions.status, f.status));
  if (f.search) {
    const pattern = `%${likeEscape(f.search)}%`;
    where.push(or(ilike(walletTransactions.description, pattern), ilike(walletTransactions.merchantName, pattern))!);
  }
  if (f.before) {
    // Another member's id is as unknown as a made-up one.
    const [anchor] = await db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.id, f.before), eq(walletTransactions.userId, userId)));
    if (!anchor) throw notFound(ERROR_TEXT.transactionNotFound);
    where.push(
      sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) < (select t.created_at, t.id from wallet_transactions t where t.id = ${f.before})`,
    );
  }
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(and(...where))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(f.limit);
  return rows.map(toWalletTransaction);
}
