import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { funds, recurringGifts } from "../../db/schema/giving";
import type { RecurringDonation } from "../../../contract/giving";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";

export const toRecurringDonation = (r: typeof recurringGifts.$inferSelect, fund: string): RecurringDonation => ({
  id: r.id,
  amountCents: r.amountCents,
  frequency: r.frequency,
  nextPaymentDate: r.nextPaymentDate,
  status: r.status,
  retryDate: r.status === "ACTIVE" ? r.retryDate : null,
  lastFailureReason: r.lastFailureReason,
  fundName: fund,
  feeCents: r.feeCents,
});

/** The member's own recurring gifts, newest first, each with its fund's name in `locale`. */
export async function listRecurringGifts(db: Db, userId: string, locale: Locale): Promise<RecurringDonation[]> {
  const rows = await db
    .select({ r: recurringGifts, nameEn: funds.nameEn, nameEs: funds.nameEs })
    .from(recurringGifts)
    .innerJoin(funds, eq(funds.id, recurringGifts.fundId))
    .where(eq(recurringGifts.userId, userId))
    .orderBy(desc(recurringGifts.createdAt));
  return rows.map((row) => toRecurringDonation(row.r, fundName(row, locale)));
}
