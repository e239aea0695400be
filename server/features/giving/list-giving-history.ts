import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gifts } from "../../db/schema/giving";
import type { GivingHistoryEntry } from "../../../contract/giving";

export const toHistoryEntry = (g: typeof gifts.$inferSelect): GivingHistoryEntry => ({
  id: g.id,
  amountCents: g.amountCents,
  createdAt: g.createdAt.toISOString(),
  status: g.status,
});

/** The member's own gifts, newest first (spec: 'Recent Giving' shows the latest 5). */
export async function listGivingHistory(db: Db, userId: string, limit: number): Promise<GivingHistoryEntry[]> {
  const rows = await db.select().from(gifts).where(eq(gifts.userId, userId)).orderBy(desc(gifts.createdAt), desc(gifts.id)).limit(limit);
  return rows.map(toHistoryEntry);
}
