/**
 * How a gift was paid, in words: the one wording source for the receipt, the refund email, the
 * statement and the member's giving history ("Visa ending 4242", "Wallet balance", "Cash",
 * "Check #0012", "Bank transfer"). A check number is text end to end: its leading zeros stay (issue 19).
 */
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";
import type { GiftMethod } from "../../../contract/giving-funds-text";

/** "Visa ending 4242", or "Wallet balance" (in the member's language). */
export function paidWith(cardBrand: string | null, cardLastFour: string | null, locale: Locale = DEFAULT_LOCALE) {
  const m = messagesFor(locale).email.receipt;
  if (!cardLastFour) return m.walletBalance;
  const brand = cardBrand && cardBrand !== "card" ? cardBrand[0].toUpperCase() + cardBrand.slice(1) : m.card;
  return m.cardEnding(brand, cardLastFour);
}

/**
 * How a gift was paid, by its method (decision 0120): "Cash", "Check #1234", "Bank transfer" (a
 * batch line; a transfer's reference is the treasurer's, on the batch, decision 0135), or
 * paidWith's card or wallet balance (an in-app gift of bank money is a wallet gift). In `locale`
 * (the statement passes English, which the screen localizes).
 */
export function paidWithGift(
  g: { method: GiftMethod; cardBrand: string | null; cardLastFour: string | null; checkNumber?: string | null },
  locale: Locale = DEFAULT_LOCALE,
) {
  const b = messagesFor(locale).batches;
  if (g.method === "cash") return b.paidCash;
  if (g.method === "check") return g.checkNumber ? b.paidCheck(g.checkNumber) : b.methods.check;
  if (g.method === "bank") return b.paidBank;
  return paidWith(g.cardBrand, g.cardLastFour, locale);
}

