/**
 * A member pauses, resumes or cancels their own recurring gift (issue 5, beyond the spec).
 *
 *   pause   ACTIVE -> PAUSED     no charges (or retries) while paused
 *   resume  PAUSED -> ACTIVE     a date that passed while paused moves to the gift's first
 *                                scheduled date from today on (today counts): a paused period
 *                                is skipped, never back-charged, and a pending retry is dropped
 *   cancel  ACTIVE | PAUSED | FAILED -> CANCELLED, which is final
 *
 * Asking for the state a gift is already in answers 200 with the gift unchanged (a double tap
 * or a retried request is harmless). Any other move answers 409 with the reason: a CANCELLED
 * gift can't change, and a FAILED one can only be cancelled (set it up again with a working
 * card). Another member's gift, or an unknown id, is 404.
 *
 * The row is locked (FOR UPDATE) for the change, so a change waits for a scheduler that is
 * charging the same gift at that moment and applies to the state it leaves.
 */
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { funds, recurringGifts } from "../../db/schema/giving";
import type { Locale } from "../../../contract/i18n/locales";
import { fundName } from "../../shared/money/funds";
import { conflict, notFound } from "../../http/app-error";
import { GIVING_TEXT, type RecurringAction, type RecurringDonation } from "../../../contract/giving";
import { toRecurringDonation } from "./list-recurring-gifts";
import { dateInZone, nextPaymentDate } from "./next-payment-date";

type Row = typeof recurringGifts.$inferSelect;

/** Pause and resume reach here only for a CANCELLED or FAILED gift. */
function refuse(row: Row): never {
  throw conflict(row.status === "CANCELLED" ? GIVING_TEXT.recurringCancelledFinal : GIVING_TEXT.recurringFailedFinal);
}

/** The first date on the gift's schedule that is today or later. */
export function firstDateFrom(row: Pick<Row, "frequency" | "nextPaymentDate" | "anchorDay">, today: string) {
  let next = row.nextPaymentDate;
  while (next < today) next = nextPaymentDate(row.frequency, next, row.anchorDay);
  return next;
}

export async function changeRecurringGift(deps: Deps, userId: string, id: string, action: RecurringAction, locale: Locale): Promise<RecurringDonation> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(recurringGifts)
      .where(and(eq(recurringGifts.id, id), eq(recurringGifts.userId, userId)))
      .for("update");
    if (!row) throw notFound(GIVING_TEXT.recurringNotFound);

    let set: Partial<Row> | null = null;
    if (action === "pause") {
      if (row.status === "ACTIVE") set = { status: "PAUSED" };
      else if (row.status !== "PAUSED") refuse(row);
    } else if (action === "resume") {
      if (row.status === "PAUSED") {
        const today = dateInZone(deps.church.timeZone, deps.now());
        set =
          row.nextPaymentDate < today
            ? { status: "ACTIVE", nextPaymentDate: firstDateFrom(row, today), failedAttempts: 0, retryDate: null, lastFailureReason: null }
            : { status: "ACTIVE" };
      } else if (row.status !== "ACTIVE") refuse(row);
    } else {
      if (row.status !== "CANCELLED") set = { status: "CANCELLED", retryDate: null };
    }
    const [fund] = await tx.select().from(funds).where(eq(funds.id, row.fundId));
    const name = fundName(fund, locale);
    if (!set) return toRecurringDonation(row, name);
    const [updated] = await tx.update(recurringGifts).set(set).where(eq(recurringGifts.id, row.id)).returning();
    return toRecurringDonation(updated, name);
  });
}
