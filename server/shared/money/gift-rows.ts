/**
 * The gift rows every way of giving writes (a card gift, a recurring gift's first charge,
 * giving the wallet balance) and the history entry a member's answer and history show.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { isoOf } from "../../db/iso-time";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { cardBrand } from "../../providers/payments/cards";
import type { GivingHistoryEntry } from "../../../contract/giving";
import { paymentFailed } from "./card-details";
import { paidWithGift } from "./paid-with";
import type { StoredAnswer } from "./idempotency";

/**
 * What a receipt and a statement show of a gift: select these from gifts joined with its fund
 * and left-joined with its recurring gift (the frequency is null for a one-time gift).
 */
export const GIFT_LINE = {
  amountCents: gifts.amountCents,
  refundedCents: gifts.refundedCents,
  feeCents: gifts.feeCents,
  fundNameEn: funds.nameEn,
  fundNameEs: funds.nameEs,
  createdAt: gifts.createdAt,
  cardBrand: gifts.cardBrand,
  cardLastFour: gifts.cardLastFour,
  /** card, wallet, cash, check or bank (a batch line: decisions 0120, 0135). */
  method: gifts.method,
  frequency: recurringGifts.frequency,
};

/**
 * What a gift counts for net of its refunds (decision 0119): a refund returns the gift first,
 * then the covered fee, so the fund keeps greatest(amount - refunded, 0) and the fee kept is
 * fee - greatest(refunded - amount, 0). Totals (the ledger's, the dashboard's, statements) sum these.
 */
export const NET_GIFT_CENTS = sql<number>`greatest(${gifts.amountCents} - ${gifts.refundedCents}, 0)`;
export const NET_FEE_CENTS = sql<number>`(${gifts.feeCents} - greatest(${gifts.refundedCents} - ${gifts.amountCents}, 0))`;
/** The part of a gift's amount (not its fee) that was refunded. */
export const refundedOfGift = (g: { amountCents: number; refundedCents: number }) => Math.min(g.refundedCents, g.amountCents);

/**
 * A gift as its giver's history shows it; `fundName` in the asker's language (funds.ts, fundName);
 * `checkNumber` the batch line's, for a check gift (decision 0120).
 */
export const toHistoryEntry = (
  g: Pick<typeof gifts.$inferSelect, "id" | "amountCents" | "status" | "feeCents" | "refundedCents" | "method" | "cardBrand" | "cardLastFour"> & { createdAt: Date | string },
  fundName: string,
  checkNumber: string | null = null,
): GivingHistoryEntry => ({
  id: g.id,
  amountCents: g.amountCents,
  createdAt: isoOf(g.createdAt),
  status: g.status,
  fundName,
  feeCents: g.feeCents,
  refundedCents: g.refundedCents,
  paidWith: paidWithGift({ method: g.method, cardBrand: g.cardBrand, cardLastFour: g.cardLastFour, checkNumber }),
});

/**
 * A completed gift: paid by card (the gateway's transaction, the card's last four and brand) or,
 * with `card` null, from the wallet balance (no gateway). A recurring gift's charge names its
 * recurring gift and period.
 */
export async function recordCompletedGift(
  tx: Tx,
  d: {
    userId: string;
    amountCents: number;
    /** The fund (funds.ts, fundForGift) and the covered fee (coveredFee; 0 when none): the card was charged amount + fee. */
    fundId: string;
    feeCents: number;
    at: Date;
    card: { transactionId: string; lastFour: string; brand: string } | null;
    recurring?: { id: string; periodDate: string };
  },
) {
  const [gift] = await tx
    .insert(gifts)
    .values({
      userId: d.userId,
      amountCents: d.amountCents,
      fundId: d.fundId,
      feeCents: d.feeCents,
      status: "COMPLETED",
      method: d.card ? "card" : "wallet",
      gatewayTransactionId: d.card?.transactionId ?? null,
      cardLastFour: d.card?.lastFour ?? null,
      cardBrand: d.card?.brand ?? null,
      recurringGiftId: d.recurring?.id ?? null,
      periodDate: d.recurring?.periodDate ?? null,
      createdAt: d.at,
    })
    .returning();
  return gift;
}

/**
 * A card the gateway declined: a FAILED gift (amount, last four, brand, the gateway's reason:
 * the member sees the attempt in their history) and the 402 answer with the reason.
 */
export async function recordDeclinedGift(
  tx: Tx,
  d: { userId: string; amountCents: number; fundId: string; feeCents: number; cardNumber: string; reason: string; at: Date },
): Promise<StoredAnswer> {
  await tx.insert(gifts).values({
    userId: d.userId,
    amountCents: d.amountCents,
    fundId: d.fundId,
    feeCents: d.feeCents,
    status: "FAILED",
    failureReason: d.reason,
    cardLastFour: d.cardNumber.slice(-4),
    cardBrand: cardBrand(d.cardNumber),
    createdAt: d.at,
  });
  return paymentFailed(d.reason);
}
