/**
 * Add Funds (the spec leaves its action unshown; docs/decisions/0023-add-funds-and-giving-the-balance.md):
 * charges the member's default card through the gateway's customer profile and records a
 * deposit. Runs on the money path (server/shared/money/charge-request.ts): one charge per
 * Idempotency-Key, the same answer replayed, an unreachable gateway answered 503.
 *
 * The deposit is written as pending before the charge, so a charge in flight is visible and
 * never invisible money; the charge's outcome then completes it (crediting the balance) or
 * fails it, together with the stored answer, in one transaction. A decline answers 402 with the
 * gateway's reason and leaves a failed deposit, which never counts in the balance.
 */
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { paymentMethods, walletTransactions } from "../../db/schema/wallet";
import { conflict } from "../../http/app-error";
import { paymentFailed } from "../../shared/money/card-details";
import { settleCharge, type Charge } from "../../shared/money/charge-request";
import type { StoredAnswer } from "../../shared/money/idempotency";
import { WALLET_TEXT, type DepositResponse } from "../../../contract/wallet";
import { credit, toWalletTransaction } from "../../shared/money/wallet-ledger";

const brandName = (brand: string | null) => (brand && brand !== "card" ? brand[0].toUpperCase() + brand.slice(1) : "Card");

export async function addFunds(charge: Charge, amountCents: number): Promise<StoredAnswer> {
  const { deps, userId, key } = charge;
  const [method] = await deps.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true)));
  if (!method) throw conflict(WALLET_TEXT.noPaymentMethod);
  if (method.type !== "credit_card" || !method.gatewayProfileId) throw conflict(WALLET_TEXT.defaultIsBank);

  const [pending] = await deps.db
    .insert(walletTransactions)
    .values({
      userId,
      type: "deposit",
      status: "pending",
      amountCents,
      description: WALLET_TEXT.addedFundsFrom(`${brandName(method.cardBrand)} •••• ${method.lastFour}`),
      paymentMethodId: method.id,
      createdAt: deps.now(),
    })
    .returning();

  let result: Awaited<ReturnType<Deps["payments"]["chargeProfile"]>>;
  try {
    result = await deps.payments.chargeProfile(method.gatewayProfileId, amountCents, `wallet-deposit:${userId}:${key}`);
  } catch (err) {
    // The gateway could not be asked: nothing is known to be charged. A retry with the same key
    // uses the same gateway key, so the gateway still charges at most once.
    await deps.db
      .update(walletTransactions)
      .set({ status: "failed", failureReason: "The payment could not be completed" })
      .where(eq(walletTransactions.id, pending.id));
    throw err;
  }

  return settleCharge(charge, async (tx) => {
    if (!result.ok) {
      await tx.update(walletTransactions).set({ status: "failed", failureReason: result.reason }).where(eq(walletTransactions.id, pending.id));
      return { answer: paymentFailed(result.reason) };
    }
    const [done] = await tx
      .update(walletTransactions)
      .set({ status: "completed", gatewayTransactionId: result.transactionId })
      .where(eq(walletTransactions.id, pending.id))
      .returning();
    const balance = await credit(tx, userId, amountCents, deps.now());
    return { answer: { status: 201, body: { transaction: toWalletTransaction(done), balance } satisfies DepositResponse } };
  });
}
