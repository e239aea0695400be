/**
 * A one-time gift: charge the card, then record the gift and the idempotent answer in one
 * transaction. A decline records a FAILED gift (amount, last four, brand, the gateway's
 * reason: the member sees the attempt in their history) and answers 402 with the reason.
 * After the transaction commits, the receipt is emailed; a failed send goes to `onError` and
 * never undoes the gift. Only the request that won the Idempotency-Key runs this, so a
 * replayed request never sends a second receipt.
 */
import type { Deps } from "../../deps";
import { gifts } from "../../db/schema/giving";
import type { GiveRequest, GiveResponse } from "../../../contract/giving";
import { cardBrand } from "../../providers/payments/cards";
import { sendGiftReceiptSafely } from "../../shared/money/send-gift-receipt";
import { cardDetails, gatewayKey, paymentFailed } from "../../shared/money/card-details";
import { storeAnswer, type StoredAnswer } from "../../shared/money/idempotency";
import { toHistoryEntry } from "./list-giving-history";

export async function giveOneTime(
  deps: Deps,
  userId: string,
  key: string,
  body: GiveRequest,
  onError: (err: unknown) => void = () => undefined,
): Promise<StoredAnswer> {
  const card = cardDetails(body);
  const result = await deps.payments.charge(card, body.amount_cents, gatewayKey(userId, key));
  const lastFour = card.number.slice(-4);
  const outcome = await deps.db.transaction(async (tx) => {
    if (!result.ok) {
      await tx.insert(gifts).values({
        userId,
        amountCents: body.amount_cents,
        status: "FAILED",
        failureReason: result.reason,
        cardLastFour: lastFour,
        cardBrand: cardBrand(card.number),
        createdAt: deps.now(),
      });
      const answer = paymentFailed(result.reason);
      await storeAnswer(tx, userId, key, answer);
      return { answer, giftId: null };
    }
    const [gift] = await tx
      .insert(gifts)
      .values({
        userId,
        amountCents: body.amount_cents,
        status: "COMPLETED",
        gatewayTransactionId: result.transactionId,
        cardLastFour: result.lastFour,
        cardBrand: result.brand,
        createdAt: deps.now(),
      })
      .returning();
    const answer = { status: 201, body: { gift: toHistoryEntry(gift) } satisfies GiveResponse };
    await storeAnswer(tx, userId, key, answer);
    return { answer, giftId: gift.id };
  });
  if (outcome.giftId) await sendGiftReceiptSafely(deps, outcome.giftId, onError);
  return outcome.answer;
}
