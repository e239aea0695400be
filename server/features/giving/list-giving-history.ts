import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gifts } from "../../db/schema/giving";
import type { GivingHistoryEntry } from "../../../contract/giving";
import { toHistoryEntry } from "../../shared/money/gift-rows";

/** The member's own gifts, newest first (spec: 'Recent Giving' shows the latest 5). */
export async function listGivingHistory(db: Db, userId: string, limit: number): Promise<GivingHistoryEntry[]> {
  const rows = await db.select().from(gifts).where(eq(gifts.userId, userId)).orderBy(desc(gifts.createdAt), desc(gifts.id)).limit(limit);
  return rows.map(toHistoryEntry);
}
