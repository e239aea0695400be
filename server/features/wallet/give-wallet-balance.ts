/**
 * Giving the wallet balance (or part of it) to the church: the point of saving round-ups
 * (docs/decisions/0023). One transaction takes the amount from the balance (only if the balance
 * holds it: a conditional update under the wallet row's lock, and the non-negative check),
 * writes a COMPLETED gift to the giving history (no card: paid from the wallet) and the
 * payment transaction that explains the new balance, and stores the idempotent answer.
 * Concurrent gifts can never overdraw. The receipt is emailed after the commit.
 */
import type { Deps } from "../../deps";
import { gifts } from "../../db/schema/giving";
import { walletTransactions } from "../../db/schema/wallet";
import { storeAnswer, type StoredAnswer } from "../../shared/money/idempotency";
import { toHistoryEntry } from "../giving/list-giving-history";
import { sendGiftReceipt } from "../../shared/money/send-gift-receipt";
import { WALLET_TEXT, type GiveBalanceResponse } from "../../../contract/wallet";
import { debit, lockWallet, toWalletTransaction } from "./ledger";

export async function giveWalletBalance(
  deps: Deps,
  userId: string,
  key: string,
  amountCents: number,
  onReceiptError: (err: unknown) => void,
): Promise<StoredAnswer> {
  const { answer, giftId } = await deps.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const now = deps.now();
    const balance = await debit(tx, userId, amountCents, now);
    if (!balance) {
      const refused = { status: 402, body: { error: WALLET_TEXT.insufficientBalance, code: "PAYMENT_FAILED" } };
      await storeAnswer(tx, userId, key, refused);
      return { answer: refused, giftId: null };
    }
    const [gift] = await tx
      .insert(gifts)
      .values({ userId, amountCents, status: "COMPLETED", cardLastFour: null, cardBrand: null, createdAt: now })
      .returning();
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
    const ok = { status: 201, body: { gift: toHistoryEntry(gift), transaction: toWalletTransaction(payment), balance } satisfies GiveBalanceResponse };
    await storeAnswer(tx, userId, key, ok);
    return { answer: ok, giftId: gift.id };
  });
  if (giftId) await sendGiftReceipt(deps, giftId).catch(onReceiptError);
  return answer;
}
