import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { recurringGifts } from "../../db/schema/giving";
import type { RecurringDonation } from "../../../contract/giving";

export const toRecurringDonation = (r: typeof recurringGifts.$inferSelect): RecurringDonation => ({
  id: r.id,
  amountCents: r.amountCents,
  frequency: r.frequency,
  nextPaymentDate: r.nextPaymentDate,
  status: r.status,
  retryDate: r.status === "ACTIVE" ? r.retryDate : null,
  lastFailureReason: r.lastFailureReason,
});

/** The member's own recurring gifts, newest first. */
export async function listRecurringGifts(db: Db, userId: string): Promise<RecurringDonation[]> {
  const rows = await db.select().from(recurringGifts).where(eq(recurringGifts.userId, userId)).orderBy(desc(recurringGifts.createdAt));
  return rows.map(toRecurringDonation);
}
