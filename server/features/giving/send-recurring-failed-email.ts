/**
 * The email a giver gets when their recurring gift stops because every attempt to charge it
 * failed (server/jobs/recurring-gifts.ts): which gift, the card's reason, that no more charges
 * will be tried, the link to update the card and resume it (card-update.ts, decision 0121), and
 * how to set it up again in the app. Everything from the database is escaped. The email holds
 * the link, a secret: it is sensitive, so staff never read it in the outbox (decision 0004).
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { enqueueEmail } from "../../shared/email/outbox";
import { recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { renderEmail } from "../../shared/email/layout";
import { formatCents } from "../../../contract/money";
import { RECURRING_RETRY_DAYS, type Frequency } from "../../../contract/giving";
import type { Church } from "../../../contract/church";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { localize, messagesFor } from "../../i18n";
import { CARD_UPDATE_LINK_DAYS } from "../../../contract/giving-statements-text";
import { issueCardUpdateLink } from "./card-update";

export interface RecurringFailedData {
  church: Church;
  firstName: string;
  amountCents: number;
  frequency: Frequency;
  cardBrand: string;
  cardLastFour: string;
  reason: string;
  attempts: number;
  givingUrl: string;
  /** The single-use link to update the card and resume the gift (card-update.ts); absent: not offered. */
  updateCardUrl?: string;
  /** The giver's language (users.locale). */
  locale?: Locale;
}

export function renderRecurringFailedEmail(d: RecurringFailedData) {
  const locale = d.locale ?? DEFAULT_LOCALE;
  const all = messagesFor(locale);
  const m = all.email.recurringFailed;
  const g = all.giving;
  const amount = formatCents(d.amountCents);
  const freq = g.frequencyWord[d.frequency];
  const brand = d.cardBrand && d.cardBrand !== "card" ? d.cardBrand[0].toUpperCase() + d.cardBrand.slice(1) : all.email.receipt.card;
  const subject = m.subject(freq, d.church.name);
  const steps = [m.open(d.givingUrl), m.enter(amount, g.recurringToggle), m.choose(g.frequencies[d.frequency])];
  const contact = d.church.phone && d.church.email ? m.contactOr(d.church.phone, d.church.email) : d.church.phone || d.church.email || "";
  // A known reason (contract DECLINE_TEXT) reads in the giver's language; a gateway's own words are quoted as they came.
  const paragraphs = [m.tried(d.attempts, freq, amount, all.email.receipt.cardEnding(brand, d.cardLastFour), localize(d.reason, locale)), m.stopped];
  const s = all.statements;
  return renderEmail({
    locale,
    subject,
    accent: d.church.accentColor,
    blocks: [
      { heading: m.heading, text: null },
      { paragraph: all.email.receipt.dear(d.firstName) },
      ...paragraphs.map((p) => ({ paragraph: p })),
      ...(d.updateCardUrl
        ? [
            { paragraph: s.emailUpdateCard(CARD_UPDATE_LINK_DAYS) },
            { button: s.emailUpdateButton, href: d.updateCardUrl },
          ]
        : []),
      { steps, lead: m.toSetUpAgain },
      ...(d.updateCardUrl ? [] : [{ button: m.button, href: d.givingUrl, text: null }]),
      ...(contact ? [{ paragraph: m.questions(contact), small: true }] : []),
      { signOff: [m.thanks, d.church.name] },
    ],
  });
}

/**
 * Queues the email to the giver of a recurring gift that just became FAILED (sent in the
 * background, decision 0101). `tx`: the transaction that failed it, when the caller has one.
 */
export async function sendRecurringFailedEmail(deps: Deps, recurringId: string, tx: Db | Tx = deps.db) {
  const [row] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      amountCents: recurringGifts.amountCents,
      frequency: recurringGifts.frequency,
      cardBrand: recurringGifts.cardBrand,
      cardLastFour: recurringGifts.cardLastFour,
      reason: recurringGifts.lastFailureReason,
      attempts: recurringGifts.failedAttempts,
      status: recurringGifts.status,
      locale: users.locale,
    })
    .from(recurringGifts)
    .innerJoin(users, eq(users.id, recurringGifts.userId))
    .where(eq(recurringGifts.id, recurringId));
  if (!row || row.status !== "FAILED") return;
  // The link commits with the email (and the FAILED status), or neither does.
  const updateCardUrl = await issueCardUpdateLink(deps, tx, recurringId);
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const msg = renderRecurringFailedEmail({
    church: deps.church,
    firstName: row.firstName,
    amountCents: row.amountCents,
    frequency: row.frequency,
    cardBrand: row.cardBrand,
    cardLastFour: row.cardLastFour,
    reason: row.reason ?? messagesFor(locale).giving.declined,
    attempts: row.attempts || RECURRING_RETRY_DAYS.length + 1,
    givingUrl: `${deps.config.publicUrl}/giving`,
    updateCardUrl,
    locale,
  });
  await enqueueEmail(tx, { kind: "account", to: row.email, ...msg, sensitive: true }, deps.now());
}
