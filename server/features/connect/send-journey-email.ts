import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyDeliveries, journeyEnrolments } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { escapeHtml } from "../../http/escape-html";
import { SEQUENCE_KEYS, type SequenceKey } from "../../../contract/connect";
import { messagesFor } from "../../i18n";
import { DEFAULT_LOCALE, INTL_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { devotionalAudioUrl } from "./journey-audio";
import { findJourneyDay } from "./find-journey-day";
import { enqueueEmail } from "../../shared/email/outbox";

/**
 * Claims the (enrolment, date) delivery under its primary key. Only the caller whose insert
 * succeeds may send, so two schedulers (or enrolment and the scheduler) never send twice.
 */
export async function claimDelivery(db: Deps["db"], enrolmentId: string, date: string, day: number) {
  const rows = await db
    .insert(journeyDeliveries)
    .values({ enrolmentId, deliveryDate: date, day })
    .onConflictDoNothing()
    .returning({ id: journeyDeliveries.enrolmentId });
  return rows.length > 0;
}

/** The HTML and text of one day's email. Everything from the database is escaped. */
export function renderJourneyEmail(opts: {
  churchName: string;
  firstName: string;
  sequenceKey: string;
  day: number;
  title: string;
  verseRef: string | null;
  verseText: string | null;
  content: string;
  unsubscribeUrl: string;
  /** The devotional read aloud (while the voice AI provider is connected), else none. */
  listenUrl?: string | null;
  /** The member's language (users.locale); English by default. */
  locale?: Locale;
}) {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const m = messagesFor(locale);
  const t = m.email.journey;
  const label = (SEQUENCE_KEYS as readonly string[]).includes(opts.sequenceKey) ? m.journey[opts.sequenceKey as SequenceKey].title : m.journey.fallback;
  const subject = t.subject(opts.day, opts.title);
  const verse = opts.verseText ? `"${opts.verseText}"${opts.verseRef ? ` (${opts.verseRef})` : ""}` : null;
  const text = [
    t.hi(opts.firstName),
    "",
    t.heading(label, opts.day, opts.title),
    "",
    ...(verse ? [verse, ""] : []),
    ...(opts.listenUrl ? [t.listenAt(opts.listenUrl), ""] : []),
    opts.content,
    "",
    `${t.withLove} ${opts.churchName}`,
    "",
    t.stopAt(opts.unsubscribeUrl),
  ].join("\n");
  const e = escapeHtml;
  const paragraphs = opts.content
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6">${e(p)}</p>`)
    .join("");
  const html = `<!doctype html>
<html lang="${INTL_LOCALE[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#1f1a14">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 4px;font-size:13px;letter-spacing:.05em;text-transform:uppercase;color:#8a6a3b">${e(label)} &middot; ${e(t.dayOf(opts.day))}</p>
<h1 style="margin:0 0 16px;font-size:24px">${e(opts.title)}</h1>
<p style="margin:0 0 16px">${e(t.hi(opts.firstName))}</p>
${verse ? `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid #b45309;background:#fdf6ec;font-style:italic">${e(verse)}</blockquote>` : ""}
${opts.listenUrl ? `<p style="margin:0 0 20px;font-family:system-ui,sans-serif;font-size:14px;color:#6b6259"><a href="${e(opts.listenUrl)}" style="display:inline-block;margin-right:10px;padding:10px 20px;border-radius:8px;background:#b45309;color:#ffffff;text-decoration:none;font-size:16px;font-weight:600">&#9654; ${e(t.listen)}</a>${e(t.hearIt)}</p>` : ""}
${paragraphs}
<p style="margin:24px 0 0">${e(t.withLove)}<br>${e(opts.churchName)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b6259;text-align:center">${e(t.why)} <a href="${e(opts.unsubscribeUrl)}" style="color:#6b6259">${e(t.unsubscribe)}</a></p>
</body>
</html>`;
  return { subject, text, html };
}

/**
 * Queues the claimed day's email; if that fails, the claim is released so a later run retries.
 * `waitForAudio`: the scheduler waits for the day's recording (made once); a member's own
 * request (enrolment) does not, and its email carries the link only if it is ready.
 */
export async function sendJourneyEmail(deps: Deps, enrolmentId: string, date: string, day: number, opts: { waitForAudio: boolean } = { waitForAudio: true }) {
  try {
    const [member] = await deps.db
      .select({ email: users.email, firstName: users.firstName, locale: users.locale, sequenceKey: journeyEnrolments.sequenceKey, token: journeyEnrolments.unsubscribeToken })
      .from(journeyEnrolments)
      .innerJoin(users, eq(users.id, journeyEnrolments.userId))
      .where(eq(journeyEnrolments.id, enrolmentId));
    // The day in the member's language (English if that language lacks it).
    const locale = isLocale(member?.locale) ? member.locale : DEFAULT_LOCALE;
    const content = member && (await findJourneyDay(deps.db, member.sequenceKey, day, locale));
    if (!member || !content) throw new Error(`no journey content for enrolment ${enrolmentId} day ${day}`);
    const row = { ...member, title: content.title, verseRef: content.verseRef, verseText: content.verseText, content: content.content };
    // The Listen link never holds the email back: without it (not connected, provider failing) the email still goes.
    const listenUrl = await devotionalAudioUrl(deps, { ...row, day }, { wait: opts.waitForAudio }).catch(() => null);
    const msg = renderJourneyEmail({
      churchName: deps.church.name,
      firstName: row.firstName,
      sequenceKey: row.sequenceKey,
      day,
      title: row.title,
      verseRef: row.verseRef,
      verseText: row.verseText,
      content: row.content,
      unsubscribeUrl: `${deps.config.publicUrl}/api/daily/unsubscribe?token=${encodeURIComponent(row.token)}`,
      listenUrl,
      locale: content.locale === locale ? locale : DEFAULT_LOCALE,
    });
    // Sensitive: the unsubscribe link ends the journey, so staff must not read it in the outbox.
    // Queued with the delivery's sent_at in one transaction; the background sender sends it (decision 0100).
    await deps.db.transaction(async (tx) => {
      await enqueueEmail(tx, { to: row.email, sensitive: true, ...msg }, deps.now());
      await tx
        .update(journeyDeliveries)
        .set({ sentAt: deps.now() })
        .where(and(eq(journeyDeliveries.enrolmentId, enrolmentId), eq(journeyDeliveries.deliveryDate, date)));
    });
  } catch (err) {
    await deps.db
      .delete(journeyDeliveries)
      .where(and(eq(journeyDeliveries.enrolmentId, enrolmentId), eq(journeyDeliveries.deliveryDate, date)));
    throw err;
  }
}
