/**
 * A one-time gift: charge the card, then record the gift and the idempotent answer in one
 * transaction (settleCharge). A decline records a FAILED gift and answers 402 with the
 * member's reason (the card-testing guard folds the gateway's: new-card-guard.ts). The receipt is queued in the same transaction; a failure to queue it never
 * undoes the gift. Only the request that won the Idempotency-Key runs this (runChargeRequest,
 * server/shared/money/charge-request.ts), so a replayed request never sends a second receipt.
 */
import type { GiveRequest, GiveResponse } from "../../../contract/giving";
import { cardDetails, gatewayKey } from "../../shared/money/card-details";
import { settleCharge, type Charge } from "../../shared/money/charge-request";
import { recordCompletedGift, recordDeclinedGift, toHistoryEntry } from "../../shared/money/gift-rows";
import type { StoredAnswer } from "../../shared/money/idempotency";

export async function giveOneTime(charge: Charge, body: GiveRequest): Promise<StoredAnswer> {
  const { deps, userId, key } = charge;
  const card = cardDetails(body);
  const result = await charge.newCard(card, () => deps.payments.charge(card, body.amount_cents, gatewayKey(userId, key)));
  return settleCharge(charge, async (tx) => {
    if (!result.ok) {
      const answer = await recordDeclinedGift(tx, { userId, amountCents: body.amount_cents, cardNumber: card.number, reason: result.reason, at: deps.now() });
      return { answer };
    }
    const paidWith = { transactionId: result.transactionId, lastFour: result.lastFour, brand: result.brand };
    const gift = await recordCompletedGift(tx, { userId, amountCents: body.amount_cents, at: deps.now(), card: paidWith });
    return { answer: { status: 201, body: { gift: toHistoryEntry(gift) } satisfies GiveResponse }, receiptFor: gift.id };
  });
}
