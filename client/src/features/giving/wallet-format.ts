/** How wallet money and times read on screen (spec section 9: signs and colours by type). */
import { formatCents } from "@contract/money";
import { isCredit, type PaymentMethod, type WalletTransaction } from "@contract/wallet";

/** "+$0.75" for deposits and round-ups, "-$25.00" for withdrawals and payments. */
export const signedAmount = (t: Pick<WalletTransaction, "type" | "amountCents">) => `${isCredit(t.type) ? "+" : "-"}${formatCents(t.amountCents)}`;

export const amountClass = (t: Pick<WalletTransaction, "type">) => (isCredit(t.type) ? "text-success" : "text-destructive");

export const timeOfDay = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** "Today", "Yesterday", "Wednesday, May 13" (and the year when it is not this year), in the device's zone. */
export function dayLabel(iso: string, now: Date = new Date()) {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return "Today";
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(d) === dayKey(yesterday)) return "Yesterday";
  return d.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}

/** Transactions (already newest first) grouped by calendar day, in order. */
export function groupByDay(list: WalletTransaction[], now: Date = new Date()) {
  const groups: { label: string; key: string; items: WalletTransaction[] }[] = [];
  for (const t of list) {
    const key = dayKey(new Date(t.createdAt));
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(t);
    else groups.push({ key, label: dayLabel(t.createdAt, now), items: [t] });
  }
  return groups;
}

const brandName = (brand: string | null) => {
  const names: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express", discover: "Discover" };
  return (brand && names[brand]) || "Card";
};

/** "Visa •••• 4242" or "Sunshine Community Bank •••• 4821". */
export const methodName = (m: PaymentMethod) => `${m.type === "bank_account" ? (m.bankName ?? "Bank account") : brandName(m.cardBrand)} •••• ${m.lastFour}`;

/** "Expires 12/30" for a card, "Checking account" for a bank. */
export const methodDetail = (m: PaymentMethod) =>
  m.type === "credit_card" && m.expiryMonth && m.expiryYear
    ? `Expires ${String(m.expiryMonth).padStart(2, "0")}/${String(m.expiryYear % 100).padStart(2, "0")}`
    : "Bank account · round-ups";

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
