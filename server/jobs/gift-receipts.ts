/**
 * Queues the receipts that were not queued when their gift was made (the process stopped
 * between the gift's transaction and the receipt's). Delivery itself is the email sender's
 * (server/jobs/email-delivery.ts), which retries a mail server that is down. Only gifts of the last
 * RECEIPT_CATCH_UP_DAYS: an older gift is better left to the year-end statement than receipted
 * out of the blue. sendGiftReceipt claims each gift with its queued email, so this sweep, the
 * request that made the gift and other instances never queue one twice.
 */
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import type { Deps } from "../deps";
import { gifts } from "../db/schema/giving";
import { users } from "../db/schema/users";
import { sendGiftReceipt } from "../shared/money/send-gift-receipt";
import { startInterval } from "./interval";

export const RECEIPT_CATCH_UP_DAYS = 3;
const BATCH = 50;

/** One pass. Returns how many receipts this pass queued; stops at the first failure (the database is likely in trouble). */
export async function runGiftReceipts(deps: Deps, onError: (err: unknown) => void = () => undefined): Promise<number> {
  const since = new Date(deps.now().getTime() - RECEIPT_CATCH_UP_DAYS * 86_400_000);
  const pending = await deps.db
    .select({ id: gifts.id })
    .from(gifts)
    // A deleted account's tombstone has no address to receipt (decision 0117).
    .innerJoin(users, eq(users.id, gifts.userId))
    // Cash and check batch gifts get no receipt of their own (decision 0120; queueGiftReceipt refuses them).
    .where(and(eq(gifts.status, "COMPLETED"), isNull(gifts.receiptSentAt), gte(gifts.createdAt, since), isNull(users.deletedAt), isNull(gifts.batchId)))
    .orderBy(asc(gifts.createdAt))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of pending) {
    try {
      if (await sendGiftReceipt(deps, id)) sent += 1;
    } catch (err) {
      onError(err);
      return sent;
    }
  }
  return sent;
}

/** Runs the sweep every `intervalMs` (five minutes by default). */
export function startGiftReceiptsScheduler(deps: Deps, intervalMs = 5 * 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runGiftReceipts(deps, onError), intervalMs, onError);
}
