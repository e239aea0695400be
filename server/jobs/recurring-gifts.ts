/**
 * Charges due recurring gifts (DESIGN.md, Scheduled work). Each due ACTIVE gift is claimed
 * with FOR UPDATE SKIP LOCKED, charged through the gateway's customer profile (never a stored
 * card) with a gateway key per (gift, period), recorded under the unique (recurring gift,
 * period date) index and moved to its next date in the same transaction: two schedulers on
 * one database never charge a period twice.
 *
 * Decisions: a gift whose date passed long ago (the server was down) is charged once for its
 * due period and then moved to the first date after today: missed periods are not back-charged.
 * A declined charge records a FAILED gift and sets the recurring gift to FAILED (the member
 * sets it up again with a working card).
 */
import { startInterval } from "./interval";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Deps } from "../deps";
import { gifts, recurringGifts } from "../db/schema/giving";
import { dateInZone, nextPaymentDate } from "../features/giving/next-payment-date";

/** One pass: charges every gift due today or earlier. Returns how many periods were charged successfully. */
export async function runRecurringGifts(deps: Deps): Promise<number> {
  const today = dateInZone(deps.church.timeZone, deps.now());
  let charged = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select()
        .from(recurringGifts)
        .where(and(eq(recurringGifts.status, "ACTIVE"), lte(recurringGifts.nextPaymentDate, today)))
        .orderBy(asc(recurringGifts.nextPaymentDate))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return null;
      const period = due.nextPaymentDate;
      const result = await deps.payments.chargeProfile(due.gatewayProfileId, due.amountCents, `recurring:${due.id}:${period}`);
      const inserted = await tx
        .insert(gifts)
        .values({
          userId: due.userId,
          amountCents: due.amountCents,
          status: result.ok ? "COMPLETED" : "FAILED",
          gatewayTransactionId: result.ok ? result.transactionId : null,
          failureReason: result.ok ? null : result.reason,
          recurringGiftId: due.id,
          periodDate: period,
          cardLastFour: due.cardLastFour,
          cardBrand: due.cardBrand,
          createdAt: deps.now(),
        })
        .onConflictDoNothing()
        .returning({ id: gifts.id });
      let next = nextPaymentDate(due.frequency, period, due.anchorDay);
      while (next <= today) next = nextPaymentDate(due.frequency, next, due.anchorDay);
      await tx
        .update(recurringGifts)
        .set({ nextPaymentDate: next, ...(result.ok ? {} : { status: "FAILED" as const }) })
        .where(eq(recurringGifts.id, due.id));
      return { ok: result.ok && inserted.length === 1 };
    });
    if (!done) return charged;
    if (done.ok) charged += 1;
  }
}

/** Runs the job every `intervalMs` (never overlapping itself). stop() waits for a pass in progress. */
export function startRecurringGiftsScheduler(deps: Deps, intervalMs = 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runRecurringGifts(deps), intervalMs, onError);
}
