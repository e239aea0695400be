import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { paymentMethods } from "../../db/schema/wallet";
import type { PaymentMethod } from "../../../contract/wallet";

export const toPaymentMethod = (m: Omit<typeof paymentMethods.$inferSelect, "userId" | "gatewayProfileId" | "bankAccountId" | "createdAt">): PaymentMethod => ({
  id: m.id,
  type: m.type,
  provider: m.provider,
  lastFour: m.lastFour,
  expiryMonth: m.expiryMonth,
  expiryYear: m.expiryYear,
  cardBrand: m.cardBrand,
  bankName: m.bankName,
  isDefault: m.isDefault,
});

/** The columns the Wallet shows (no gateway profile), built and planned once (db/prepared.ts; issue 23). */
const memberMethods = prepared("wallet.payment-methods", (db) =>
  db
    .select({
      id: paymentMethods.id,
      type: paymentMethods.type,
      provider: paymentMethods.provider,
      lastFour: paymentMethods.lastFour,
      expiryMonth: paymentMethods.expiryMonth,
      expiryYear: paymentMethods.expiryYear,
      cardBrand: paymentMethods.cardBrand,
      bankName: paymentMethods.bankName,
      isDefault: paymentMethods.isDefault,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, sql.placeholder("userId")))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt), asc(paymentMethods.id)),
);

/** The member's methods (at most MAX_PAYMENT_METHODS): the default first, then in the order they were added. */
export async function listPaymentMethods(db: Db, userId: string): Promise<PaymentMethod[]> {
  const rows = await memberMethods(db, { userId });
  return rows.map(toPaymentMethod);
}
