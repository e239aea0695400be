/**
 * The member's ledger, newest first, a page at a time (docs/architecture.md, Data rules: lists the UI pages through are
 * paginated on the server). Keyset paging on (createdAt, id): `before` is the last id the client
 * has; rows arriving meanwhile never shift a page. Search matches description or merchant
 * (case-insensitive, % and _ taken literally); type and status filter exactly.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { timeText } from "../../db/iso-time";
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

/** The columns a ledger line shows (toWalletTransaction), not the whole row. */
const LINE = {
  id: walletTransactions.id,
  type: walletTransactions.type,
  description: walletTransactions.description,
  merchantName: walletTransactions.merchantName,
  amountCents: walletTransactions.amountCents,
  status: walletTransactions.status,
  createdAt: timeText(walletTransactions.createdAt),
};

/**
 * Rows strictly after the cursor's row, whose key PostgreSQL reads in the same statement and
 * only among the member's own: another member's id, or an unknown one, compares as null and the
 * page is empty (then told apart from a real end by one more look, below).
 */
const afterCursor = (before: unknown, userId: unknown) =>
  sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) < (select t.created_at, t.id from wallet_transactions t where t.id = ${before} and t.user_id = ${userId})`;

function page(db: Db, where: SQL | undefined, limit: unknown) {
  return db.select(LINE).from(walletTransactions).where(where).orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id)).limit(limit as number);
}

/**
 * The Wallet screen's own pages (no search, no filter), built and planned once (db/prepared.ts;
 * issue 23): `wallet_transactions_user_idx` (user, created_at desc, id desc) walks one page.
 */
const firstPage = prepared("wallet.transactions.first", (db) => page(db, eq(walletTransactions.userId, sql.placeholder("userId")), sql.placeholder("limit")));
const nextPage = prepared("wallet.transactions.next", (db) =>
  page(db, and(eq(walletTransactions.userId, sql.placeholder("userId")), afterCursor(sql.placeholder("before"), sql.placeholder("userId"))), sql.placeholder("limit")),
);

export async function listWalletTransactions(db: Db, userId: string, f: TransactionsFilter): Promise<WalletTransaction[]> {
  const filtered = f.type || f.status || f.search;
  let rows;
  if (!filtered) {
    rows = f.before ? await nextPage(db, { userId, before: f.before, limit: f.limit }) : await firstPage(db, { userId, limit: f.limit });
  } else {
    const where: SQL[] = [eq(walletTransactions.userId, userId)];
    if (f.type) where.push(eq(walletTransactions.type, f.type));
    if (f.status) where.push(eq(walletTransactions.status, f.status));
    if (f.search) {
      const pattern = `%${likeEscape(f.search)}%`;
      where.push(or(ilike(walletTransactions.description, pattern), ilike(walletTransactions.merchantName, pattern))!);
    }
    if (f.before) where.push(afterCursor(f.before, userId));
    rows = await page(db, and(...where), f.limit);
  }
  // An empty page after a cursor: the end of the list, or a cursor that is not the member's (404).
  if (f.before && rows.length === 0) {
    const [anchor] = await db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.id, f.before), eq(walletTransactions.userId, userId)));
    if (!anchor) throw notFound(ERROR_TEXT.transactionNotFound);
  }
  return rows.map(toWalletTransaction);
}
