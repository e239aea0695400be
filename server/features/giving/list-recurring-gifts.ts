import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { funds, recurringGifts } from "../../db/schema/giving";
import type { RecurringDonation } from "../../../contract/giving";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";

type RecurringRow = Pick<
  typeof recurringGifts.$inferSelect,
  "id" | "amountCents" | "frequency" | "nextPaymentDate" | "status" | "retryDate" | "lastFailureReason" | "feeCents"
>;

export const toRecurringDonation = (r: RecurringRow, fund: string): RecurringDonation => ({
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

/**
 * The columns the Give screen shows, built and planned once (db/prepared.ts; issue 23). A
 * cancelled gift is over (the screen never showed one): leaving them out keeps the answer to the
 * gifts the member still has, rather than every gift they ever set up.
 */
const memberRecurring = prepared("giving.recurring", (db) =>
  db
    .select({
      id: recurringGifts.id,
      amountCents: recurringGifts.amountCents,
      frequency: recurringGifts.frequency,
      nextPaymentDate: recurringGifts.nextPaymentDate,
      status: recurringGifts.status,
      retryDate: recurringGifts.retryDate,
      lastFailureReason: recurringGifts.lastFailureReason,
      feeCents: recurringGifts.feeCents,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
    })
    .from(recurringGifts)
    .innerJoin(funds, eq(funds.id, recurringGifts.fundId))
    .where(and(eq(recurringGifts.userId, sql.placeholder("userId")), ne(recurringGifts.status, "CANCELLED")))
    .orderBy(desc(recurringGifts.createdAt), desc(recurringGifts.id)),
);

/** The member's own recurring gifts that are not cancelled, newest first, each with its fund's name in `locale`. */
export async function listRecurringGifts(db: Db, userId: string, locale: Locale): Promise<RecurringDonation[]> {
  const rows = await memberRecurring(db, { userId });
  return rows.map((row) => toRecurringDonation(row, fundName(row, locale)));
}
