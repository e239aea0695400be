/**
 * The member's ledger, newest first, a page at a time (docs/architecture.md, Data rules: lists the UI pages through are
 * paginated on the server). Keyset paging on (createdAt, id): `before` is the last id the client
 * has; rows arriving meanwhile never shift a page. Search matches description or merchant
 * (case-insensitive, % and _ taken literally); type and status filter exactly.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedSql, runtimeValue } from "../../db/prepared";
import { isoSql } from "../../db/iso-time";
import { jsonText } from "../../db/json-sql";
import { notFound } from "../../http/app-error";
import type { WalletTransactionStatus, WalletTransactionType } from "../../../contract/wallet";
import { ERROR_TEXT } from "../../../contract/errors-text";
import { containsPattern } from "../../db/like-pattern";
import { rowsOf } from "../../db/rows";

export interface TransactionsFilter {
  limit: number;
  before?: string;
  search?: string;
  type?: WalletTransactionType;
  status?: WalletTransactionStatus;
}

/**
 * A page of the member's lines as the answer's JSON array (ZWalletTransaction, the fields
 * toWalletTransaction writes), written by PostgreSQL (decision 0130): no row parsed, no response
 * schema run on the server's thread (issue 23). `where` narrows `t` (the member's rows, and a
 * filter); `before` is the cursor's id or null. Rows strictly after the cursor's row, whose key
 * PostgreSQL reads in the same statement and only among the member's own: another member's id,
 * or an unknown one, compares as null and the page is empty (then told apart from a real end by
 * one more look, below). `wallet_transactions_user_idx` (user, created_at desc, id desc) walks one page.
 */
function pageStatement(userId: SQL, where: SQL, before: SQL | null, limit: SQL) {
  const after = before
    ? sql`and (t.created_at, t.id) < (select c.created_at, c.id from wallet_transactions c where c.id = ${before}::uuid and c.user_id = ${userId}::uuid)`
    : sql``;
  return sql`
    select ${jsonText(sql`coalesce(json_agg(item order by x.created_at desc, x.id desc), '[]')`)} as lines
    from (
      select t.id, t.type, t.description, t.merchant_name, t.amount_cents, t.status, t.created_at
      from wallet_transactions t
      where t.user_id = ${userId}::uuid ${where} ${after}
      order by t.created_at desc, t.id desc
      limit ${limit}) x
    cross join lateral (select x.id, x.type, x.description, x.merchant_name as "merchantName", x.amount_cents as "amountCents", x.status,
      ${isoSql("x.created_at")} as "createdAt") item`;
}

const p = (name: string) => sql`${sql.placeholder(name)}`;
/**
 * The Wallet screen's own pages (no search, no filter), built and planned once (db/prepared.ts;
 * issue 23), the page's size out of the planner's sight (runtimeValue) so the generic plan is kept.
 */
const firstPage = preparedSql<{ lines: string }>("wallet.transactions.first", () => pageStatement(p("userId"), sql``, null, runtimeValue("limit", "int")));
const nextPage = preparedSql<{ lines: string }>("wallet.transactions.next", () => pageStatement(p("userId"), sql``, p("before"), runtimeValue("limit", "int")));

/** The member's lines newest first, a page after `before`, as the answer's JSON text (ZWalletTransaction[]; a 404 for a cursor not theirs). */
export async function listWalletTransactions(db: Db, userId: string, f: TransactionsFilter): Promise<string> {
  let lines: string;
  if (!(f.type || f.status || f.search)) {
    [{ lines }] = f.before ? await nextPage(db, { userId, before: f.before, limit: f.limit }) : await firstPage(db, { userId, limit: f.limit });
  } else {
    const where: SQL[] = [];
    if (f.type) where.push(sql`and t.type = ${f.type}`);
    if (f.status) where.push(sql`and t.status = ${f.status}`);
    if (f.search) {
      const pattern = containsPattern(f.search);
      where.push(sql`and (t.description ilike ${pattern} or t.merchant_name ilike ${pattern})`);
    }
    const statement = pageStatement(sql`${userId}`, sql.join(where, sql` `), f.before ? sql`${f.before}` : null, sql`${f.limit}::int`);
    [{ lines }] = rowsOf<{ lines: string }>(await db.execute(statement));
  }
  // An empty page after a cursor: the end of the list, or a cursor that is not the member's (404).
  if (f.before && lines === "[]") {
    const [anchor] = await anchorOf(db, { id: f.before, userId });
    if (!anchor) throw notFound(ERROR_TEXT.transactionNotFound);
  }
  return lines;
}

const anchorOf = preparedSql<{ id: string }>("wallet.transactions.anchor", () => sql`select id from wallet_transactions where id = ${p("id")}::uuid and user_id = ${p("userId")}::uuid`);
