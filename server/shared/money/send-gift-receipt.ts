/**
 * The emailed receipt for a completed gift (issue 5): amount, fund, the processing fee the
 * giver covered and the total charged (issue 19, when a fee was covered), date in the church's zone, how
 * it was paid (card brand and last four, or the wallet), the gift's reference and, for a
 * recurring gift, its frequency; with the statement US donors need for their taxes.
 * Everything from the database is escaped. Queued in the outbox (never sent inside a request)
 * in the gift's own transaction: a failure to queue it is logged and never undoes the gift.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { enqueueEmail } from "../email/outbox";
import { funds, gifts, recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { renderEmail } from "../email/layout";
import { formatCents } from "../../../contract/money";
import { formatAddress, type Church } from "../../../contract/church";
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { messagesFor } from "../../i18n";
import { GIFT_LINE } from "./gift-rows";
import { fundName } from "./funds";
import { paidWith } from "./paid-with";

export { paidWith, paidWithGift } from "./paid-with";

export const RECEIPT_TAX_LINE = messagesFor("en").email.receipt.taxLine;

export interface ReceiptData {
  church: Church;
  firstName: string;
  amountCents: number;
  /** The fund's name in the member's language. */
  fund: string;
  /** The processing fee the giver covered (0: none): the card was charged amount + fee. */
  feeCents: number;
  givenAt: Date;
  giftId: string;
  /** The card's brand and last four, or null for the wallet. */
  card: { brand: string | null; lastFour: string } | null;
  frequency: "weekly" | "monthly" | "yearly" | null;
  /** The member's language (users.locale). */
  locale?: Locale;
}

export function renderGiftReceipt(r: ReceiptData) {
  const locale = r.locale ?? DEFAULT_LOCALE;
  const m = messagesFor(locale).email.receipt;
  const intl = INTL_LOCALE[locale];
  const amount = formatCents(r.amountCents, intl);
  const date = r.givenAt.toLocaleDateString(intl, { timeZone: r.church.timeZone, year: "numeric", month: "long", day: "numeric" });
  const subject = m.subject(amount, r.church.name);
  const rows: [string, string][] = [
    [m.amount, amount],
    [m.fund, r.fund],
    ...(r.feeCents > 0
      ? ([
          [m.feeCovered, formatCents(r.feeCents, intl)],
          [m.totalCharged, formatCents(r.amountCents + r.feeCents, intl)],
        ] as [string, string][])
      : []),
    [m.date, date],
    ...(r.frequency ? ([[m.recurring, m.frequency[r.frequency]]] as [string, string][]) : []),
    [m.paidWith, paidWith(r.card?.brand ?? null, r.card?.lastFour ?? null, locale)],
    [m.reference, r.giftId],
  ];
  return renderEmail({
    locale,
    subject,
    blocks: [
      { heading: m.heading, text: null },
      { paragraph: m.dear(r.firstName) },
      { paragraph: m.thanks(r.church.name) },
      { facts: rows },
      { paragraph: [m.taxLine, m.keep], small: true },
      { signOff: [r.church.name, formatAddress(r.church.address)] },
    ],
  });
}

/**
 * Queues the receipt of a COMPLETED gift for the member's account email, once: the gift is
 * claimed (receipt_sent_at set only where it is null) and the email written to the outbox in
 * one transaction, so the request that made the gift, the scheduler and the receipts sweep
 * never queue it twice, and a claim never stands without its email. Nothing here waits on the
 * mail server (server/jobs/email-delivery.ts sends it; decision 0101). `tx`: the caller's
 * transaction, to queue it with the change that completes the gift. Returns whether this call
 * queued it.
 */
export async function queueGiftReceipt(deps: Deps, tx: Tx, giftId: string): Promise<boolean> {
  const claimed = await tx
    .update(gifts)
    .set({ receiptSentAt: deps.now() })
    // A cash or check batch's gift is not receipted one by one (it can change until its batch
    // closes): the year-end statement is its receipt (decision 0120).
    .where(and(eq(gifts.id, giftId), eq(gifts.status, "COMPLETED"), isNull(gifts.receiptSentAt), isNull(gifts.batchId)))
    .returning({ id: gifts.id });
  if (!claimed.length) return false;
  const [row] = await tx
    .select({ email: users.email, firstName: users.firstName, locale: users.locale, ...GIFT_LINE })
    .from(gifts)
    .innerJoin(users, eq(users.id, gifts.userId))
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .leftJoin(recurringGifts, eq(recurringGifts.id, gifts.recurringGiftId))
    .where(eq(gifts.id, giftId));
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const msg = renderGiftReceipt({
    church: deps.church,
    firstName: row.firstName,
    amountCents: row.amountCents,
    fund: fundName({ nameEn: row.fundNameEn, nameEs: row.fundNameEs }, locale),
    feeCents: row.feeCents,
    givenAt: row.createdAt,
    giftId,
    card: row.cardLastFour ? { brand: row.cardBrand, lastFour: row.cardLastFour } : null,
    frequency: row.frequency,
    locale,
  });
  await enqueueEmail(tx, { kind: "giving", to: row.email, ...msg }, deps.now());
  return true;
}

/**
 * queueGiftReceipt inside the transaction that records the gift, under a savepoint: the receipt
 * commits with the gift, yet a failure to queue it (reported to `onError`) rolls back only the
 * savepoint and never undoes the gift. The gift then stays unreceipted (receipt_sent_at null)
 * and the receipts sweep (server/jobs/gift-receipts.ts) queues it later. Used by every path that
 * completes a gift: the money path's settleCharge (one-time, a recurring gift's first charge,
 * giving the wallet balance) and the recurring charges job (decision 0101).
 */
export async function queueGiftReceiptWithin(deps: Deps, tx: Tx, giftId: string, onError: (err: unknown) => void): Promise<boolean> {
  try {
    return await tx.transaction((savepoint) => queueGiftReceipt(deps, savepoint, giftId));
  } catch (err) {
    onError(err);
    return false;
  }
}

/** queueGiftReceipt in a transaction of its own, for a gift already committed (the receipts sweep). */
export async function sendGiftReceipt(deps: Deps, giftId: string): Promise<boolean> {
  return deps.db.transaction((tx) => queueGiftReceipt(deps, tx, giftId));
}
