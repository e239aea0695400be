/**
 * A recurring gift: store the card at the gateway (customer profile), charge the first
 * period now through that profile, then record the recurring gift, the first gift and the
 * idempotent answer in one transaction. nextPaymentDate is one period after today in the
 * church's time zone. A decline records a FAILED gift and no recurring gift (402). The
 * first charge's receipt is emailed after the transaction commits (see give-one-time.ts).
 */
import type { Deps } from "../../deps";
import { gifts, recurringGifts } from "../../db/schema/giving";
import type { GiveRequest, GiveResponse } from "../../../contract/giving";
import { cardBrand } from "../../providers/payments/cards";
import { sendGiftReceiptSafely } from "../../shared/money/send-gift-receipt";
import { cardDetails, gatewayKey, paymentFailed } from "../../shared/money/card-details";
import { storeAnswer, type StoredAnswer } from "../../shared/money/idempotency";
import { toHistoryEntry } from "./list-giving-history";
import { toRecurringDonation } from "./list-recurring-gifts";
import { dateInZone, nextPaymentDate, parseDate } from "./next-payment-date";

export async function setUpRecurringGift(
  deps: Deps,
  userId: string,
  key: string,
  body: GiveRequest,
  onError: (err: unknown) => void = () => undefined,
): Promise<StoredAnswer> {
  const card = cardDetails(body);
  const gk = gatewayKey(userId, key);
  const lastFour = card.number.slice(-4);
  const profile = await deps.payments.createCustomerProfile(card, gk);
  const charge = profile.ok ? await deps.payments.chargeProfile(profile.profileId, body.amount_cents, `${gk}:first`) : profile;

  const outcome = await deps.db.transaction(async (tx) => {
    if (!charge.ok || !profile.ok) {
      const reason = charge.ok ? "Payment failed" : charge.reason;
      await tx.insert(gifts).values({
        userId,
        amountCents: body.amount_cents,
        status: "FAILED",
        failureReason: reason,
        cardLastFour: lastFour,
        cardBrand: cardBrand(card.number),
        createdAt: deps.now(),
      });
      const answer = paymentFailed(reason);
      await storeAnswer(tx, userId, key, answer);
      return { answer, giftId: null };
    }
    const today = dateInZone(deps.church.timeZone, deps.now());
    const anchorDay = parseDate(today).d;
    const [recurring] = await tx
      .insert(recurringGifts)
      .values({
        userId,
        amountCents: body.amount_cents,
        frequency: body.frequency,
        nextPaymentDate: nextPaymentDate(body.frequency, today, anchorDay),
        anchorDay,
        status: "ACTIVE",
        gatewayProfileId: profile.profileId,
        cardLastFour: profile.lastFour,
        cardBrand: profile.brand,
        createdAt: deps.now(),
      })
      .returning();
    const [gift] = await tx
      .insert(gifts)
      .values({
        userId,
        amountCents: body.amount_cents,
        status: "COMPLETED",
        gatewayTransactionId: charge.transactionId,
        recurringGiftId: recurring.id,
        periodDate: today,
        cardLastFour: profile.lastFour,
        cardBrand: profile.brand,
        createdAt: deps.now(),
      })
      .returning();
    const answer = { status: 201, body: { gift: toHistoryEntry(gift), recurring: toRecurringDonation(recurring) } satisfies GiveResponse };
    await storeAnswer(tx, userId, key, answer);
    return { answer, giftId: gift.id };
  });
  if (outcome.giftId) await sendGiftReceiptSafely(deps, outcome.giftId, onError);
  return outcome.answer;
}
