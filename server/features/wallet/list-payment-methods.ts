import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentMethods } from "../../db/schema/wallet";
import type { PaymentMethod } from "../../../contract/wallet";

export const toPaymentMethod = (m: typeof paymentMethods.$inferSelect): PaymentMethod => ({
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

/** The member's methods: the default first, then in the order they were added. */
export async function listPaymentMethods(db: Db, userId: string): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.createdAt), asc(paymentMethods.id));
  return rows.map(toPaymentMethod);
}
