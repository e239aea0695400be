/**
 * Writing a batch's lines (issue 19; decision 0120), inside the caller's transaction with the
 * batch row locked. A line is a gift row (status COMPLETED, method cash, check or bank, the batch's
 * id, dated the batch's day) plus its giving_batch_lines row (place, check number or a bank
 * transfer's reference, a donor without an account), written together; so the donor's history, the ledger, the totals and
 * the statements read it as the gift it is, and nothing is kept twice.
 *
 * Checked here, each a 400 naming the field: the fund is open (a line that keeps the fund it
 * already had may keep an archived one), the member exists and has not deleted their account (a
 * line that keeps its member may), a changed or removed line is in this batch. The schema checked the rest (amount > 0, a check's
 * number, the donor's name and email).
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { funds, gifts } from "../../db/schema/giving";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import { users } from "../../db/schema/users";
import { badRequest } from "../../http/app-error";
import { FUNDS_TEXT } from "../../../contract/giving-funds";
import { BATCHES_TEXT, type BatchLineData } from "../../../contract/giving-batches";
import { zonedToUtc } from "../../../contract/zoned-time";

/**
 * The instant a batch's gifts are dated: noon of its day in the church's zone, so every reader
 * that turns an instant into a church day (history, statements by year, the ledger's range,
 * "Given This Week") puts them on the batch's day; noon is far from any DST change.
 */
export function batchInstant(date: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return zonedToUtc(timeZone, y, m, d, 12);
}

interface FundRules {
  defaultId: string;
  open: Set<string>;
}
async function fundRules(tx: Tx): Promise<FundRules> {
  const rows = await tx.select({ id: funds.id, isDefault: funds.isDefault }).from(funds).where(isNull(funds.archivedAt));
  const def = rows.find((r) => r.isDefault);
  if (!def) throw new Error("no default fund: the migration seeds one and no use case clears it");
  return { defaultId: def.id, open: new Set(rows.map((r) => r.id)) };
}
function fundOf(rules: FundRules, line: BatchLineData, path: string, kept?: string): string {
  if (!line.fundId) return rules.defaultId;
  if (rules.open.has(line.fundId) || line.fundId === kept) return line.fundId;
  throw badRequest(`${path}.fundId`, FUNDS_TEXT.fundUnavailable);
}

/** Every member named by these lines exists and kept their account, else a 400 on the first that does not. */
async function checkMembers(tx: Tx, lines: { line: BatchLineData; path: string }[]) {
  const ids = [...new Set(lines.flatMap(({ line }) => (line.donor.kind === "member" ? [line.donor.userId] : [])))];
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), isNull(users.deletedAt)))).map((r) => r.id));
  for (const { line, path } of lines) {
    if (line.donor.kind === "member" && !found.has(line.donor.userId)) throw badRequest(`${path}.donor.userId`, BATCHES_TEXT.memberNotFound);
  }
}

const giftFields = (line: BatchLineData, fundId: string) => ({
  userId: line.donor.kind === "member" ? line.donor.userId : null,
  amountCents: line.amountCents,
  fundId,
  method: line.method,
});
const lineFields = (line: BatchLineData) => ({
  checkNumber: line.checkNumber,
  reference: line.reference,
  donorName: line.donor.kind === "guest" ? line.donor.name : null,
  donorEmail: line.donor.kind === "guest" && line.donor.email ? line.donor.email : null,
});

/** Adds `lines` to the batch after its last line. `path`: where the lines are in the body ("body.lines"). */
export async function addLines(tx: Tx, batch: { id: string }, lines: BatchLineData[], at: Date, path: string): Promise<number> {
  if (!lines.length) return 0;
  const rules = await fundRules(tx);
  const placed = lines.map((line, i) => ({ line, path: `${path}.${i}`, fundId: fundOf(rules, line, `${path}.${i}`) }));
  await checkMembers(tx, placed);
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${givingBatchLines.position}), 0)::int` })
    .from(givingBatchLines)
    .where(eq(givingBatchLines.batchId, batch.id));
  // Ids chosen here, so each plate row names its gift without relying on the order RETURNING gives.
  const rows = placed.map((p, i) => ({ ...p, id: randomUUID(), position: Number(last) + i + 1 }));
  await tx.insert(gifts).values(rows.map(({ id, line, fundId }) => ({ id, ...giftFields(line, fundId), feeCents: 0, status: "COMPLETED" as const, batchId: batch.id, createdAt: at })));
  await tx.insert(givingBatchLines).values(rows.map(({ id, line, position }) => ({ giftId: id, batchId: batch.id, position, ...lineFields(line) })));
  return rows.length;
}

/** Replaces each named line of the batch with the one sent (a 400 on a line that is not in it). */
export async function changeLines(tx: Tx, batch: { id: string }, changes: (BatchLineData & { id: string })[], path: string): Promise<number> {
  if (!changes.length) return 0;
  const ids = changes.map((c) => c.id);
  const current = new Map(
    (await tx.select({ id: gifts.id, fundId: gifts.fundId, userId: gifts.userId }).from(gifts).where(and(inArray(gifts.id, ids), eq(gifts.batchId, batch.id)))).map((r) => [r.id, r]),
  );
  const rules = await fundRules(tx);
  const placed = changes.map((line, i) => {
    const was = current.get(line.id);
    if (!was) throw badRequest(`${path}.${i}.id`, BATCHES_TEXT.lineNotFound);
    return { line, path: `${path}.${i}`, fundId: fundOf(rules, line, `${path}.${i}`, was.fundId), was };
  });
  // A line that keeps its member keeps them even if they have since deleted their account.
  await checkMembers(
    tx,
    placed.filter(({ line, was }) => !(line.donor.kind === "member" && line.donor.userId === was.userId)),
  );
  for (const { line, fundId } of placed) {
    await tx.update(gifts).set(giftFields(line, fundId)).where(and(eq(gifts.id, line.id), eq(gifts.batchId, batch.id)));
    await tx.update(givingBatchLines).set(lineFields(line)).where(eq(givingBatchLines.giftId, line.id));
  }
  return placed.length;
}

/** Removes the named lines (their gifts and plate details); a 400 when one is not in the batch. */
export async function removeLines(tx: Tx, batch: { id: string }, ids: string[], path: string): Promise<number> {
  const unique = [...new Set(ids)];
  if (!unique.length) return 0;
  const removed = await tx
    .delete(gifts)
    .where(and(inArray(gifts.id, unique), eq(gifts.batchId, batch.id)))
    .returning({ id: gifts.id });
  if (removed.length !== unique.length) {
    const gone = new Set(removed.map((r) => r.id));
    throw badRequest(`${path}.${ids.findIndex((id) => !gone.has(id))}`, BATCHES_TEXT.lineNotFound);
  }
  return removed.length;
}

/** How many lines the batch has now. */
export async function lineCount(tx: Tx, batchId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(givingBatchLines).where(eq(givingBatchLines.batchId, batchId));
  return Number(n);
}
