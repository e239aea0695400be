/**
 * The email a giver gets when their recurring gift stops because every attempt to charge it
 * failed (server/jobs/recurring-gifts.ts): which gift, the card's reason, that no more charges
 * will be tried, and how to set it up again in the app. Everything from the database is escaped.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { enqueueEmail } from "../../shared/email/outbox";
import { recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { escapeHtml } from "../../http/escape-html";
import { formatCents } from "../../../contract/money";
import { RECURRING_RETRY_DAYS, type Frequency } from "../../../contract/giving";
import type { Church } from "../../../contract/church";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { localize, messagesFor } from "../../i18n";

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
  const dear = all.email.receipt.dear(d.firstName);
  const text = [
    dear,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    m.toSetUpAgain,
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    ...(contact ? [m.questions(contact), ""] : []),
    m.thanks,
    d.church.name,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#1f1a14">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<h1 style="margin:0 0 16px;font-size:24px">${e(m.heading)}</h1>
<p style="margin:0 0 16px">${e(dear)}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${e(p)}</p>`).join("\n")}
<p style="margin:0 0 8px;font-weight:bold">${e(m.toSetUpAgain)}</p>
<ol style="margin:0 0 20px;padding-left:20px;line-height:1.6">${steps.map((s) => `<li>${e(s)}</li>`).join("")}</ol>
<p style="margin:0 0 24px"><a href="${e(d.givingUrl)}" style="display:inline-block;background:${e(d.church.accentColor)};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-family:Arial,sans-serif;font-weight:bold">${e(m.button)}</a></p>
${contact ? `<p style="margin:0 0 16px;font-size:14px">${e(m.questions(contact))}</p>` : ""}
<p style="margin:0;font-size:14px;color:#6b6259">${e(m.thanks)}<br>${e(d.church.name)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}

/**
 * Queues the email to the giver of a recurring gift that just became FAILED (sent in the
 * background, decision 0100). `tx`: the transaction that failed it, when the caller has one.
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
    locale,
  });
  await enqueueEmail(tx, { to: row.email, ...msg }, deps.now());
}
