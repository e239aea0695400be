/**
 * The email a giver gets when their recurring gift stops because every attempt to charge it
 * failed (server/jobs/recurring-gifts.ts): which gift, the card's reason, that no more charges
 * will be tried, and how to set it up again in the app. Everything from the database is escaped.
 */
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { recurringGifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { escapeHtml } from "../../http/escape-html";
import { formatCents } from "../../../contract/money";
import { FREQUENCY_LABELS, GIVING_TEXT, RECURRING_RETRY_DAYS, type Frequency } from "../../../contract/giving";
import type { Church } from "../../../contract/church";

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
}

export function renderRecurringFailedEmail(d: RecurringFailedData) {
  const amount = formatCents(d.amountCents);
  const freq = FREQUENCY_LABELS[d.frequency].toLowerCase();
  const brand = d.cardBrand && d.cardBrand !== "card" ? d.cardBrand[0].toUpperCase() + d.cardBrand.slice(1) : "Card";
  const subject = `Your ${freq} gift to ${d.church.name} has stopped`;
  const steps = [
    `Open ${d.givingUrl}`,
    `Enter ${amount} and turn on '${GIVING_TEXT.recurringToggle}'`,
    `Choose ${FREQUENCY_LABELS[d.frequency]} and enter a card that works`,
  ];
  const contact = [d.church.phone, d.church.email].filter(Boolean).join(" or ");
  const paragraphs = [
    `We tried ${d.attempts} times over the last few days to charge your ${freq} gift of ${amount} to your ${brand} ending ${d.cardLastFour}, and each time the payment did not go through. The card's answer was: "${d.reason}"`,
    `We have stopped this recurring gift, so no more charges will be attempted.`,
  ];
  const text = [
    `Dear ${d.firstName},`,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    "To set it up again:",
    ...steps.map((s, i) => `${i + 1}. ${s}`),
    "",
    ...(contact ? [`Questions? Contact us at ${contact}.`, ""] : []),
    `Thank you for your generosity,`,
    d.church.name,
  ].join("\n");
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#1f1a14">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<h1 style="margin:0 0 16px;font-size:24px">Your recurring gift has stopped</h1>
<p style="margin:0 0 16px">Dear ${e(d.firstName)},</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${e(p)}</p>`).join("\n")}
<p style="margin:0 0 8px;font-weight:bold">To set it up again:</p>
<ol style="margin:0 0 20px;padding-left:20px;line-height:1.6">${steps.map((s) => `<li>${e(s)}</li>`).join("")}</ol>
<p style="margin:0 0 24px"><a href="${e(d.givingUrl)}" style="display:inline-block;background:${e(d.church.accentColor)};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-family:Arial,sans-serif;font-weight:bold">Set up my gift again</a></p>
${contact ? `<p style="margin:0 0 16px;font-size:14px">Questions? Contact us at ${e(contact)}.</p>` : ""}
<p style="margin:0;font-size:14px;color:#6b6259">Thank you for your generosity,<br>${e(d.church.name)}</p>
</div>
</body>
</html>`;
  return { subject, text, html };
}

/** Emails the giver of a recurring gift that just became FAILED. */
export async function sendRecurringFailedEmail(deps: Deps, recurringId: string) {
  const [row] = await deps.db
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
    })
    .from(recurringGifts)
    .innerJoin(users, eq(users.id, recurringGifts.userId))
    .where(eq(recurringGifts.id, recurringId));
  if (!row || row.status !== "FAILED") return;
  const msg = renderRecurringFailedEmail({
    church: deps.church,
    firstName: row.firstName,
    amountCents: row.amountCents,
    frequency: row.frequency,
    cardBrand: row.cardBrand,
    cardLastFour: row.cardLastFour,
    reason: row.reason ?? "The payment was declined.",
    attempts: row.attempts || RECURRING_RETRY_DAYS.length + 1,
    givingUrl: `${deps.config.publicUrl}/giving`,
  });
  await deps.email.send({ to: row.email, ...msg });
}
