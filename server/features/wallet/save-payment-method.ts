/**
 * Inserting a payment method under the member's wallet lock (ledger.ts): the first method
 * becomes the default, and a method saved as default takes over from the old one, in one
 * transaction, so there is exactly one default at any time (the partial unique index
 * payment_methods_one_default_uq allows no second one).
 */
import { and, count, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentMethods } from "../../db/schema/wallet";
import { conflict } from "../../http/app-error";
import { lockWallet } from "../../shared/money/wallet-ledger";
import { toPaymentMethod } from "./list-payment-methods";

/** A member's saved methods are capped: enough for any household, and a bound on card testing. */
export const MAX_PAYMENT_METHODS = 10;

export async function insertPaymentMethod(
  tx: Tx,
  values: Omit<typeof paymentMethods.$inferInsert, "isDefault"> & { userId: string },
  wantsDefault: boolean,
) {
  await lockWallet(tx, values.userId);
  const [existing] = await tx.select({ n: count() }).from(paymentMethods).where(eq(paymentMethods.userId, values.userId));
  const n = Number(existing?.n ?? 0);
  if (n >= MAX_PAYMENT_METHODS) throw conflict(`You can save up to ${MAX_PAYMENT_METHODS} payment methods. Remove one first.`);
  const isDefault = n === 0 || wantsDefault;
  if (isDefault) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, values.userId), eq(paymentMethods.isDefault, true)));
  }
  const [row] = await tx
    .insert(paymentMethods)
    .values({ ...values, isDefault })
    .returning();
  return toPaymentMethod(row);
}
