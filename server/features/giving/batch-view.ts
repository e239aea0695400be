/**
 * Cash, check and bank transfer batches as the treasurer reads them (issue 19; decisions 0120, 0135): a batch's
 * totals (integer cents, summed by PostgreSQL from its gift rows, never kept apart from them),
 * its lines (each a gift with its plate details) and its totals per fund. Also the batch row
 * lock every change takes first, so a change and a close never interleave: after the close
 * commits, every change finds the batch closed and answers 409.
 */
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { funds, gifts } from "../../db/schema/giving";
import { givingBatches } from "../../db/schema/giving-batches";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { users } from "../../db/schema/users";
import { conflict, notFound } from "../../http/app-error";
import { fundName } from "../../shared/money/funds";
import { BATCHES_TEXT, type Batch, type BatchDonor, type BatchMethod, type BatchSummary } from "../../../contract/giving-batches";
import type { GiftMethod } from "../../../contract/giving-funds-text";
import type { Locale } from "../../../contract/i18n/locales";

export type BatchRow = typeof givingBatches.$inferSelect;

/** A batch gift's method (the gifts_batch_method check allows a batch gift no other). */
const batchMethodOf = (method: GiftMethod): BatchMethod => {
  if (method === "cash" || method === "check" || method === "bank") return method;
  throw new Error(`a batch gift paid by ${method}: the gifts_batch_method check refuses it`);
};

/** The batch's row, locked until the transaction ends; 404 when there is none, 409 when it is closed. */
export async function lockOpenBatch(tx: Tx, id: string): Promise<BatchRow> {
  const [row] = await tx.select().from(givingBatches).where(eq(givingBatches.id, id)).for("update");
  if (!row) throw notFound(BATCHES_TEXT.batchNotFound);
  if (row.status !== "open") throw conflict(BATCHES_TEXT.batchClosed);
  return row;
}

const creator = alias(users, "batch_creator");
const closer = alias(users, "batch_closer");
const personName = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

/**
 * Each batch's totals, summed from its gifts by gifts_batch_idx (a lateral subquery per batch
 * row): the list walks giving_batches_date_idx newest first and stops at its page, where a
 * GROUP BY over the join summed every batch's gifts before it could sort and cut a page.
 */
const batchSums = (db: Db | Tx) =>
  db
    .select({
      count: sql<number>`count(*)::int`.as("count"),
      totalCents: sql<string>`coalesce(sum(${gifts.amountCents}), 0)`.as("total_cents"),
      cashCents: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.method} = 'cash'), 0)`.as("cash_cents"),
      checkCents: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.method} = 'check'), 0)`.as("check_cents"),
      bankCents: sql<string>`coalesce(sum(${gifts.amountCents}) filter (where ${gifts.method} = 'bank'), 0)`.as("bank_cents"),
    })
    .from(gifts)
    .where(eq(gifts.batchId, givingBatches.id))
    .as("batch_sums");

/** Batches with their totals, newest collection first: `where` filters, `limit` (a number or a placeholder) rows at most. */
export const batchSummaryQuery = (db: Db | Tx, where: SQL | undefined, limit: number | Placeholder) => {
  const sums = batchSums(db);
  return db
    .select({
      id: givingBatches.id,
      date: givingBatches.date,
      note: givingBatches.note,
      status: givingBatches.status,
      createdAt: givingBatches.createdAt,
      createdBy: givingBatches.createdBy,
      closedAt: givingBatches.closedAt,
      closedBy: givingBatches.closedBy,
      creatorFirst: creator.firstName,
      creatorLast: creator.lastName,
      closerFirst: closer.firstName,
      closerLast: closer.lastName,
      count: sums.count,
      totalCents: sums.totalCents,
      cashCents: sums.cashCents,
      checkCents: sums.checkCents,
      bankCents: sums.bankCents,
    })
    .from(givingBatches)
    .innerJoin(creator, eq(creator.id, givingBatches.createdBy))
    .leftJoin(closer, eq(closer.id, givingBatches.closedBy))
    .crossJoinLateral(sums)
    .where(where)
    .orderBy(desc(givingBatches.date), desc(givingBatches.id))
    .limit(limit);
};

export type BatchSummaryRow = Awaited<ReturnType<typeof batchSummaryQuery>>[number];

export const toBatchSummary = (r: BatchSummaryRow): BatchSummary => ({
  id: r.id,
  date: r.date,
  note: r.note,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  createdBy: { id: r.createdBy, name: personName(r.creatorFirst, r.creatorLast) },
  closedAt: r.closedAt?.toISOString() ?? null,
  closedBy: r.closedBy ? { id: r.closedBy, name: personName(r.closerFirst, r.closerLast) } : null,
  count: Number(r.count),
  // sum() of integers is a bigint (text from the driver): exact, then a JS number (safe far past any church's batch).
  totalCents: Number(r.totalCents),
  cashCents: Number(r.cashCents),
  checkCents: Number(r.checkCents),
  bankCents: Number(r.bankCents),
});

/** Batches with their totals, newest collection first: `where` filters, `limit` rows at most. */
export async function batchSummaries(db: Db | Tx, where: SQL | undefined, limit: number): Promise<BatchSummary[]> {
  return (await batchSummaryQuery(db, where, limit)).map(toBatchSummary);
}

/** One batch with its lines in order of entry and its totals per fund; 404 when there is none. */
export async function readBatch(db: Db | Tx, id: string, locale: Locale): Promise<Batch> {
  const [summary] = await batchSummaries(db, eq(givingBatches.id, id), 1);
  if (!summary) throw notFound(BATCHES_TEXT.batchNotFound);
  const rows = await db
    .select({
      g: gifts,
      line: givingBatchLines,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(gifts)
    .innerJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .leftJoin(users, eq(users.id, gifts.userId))
    .where(and(eq(gifts.batchId, id)))
    .orderBy(asc(givingBatchLines.position), asc(gifts.id));
  const byFund = new Map<string, { fundId: string; fundName: string; totalCents: number; count: number }>();
  const lines = rows.map((r) => {
    const name = fundName(r, locale);
    const f = byFund.get(r.g.fundId) ?? { fundId: r.g.fundId, fundName: name, totalCents: 0, count: 0 };
    f.totalCents += r.g.amountCents;
    f.count += 1;
    byFund.set(r.g.fundId, f);
    const donor: BatchDonor = r.g.userId
      ? { kind: "member", userId: r.g.userId, name: personName(r.firstName, r.lastName), email: r.email ?? "" }
      : r.line.donorName
        ? { kind: "guest", name: r.line.donorName, email: r.line.donorEmail }
        : { kind: "anonymous" };
    return {
      id: r.g.id,
      position: r.line.position,
      fundId: r.g.fundId,
      fundName: name,
      donor,
      amountCents: r.g.amountCents,
      method: batchMethodOf(r.g.method),
      checkNumber: r.line.checkNumber,
      reference: r.line.reference,
    };
  });
  return { ...summary, lines, funds: [...byFund.values()].sort((a, b) => a.fundName.localeCompare(b.fundName)) };
}
