/** Money on screen and in emails (docs/architecture.md, Data rules: integer cents everywhere, dollars only where shown). */

/** 2500 -> "$25.00"; 123456 -> "$1,234.56". Negative amounts keep their sign: -500 -> "-$5.00". */
export const formatCents = (cents: number, intlLocale = "en-US") =>
  (cents / 100).toLocaleString(intlLocale, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars typed by a member -> cents (spec section 9: dollars times 100, rounded). */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
