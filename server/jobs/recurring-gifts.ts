/**
 * Charges due recurring gifts (docs/architecture.md, Jobs). Each due ACTIVE gift is claimed
 * with FOR UPDATE SKIP LOCKED and charged through the gateway's customer profile (never a
 * stored card) while the row stays locked; the outcome is recorded in the same transaction.
 * Two schedulers on one database never charge a period twice: the lock keeps them apart, the
 * gateway key is per (gift, period, attempt), and the unique (recurring gift, period date)
 * index on gifts allows one recorded outcome per period.
 *
 * A failed charge is retried: the attempts are made on the due date and then on the days
 * RECURRING_RETRY_DAYS after it (1, 3 and 5 days; never sooner than tomorrow, so a server
 * that was down does not fire every retry at once). Failed attempts before the last only
 * count on the recurring gift (failedAttempts, retryDate, lastFailureReason, shown to the
 * member); when the last one fails too, a FAILED gift is recorded for the period, the
 * recurring gift becomes FAILED and the giver is emailed how to set it up again. A success,
 * first time or on a retry, records the COMPLETED gift, clears the failures and moves to the
 * next date. The receipt (or the failure email) is queued in the outbox in the same transaction
 * as the outcome (decision 0101); queuing a receipt runs under a savepoint, so its failure never
 * undoes a recorded charge (the receipts sweep queues it later).
 *
 * A gift whose date passed long ago (the server was down) is charged once for its due period
 * and then moved to the first date after today: missed periods are not back-charged.
 * When the gateway can't be reached (GatewayUnavailableError) nothing is recorded, the gift
 * stays due and the next pass tries the same attempt again with the same key.
 */
import { startInterval } from "./interval";
import { and, asc, eq, isNull, lte, notInArray, or } from "drizzle-orm";
import type { Deps } from "../deps";
import { gifts, recurringGifts } from "../db/schema/giving";
import { dateInZone, nextPaymentDate } from "../features/giving/next-payment-date";
import { queueGiftReceiptWithin } from "../shared/money/send-gift-receipt";
import { sendRecurringFailedEmail } from "../features/giving/send-recurring-failed-email";
import { GatewayUnavailableError } from "../providers/payments/port";
import { RECURRING_RETRY_DAYS } from "../../contract/giving";

/** The gateway key of one attempt: a retry is a new charge, a repeat of the same attempt is not. */
export const recurringChargeKey = (recurringId: string, period: string, attempt: number) =>
  attempt === 1 ? `recurring:${recurringId}:${period}` : `recurring:${recurringId}:${period}:attempt-${attempt}`;

const addDays = (date: string, days: number) => {
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days);
  return new Date(t).toISOString().slice(0, 10);
};

/** The day of the retry after failed attempt `attempt` of `period`, or null when no retry is left. */
export function retryDateAfter(period: string, attempt: number, today: string): string | null {
  const offset = RECURRING_RETRY_DAYS[attempt - 1];
  if (offset === undefined) return null;
  const planned = addDays(period, offset);
  const tomorrow = addDays(today, 1);
  return planned > tomorrow ? planned : tomorrow;
}

/** Stop a pass after this many gateway outages in a row: the gateway is down, try next pass. */
const MAX_UNAVAILABLE_PER_PASS = 3;

type Outcome =
  | { kind: "charged"; giftId: string }
  | { kind: "retry" }
  | { kind: "failed"; recurringId: string }
  | { kind: "unrecorded"; recurringId: string; period: string; transactionId: string };

/**
 * One pass: charges every gift due today or earlier (and every retry due). Returns how many
 * periods were charged successfully. Email failures and gateway outages go to `onError`.
 */
