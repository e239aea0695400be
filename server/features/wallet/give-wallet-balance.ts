/**
 * Giving the wallet balance (or part of it) to the church: the point of saving round-ups
 * (docs/decisions/0023). One transaction takes the amount from the balance (only if the balance
 * holds it: a conditional update under the wallet row's lock, and the non-negative check),
 * writes a COMPLETED gift to the giving history (no card: paid from the wallet; to the fund the
 * member picked, as a card gift, else the default) and the
 * payment transaction that explains the new balance, and stores the idempotent answer.
 * Concurrent gifts can never overdraw. The receipt is queued in the same transaction. No gateway is
 * called, but it is a money request all the same (server/shared/money/charge-request.ts): one
 * gift per Idempotency-Key and the money rate limit.
 */
import { walletTransactions } from "../../db/schema/wallet";
import { settleCharge, type Charge } from "../../shared/money/charge-request";
import { recordCompletedGift, toHistoryEntry } from "../../shared/money/gift-rows";
import type { StoredAnswer } from "../../shared/money/idempotency";
import { fundForGift, fundName } from "../../shared/money/funds";
import { WALLET_TEXT, type GiveBalanceResponse } from "../../../contract/wallet";
import { debit, lockWallet, toWalletTransaction } from "../../shared/money/wallet-ledger";

export async function giveWalletBalance(charge: Charge, amountCents: number, fundId: string | undefined): Promise<StoredAnswer> {
  const { deps, userId } = charge;
  return settleCharge(charge, async (tx) => {
    // The fund asked for, as a card gift's (fundForGift: the default when absent; an archived or
    // unknown fund is a 400 on body.fund_id and nothing is taken from the balance).
    const fund = await fundForGift(tx, fundId);
    await lockWallet(tx, userId);
    const now = deps.now();
    const balance = await debit(tx, userId, amountCents, now);
    if (!balance) return { answer: { status: 402, body: { error: WALLET_TEXT.insufficientBalance, code: "PAYMENT_FAILED" } } };
    // No fee: no card processor is paid.
    const gift = await recordCompletedGift(tx, { userId, amountCents, fundId: fund.id, feeCents: 0, at: now, card: null });
    const [payment] = await tx
      .insert(walletTransactions)
      .values({
        userId,
        type: "payment",
        status: "completed",
        amountCents,
        description: WALLET_TEXT.giftTo(deps.church.name),
        giftId: gift.id,
        createdAt: now,
      })
      .returning();
    const answer = { status: 201, body: { gift: toHistoryEntry(gift, fundName(fund, charge.locale)), transaction: toWalletTransaction(payment), balance } satisfies GiveBalanceResponse };
    return { answer, receiptFor: gift.id };
  });
}
