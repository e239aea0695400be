import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { timeText } from "../../db/iso-time";
import { funds, gifts } from "../../db/schema/giving";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import type { GivingHistoryEntry } from "../../../contract/giving";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";
import { toHistoryEntry } from "../../shared/money/gift-rows";

/**
 * The columns the history shows, not the whole gift row; built and planned once
 * (db/prepared.ts): this is asked on every Give screen (issue 23).
 */
const recentGifts = prepared("giving.history", (db) =>
  db
    .select({
      id: gifts.id,
      amountCents: gifts.amountCents,
      createdAt: timeText(gifts.createdAt),
      status: gifts.status,
      feeCents: gifts.feeCents,
      refundedCents: gifts.refundedCents,
      method: gifts.method,
      cardBrand: gifts.cardBrand,
      cardLastFour: gifts.cardLastFour,
      checkNumber: givingBatchLines.checkNumber,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
    })
    .from(gifts)
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .where(eq(gifts.userId, sql.placeholder("userId")))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(sql.placeholder("limit")),
);

/**
 * The member's own gifts, newest first (spec: 'Recent Giving' shows the latest 5), each with its
 * fund's name in `locale`, the fee they covered, and how it was paid (the statement's words).
 */
export async function listGivingHistory(db: Db, userId: string, limit: number, locale: Locale): Promise<GivingHistoryEntry[]> {
  const rows = await recentGifts(db, { userId, limit });
  return rows.map((r) => toHistoryEntry(r, fundName(r, locale), r.checkNumber));
}