export async function runRecurringGifts(deps: Deps, onError: (err: unknown) => void = () => undefined): Promise<number> {
  const today = dateInZone(deps.church.timeZone, deps.now());
  let charged = 0;
  const skipped: string[] = [];
  for (;;) {
    let claimedId: string | null = null;
    let outcome: Outcome | null;
    try {
      outcome = await deps.db.transaction(async (tx): Promise<Outcome | null> => {
        const [due] = await tx
          .select()
          .from(recurringGifts)
          .where(
            and(
              eq(recurringGifts.status, "ACTIVE"),
              lte(recurringGifts.nextPaymentDate, today),
              or(isNull(recurringGifts.retryDate), lte(recurringGifts.retryDate, today)),
              skipped.length ? notInArray(recurringGifts.id, skipped) : undefined,
            ),
          )
          .orderBy(asc(recurringGifts.nextPaymentDate))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!due) return null;
        claimedId = due.id;
        const period = due.nextPaymentDate;
        const attempt = due.failedAttempts + 1;
        // Each period is charged the gift plus the fee the giver chose to cover, and given to the recurring gift's fund.
        const result = await deps.payments.chargeProfile(due.gatewayProfileId, due.amountCents + due.feeCents, recurringChargeKey(due.id, period, attempt));
        const giftRow = {
          userId: due.userId,
          amountCents: due.amountCents,
          fundId: due.fundId,
          feeCents: due.feeCents,
          recurringGiftId: due.id,
          periodDate: period,
          cardLastFour: due.cardLastFour,
          cardBrand: due.cardBrand,
          createdAt: deps.now(),
        };

        if (result.ok) {
          const [gift] = await tx
            .insert(gifts)
            .values({ ...giftRow, status: "COMPLETED", gatewayTransactionId: result.transactionId })
            .onConflictDoNothing()
            .returning({ id: gifts.id });
          let next = nextPaymentDate(due.frequency, period, due.anchorDay);
          while (next <= today) next = nextPaymentDate(due.frequency, next, due.anchorDay);
          await tx
            .update(recurringGifts)
            .set({ nextPaymentDate: next, failedAttempts: 0, retryDate: null, lastFailureReason: null })
            .where(eq(recurringGifts.id, due.id));
          // The period already has its outcome (never expected: the row lock and the date move
          // prevent it). The gateway charged anyway, so staff must hear of it to refund.
          if (!gift) return { kind: "unrecorded", recurringId: due.id, period, transactionId: result.transactionId };
          await queueGiftReceiptWithin(deps, tx, gift.id, onError);
          return { kind: "charged", giftId: gift.id };
        }

        const retryOn = retryDateAfter(period, attempt, today);
        if (retryOn) {
          await tx
            .update(recurringGifts)
            .set({ failedAttempts: attempt, retryDate: retryOn, lastFailureReason: result.reason })
            .where(eq(recurringGifts.id, due.id));
          return { kind: "retry" };
        }
        await tx
          .insert(gifts)
          .values({ ...giftRow, status: "FAILED", failureReason: result.reason })
          .onConflictDoNothing();
        await tx
          .update(recurringGifts)
          .set({ status: "FAILED", failedAttempts: attempt, retryDate: null, lastFailureReason: result.reason })
          .where(eq(recurringGifts.id, due.id));
        // The giver is told with the change: the email commits with the FAILED status. Under a
        // savepoint, so a failure to queue it is reported and never blocks the charges after it.
        await tx.transaction((savepoint) => sendRecurringFailedEmail(deps, due.id, savepoint)).catch(onError);
        return { kind: "failed", recurringId: due.id };
      });
    } catch (err) {
      if (!(err instanceof GatewayUnavailableError) || !claimedId) throw err;
      onError(err);
      skipped.push(claimedId);
      if (skipped.length >= MAX_UNAVAILABLE_PER_PASS) return charged;
      continue;
    }
    if (!outcome) return charged;
    if (outcome.kind === "charged") {
      charged += 1;
    } else if (outcome.kind === "unrecorded") {
      onError(
        new Error(
          `Recurring gift ${outcome.recurringId} was charged again for ${outcome.period} (gateway transaction ${outcome.transactionId}), which already had its gift: refund it`,
        ),
      );
    }
  }
}

/** Runs the job every `intervalMs` (never overlapping itself). stop() waits for a pass in progress. */
export function startRecurringGiftsScheduler(deps: Deps, intervalMs = 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runRecurringGifts(deps, onError), intervalMs, onError);
}
