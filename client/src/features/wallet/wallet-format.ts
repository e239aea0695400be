/** How wallet money and times read on screen (spec section 9: signs and colours by type). */
import { formatCents } from "@contract/money";
import type { PaymentMethod, WalletTransaction } from "@contract/wallet";
import { isCredit } from "@contract/wallet-text";
import { INTL_LOCALE, type Locale } from "@contract/i18n/locales";
import { messagesFor } from "@contract/i18n/messages";
import { currentLocale } from "@/lib/i18n";

/** "+$0.75" for deposits and round-ups, "-$25.00" for withdrawals and payments. */
export const signedAmount = (t: Pick<WalletTransaction, "type" | "amountCents">) => `${isCredit(t.type) ? "+" : "-"}${formatCents(t.amountCents)}`;

export const amountClass = (t: Pick<WalletTransaction, "type">) => (isCredit(t.type) ? "text-success" : "text-destructive");

export const timeOfDay = (iso: string, locale: Locale = currentLocale()) => new Date(iso).toLocaleTimeString(INTL_LOCALE[locale], { hour: "numeric", minute: "2-digit" });

/** "May 13, 9:30 AM": a line's date and time in the Overview's recent activity. */
export const dateAndTime = (iso: string, locale: Locale = currentLocale()) =>
  `${new Date(iso).toLocaleDateString(INTL_LOCALE[locale], { month: "short", day: "numeric" })}, ${timeOfDay(iso, locale)}`;

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** "Today", "Yesterday", "Wednesday, May 13" (and the year when it is not this year), in the device's zone and the member's language. */
export function dayLabel(iso: string, now: Date = new Date(), locale: Locale = currentLocale()) {
  const d = new Date(iso);
  const t = messagesFor(locale).time;
  if (dayKey(d) === dayKey(now)) return t.today;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(d) === dayKey(yesterday)) return t.yesterday;
  const label = d.toLocaleDateString(INTL_LOCALE[locale], {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
  // Spanish writes weekdays in lower case ("miércoles, 13 de mayo"); a heading starts with a capital.
  return label.charAt(0).toLocaleUpperCase(INTL_LOCALE[locale]) + label.slice(1);
}

/** Transactions (already newest first) grouped by calendar day, in order. */
export function groupByDay(list: WalletTransaction[], now: Date = new Date(), locale: Locale = currentLocale()) {
  const groups: { label: string; key: string; items: WalletTransaction[] }[] = [];
  for (const t of list) {
    const key = dayKey(new Date(t.createdAt));
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(t);
    else groups.push({ key, label: dayLabel(t.createdAt, now, locale), items: [t] });
  }
  return groups;
}

const brandName = (brand: string | null, locale: Locale) => {
  const names: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
  return (brand && names[brand]) || messagesFor(locale).email.receipt.card;
};

/** "Visa •••• 4242" or "Sunshine Community Bank •••• 4821". */
export const methodName = (m: PaymentMethod, locale: Locale = currentLocale()) =>
  `${m.type === "bank_account" ? (m.bankName ?? messagesFor(locale).wallet.bankAccount) : brandName(m.cardBrand, locale)} •••• ${m.lastFour}`;

/** "Expires 12/30" for a card, "Bank account · round-ups" for a bank. */
export const methodDetail = (m: PaymentMethod, locale: Locale = currentLocale()) =>
  m.type === "credit_card" && m.expiryMonth && m.expiryYear
    ? messagesFor(locale).wallet.expires(`${String(m.expiryMonth).padStart(2, "0")}/${String(m.expiryYear % 100).padStart(2, "0")}`)
    : messagesFor(locale).wallet.bankRoundUps;

/** Card number as typed: digits only, at most 19, in groups of 4 (spec section 5). */
export const formatCardNumber = (raw: string) =>
  raw
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");

/** Expiry as typed: MM/YY, the slash added after the month. */
export function formatExpiry(raw: string) {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
