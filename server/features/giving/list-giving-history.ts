import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { funds, gifts } from "../../db/schema/giving";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import type { GivingHistoryEntry } from "../../../contract/giving";
import type { Locale } from "../../../contract/i18n/locales";
import { toHistoryEntry } from "../../shared/money/gift-rows";
import { fundName } from "../../shared/money/funds";

/**
 * The member's own gifts, newest first (spec: 'Recent Giving' shows the latest 5), each with its
 * fund's name in `locale`, the fee they covered, and how it was paid (the statement's words).
 */
export async function listGivingHistory(db: Db, userId: string, limit: number, locale: Locale): Promise<GivingHistoryEntry[]> {
  const rows = await db
    .select({ g: gifts, nameEn: funds.nameEn, nameEs: funds.nameEs, checkNumber: givingBatchLines.checkNumber })
    .from(gifts)
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .where(eq(gifts.userId, userId))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(limit);
  return rows.map((row) => toHistoryEntry(row.g, fundName(row, locale), row.checkNumber));
}
