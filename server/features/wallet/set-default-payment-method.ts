/** Makes one of the member's methods the default, under the wallet lock; another member's id is 404. */
import { and, eq, ne } from "drizzle-orm";
import type { Deps } from "../../deps";
import { paymentMethods } from "../../db/schema/wallet";
import { notFound } from "../../http/app-error";
import type { PaymentMethod } from "../../../contract/wallet";
import { lockWallet } from "../../shared/money/wallet-ledger";
import { toPaymentMethod } from "./list-payment-methods";

export const METHOD_NOT_FOUND = "Payment method not found";
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 404 for an id that cannot be a payment method's (before it reaches a uuid column). */
export function checkMethodId(id: string) {
  if (!UUID_RE.test(id)) throw notFound(METHOD_NOT_FOUND);
}

export async function setDefaultPaymentMethod(deps: Deps, userId: string, id: string): Promise<PaymentMethod> {
  checkMethodId(id);
  return deps.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
    if (!method) throw notFound(METHOD_NOT_FOUND);
    if (method.isDefault) return toPaymentMethod(method);
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isDefault, true), ne(paymentMethods.id, id)));
    const [row] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id)).returning();
    return toPaymentMethod(row);
  });
}
