/**
 * A recurring gift: store the card at the gateway (customer profile), charge the first
 * period now through that profile, then record the recurring gift, the first gift and the
 * idempotent answer in one transaction (settleCharge). nextPaymentDate is one period after
 * today in the church's time zone. A decline records a FAILED gift and no recurring gift
 * (402). The recurring gift keeps its fund and covered fee: every period is charged
 * amount + fee (the fee as it was when set up) and given to that fund. The first charge's receipt is queued in the same transaction.
 */
import { recurringGifts } from "../../db/schema/giving";
import { DECLINE_TEXT } from "../../../contract/giving-text";
import type { GiveRequest, GiveResponse } from "../../../contract/giving";
import { cardDetails, gatewayKey } from "../../shared/money/card-details";
import { settleCharge, type Charge } from "../../shared/money/charge-request";
import { recordCompletedGift, recordDeclinedGift, toHistoryEntry } from "../../shared/money/gift-rows";
import type { StoredAnswer } from "../../shared/money/idempotency";
import { toRecurringDonation } from "./list-recurring-gifts";
import { coveredFee, fundForGift, fundName } from "../../shared/money/funds";
import { dateInZone, nextPaymentDate, parseDate } from "./next-payment-date";

export async function setUpRecurringGift(charge: Charge, body: GiveRequest): Promise<StoredAnswer> {
  const { deps, userId, key } = charge;
  const fund = await fundForGift(deps.db, body.fund_id);
  const feeCents = await coveredFee(deps.db, body.amount_cents, body.fee_cents);
  const card = cardDetails(body);
  const gk = gatewayKey(userId, key);
  let profile: Awaited<ReturnType<typeof deps.payments.createCustomerProfile>> | undefined;
  // The new card's attempt, under the card-testing guard: storing it and its first charge.
  const first = await charge.newCard(card, async () => {
    profile = await deps.payments.createCustomerProfile(card, gk);
    return profile.ok ? deps.payments.chargeProfile(profile.profileId, body.amount_cents + feeCents, `${gk}:first`) : profile;
  });
  const stored = profile;

  return settleCharge(charge, async (tx) => {
    if (!first.ok || !stored?.ok) {
      const reason = first.ok ? DECLINE_TEXT.checkDetails : first.reason;
      const answer = await recordDeclinedGift(tx, { userId, amountCents: body.amount_cents, fundId: fund.id, feeCents, cardNumber: card.number, reason, at: deps.now() });
      return { answer };
    }
    const today = dateInZone(deps.church.timeZone, deps.now());
    const anchorDay = parseDate(today).d;
    const [recurring] = await tx
      .insert(recurringGifts)
      .values({
        userId,
        amountCents: body.amount_cents,
        fundId: fund.id,
        feeCents,
        frequency: body.frequency,
        nextPaymentDate: nextPaymentDate(body.frequency, today, anchorDay),
        anchorDay,
        status: "ACTIVE",
        gatewayProfileId: stored.profileId,
        cardLastFour: stored.lastFour,
        cardBrand: stored.brand,
        createdAt: deps.now(),
      })
      .returning();
    const gift = await recordCompletedGift(tx, {
      userId,
      amountCents: body.amount_cents,
      fundId: fund.id,
      feeCents,
      at: deps.now(),
      card: { transactionId: first.transactionId, lastFour: stored.lastFour, brand: stored.brand },
      recurring: { id: recurring.id, periodDate: today },
    });
    const name = fundName(fund, charge.locale);
    const answer = { status: 201, body: { gift: toHistoryEntry(gift, name), recurring: toRecurringDonation(recurring, name) } satisfies GiveResponse };
    return { answer, receiptFor: gift.id };
  });
}
