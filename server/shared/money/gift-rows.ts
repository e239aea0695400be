/**
 * The gift rows every way of giving writes (a card gift, a recurring gift's first charge,
 * giving the wallet balance) and the history entry a member's answer and history show.
 */
import type { Tx } from "../../db/client";
import { gifts } from "../../db/schema/giving";
import { cardBrand } from "../../providers/payments/cards";
import type { GivingHistoryEntry } from "../../../contract/giving";
import { paymentFailed } from "./card-details";
import type { StoredAnswer } from "./idempotency";

export const toHistoryEntry = (g: typeof gifts.$inferSelect): GivingHistoryEntry => ({
  id: g.id,
  amountCents: g.amountCents,
  createdAt: g.createdAt.toISOString(),
  status: g.status,
});

/**
 * A card the gateway declined: a FAILED gift (amount, last four, brand, the gateway's reason:
 * the member sees the attempt in their history) and the 402 answer with the reason.
 */
export async function recordDeclinedGift(
  tx: Tx,
  d: { userId: string; amountCents: number; cardNumber: string; reason: string; at: Date },
): Promise<StoredAnswer> {
  await tx.insert(gifts).values({
    userId: d.userId,
    amountCents: d.amountCents,
    status: "FAILED",
    failureReason: d.reason,
    cardLastFour: d.cardNumber.slice(-4),
    cardBrand: cardBrand(d.cardNumber),
    createdAt: d.at,
  });
  return paymentFailed(d.reason);
}
