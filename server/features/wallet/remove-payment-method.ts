/**
 * Removes one of the member's methods, under the wallet lock. Removing the default makes the
 * oldest remaining method the default. Removing a bank account unlinks the bank: the row stays
 * (the ledger's round-ups point at its purchases), the sealed access token is dropped from it,
 * and revoking the token at the provider is queued in the same transaction: the background-calls
 * job makes the call, with retries (revoke-bank-item.ts, decision 0101), so the member's request
 * never waits on the bank and a bank that is down loses nothing. Its round-ups
 * not yet collected can no longer be debited: they become failed (they were never in the
 * balance); a collection already under way finishes on its own (docs/decisions/0024).
 *
 * Removing a card deletes it at the gateway too (decision 0021): each saved card is a customer
 * profile of its own there (add-card.ts), so its deletion ("payments.delete-profile", the call
 * account deletion also queues: decision 0117) is queued in the same transaction, unless another
 * row still charges the same profile (another saved method, or a recurring gift not cancelled):
 * then the profile stays, and that row keeps working. Only the configured gateway's profiles can be deleted.
 */
import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Deps } from "../../deps";
import { bankAccounts, bankPurchases, paymentMethods, walletTransactions } from "../../db/schema/wallet";
import { recurringGifts } from "../../db/schema/giving";
import { WALLET_TEXT } from "../../../contract/wallet";
import { notFound } from "../../http/app-error";
import { lockWallet } from "../../shared/money/wallet-ledger";
import { checkMethodId, METHOD_NOT_FOUND } from "./set-default-payment-method";
import { enqueueBackgroundCall } from "../../shared/background-calls";

export async function removePaymentMethod(deps: Deps, userId: string, id: string) {
  checkMethodId(id);
  await deps.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .returning();
    if (!removed) throw notFound(METHOD_NOT_FOUND);
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId))
        .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id))
        .limit(1);
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
    if (removed.type === "credit_card" && removed.gatewayProfileId && removed.provider === deps.payments.kind) {
      const profileId = removed.gatewayProfileId;
      const [stillCharged] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(eq(paymentMethods.gatewayProfileId, profileId))
        .union(
          tx
            .select({ id: recurringGifts.id })
            .from(recurringGifts)
            .where(and(eq(recurringGifts.gatewayProfileId, profileId), ne(recurringGifts.status, "CANCELLED"))),
        )
        .limit(1);
      if (!stillCharged) await enqueueBackgroundCall(tx, "payments.delete-profile", { profileId, provider: deps.payments.kind }, deps.now());
    }
    if (!removed.bankAccountId) return;
    const [bank] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, removed.bankAccountId));
    await tx.update(bankAccounts).set({ unlinkedAt: deps.now(), accessTokenSealed: null }).where(eq(bankAccounts.id, removed.bankAccountId));
    await tx
      .update(walletTransactions)
      .set({ status: "failed", failureReason: WALLET_TEXT.roundUpsUnlinked })
      .where(
        and(
          eq(walletTransactions.userId, userId),
          eq(walletTransactions.type, "round_up"),
          eq(walletTransactions.status, "pending"),
          isNull(walletTransactions.collectionId),
          inArray(
            walletTransactions.bankPurchaseId,
            tx.select({ id: bankPurchases.id }).from(bankPurchases).where(eq(bankPurchases.bankAccountId, removed.bankAccountId)),
          ),
        ),
      );
    if (!bank?.accessTokenSealed || bank.provider !== deps.bank.kind) return;
    await enqueueBackgroundCall(tx, "bank.remove-item", { bankAccountId: bank.id, provider: bank.provider, sealedToken: bank.accessTokenSealed }, deps.now());
  });
}
