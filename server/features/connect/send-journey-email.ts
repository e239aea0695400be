import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyDeliveries, journeyEnrolments, journeys } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { renderEmail } from "../../shared/email/layout";
import { journeyTitle } from "./journey-catalog";
import { messagesFor } from "../../i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../contract/i18n/locales";
import { devotionalAudioUrl, type DevotionalDay } from "./journey-audio";
import { findJourneyDay } from "./find-journey-day";
import { enqueueEmail } from "../../shared/email/outbox";
import { API } from "../../../contract/api-paths";

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
export function renderJourneyEmail(opts: DevotionalDay & {
  /** The journey's title in the member's language (the seeded two: "14 Days of Scripture"...). */
  journeyTitle?: string | null;
  churchName: string;
  firstName: string;
  unsubscribeUrl: string;
  /** The devotional read aloud (while the voice AI provider is connected), else none. */
  listenUrl?: string | null;
  /** The member's language (users.locale); English by default. */
  locale?: Locale;
}) {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const m = messagesFor(locale);
  const t = m.email.journey;
  const label = opts.journeyTitle || m.connect.journeyFallback;
  const total = opts.totalDays;
  const subject = t.subject(opts.day, total, opts.title);
  const verse = opts.verseText ? `"${opts.verseText}"${opts.verseRef ? ` (${opts.verseRef})` : ""}` : null;
  return renderEmail({
    locale,
    subject,
    blocks: [
      { eyebrow: `${label} · ${t.dayOf(opts.day, total)}`, text: null },
      { heading: opts.title, text: null },
      { paragraph: t.hi(opts.firstName) },
      { plain: t.heading(label, opts.day, total, opts.title) },
      ...(verse ? [{ quote: verse }] : []),
      ...(opts.listenUrl ? [{ button: `▶ ${t.listen}`, href: opts.listenUrl, beside: t.hearIt, text: t.listenAt(opts.listenUrl) }] : []),
      // The day's words, a paragraph each in HTML; as they are in the plain text.
      ...opts.content.split(/\n{2,}/).map((p, i) => ({ paragraph: p, text: i ? null : opts.content })),
      { signOff: [t.withLove, opts.churchName], text: `${t.withLove} ${opts.churchName}` },
    ],
    footer: { words: t.why, link: { label: t.unsubscribe, href: opts.unsubscribeUrl }, text: t.stopAt(opts.unsubscribeUrl) },
  });
}

/**
 * Queues the claimed day's email, with the day's content as it is when the email is queued (a
 * correction staff made this morning is in it) and the journey's day count now; if that fails, the claim is released so a later run retries.
 * `waitForAudio`: the scheduler waits for the day's recording (made once); a member's own
 * request (enrolment) does not, and its email carries the link only if it is ready.
 */
export async function sendJourneyEmail(deps: Deps, enrolmentId: string, date: string, day: number, opts: { waitForAudio: boolean } = { waitForAudio: true }) {
  try {
    const [member] = await deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        locale: users.locale,
        sequenceKey: journeyEnrolments.sequenceKey,
        token: journeyEnrolments.unsubscribeToken,
        journey: journeys,
      })
      .from(journeyEnrolments)
      .innerJoin(users, eq(users.id, journeyEnrolments.userId))
      .innerJoin(journeys, eq(journeys.key, journeyEnrolments.sequenceKey))
      .where(eq(journeyEnrolments.id, enrolmentId));
    // The day in the member's language (English if that language lacks it).
    const locale = isLocale(member?.locale) ? member.locale : DEFAULT_LOCALE;
    const content = member && (await findJourneyDay(deps.db, member.sequenceKey, day, locale));
    if (!member || !content) throw new Error(`no journey content for enrolment ${enrolmentId} day ${day}`);
    const totalDays = Math.max(day, member.journey.dayCount);
    const row = { ...member, totalDays, title: content.title, verseRef: content.verseRef, verseText: content.verseText, content: content.content };
    // The Listen link never holds the email back: without it (not connected, provider failing) the email still goes.
    const listenUrl = await devotionalAudioUrl(deps, { ...row, day }, { wait: opts.waitForAudio }).catch(() => null);
    const unsubscribeUrl = `${deps.config.publicUrl}${API.connect.dailyUnsubscribe()}?token=${encodeURIComponent(row.token)}`;
    const msg = renderJourneyEmail({
      churchName: deps.church.name,
      firstName: row.firstName,
      sequenceKey: row.sequenceKey,
      journeyTitle: journeyTitle(member.journey, content.locale === locale ? locale : DEFAULT_LOCALE),
      day,
      totalDays,
      title: row.title,
      verseRef: row.verseRef,
      verseText: row.verseText,
      content: row.content,
      unsubscribeUrl,
      listenUrl,
      locale: content.locale === locale ? locale : DEFAULT_LOCALE,
    });
    // Sensitive: the unsubscribe link ends the journey, so staff must not read it in the outbox.
    // Queued with the delivery's sent_at in one transaction; the background sender sends it (decision 0101).
    // Marking it first locks the claim: a sender that took it over after a crash (runDailyJourney's
    // reclaim) and this one cannot both queue it; whoever finds it already marked queues nothing.
    await deps.db.transaction(async (tx) => {
      const marked = await tx
        .update(journeyDeliveries)
        .set({ sentAt: deps.now() })
        .where(and(eq(journeyDeliveries.enrolmentId, enrolmentId), eq(journeyDeliveries.deliveryDate, date), isNull(journeyDeliveries.sentAt)))
        .returning({ id: journeyDeliveries.enrolmentId });
      // One-click unsubscribe (RFC 8058, decision 0118): a mail client POSTs to the same link.
      const headers = { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
      if (marked.length) await enqueueEmail(tx, { kind: "news", to: row.email, sensitive: true, headers, ...msg }, deps.now());
    });
  } catch (err) {
    await deps.db
      .delete(journeyDeliveries)
      .where(and(eq(journeyDeliveries.enrolmentId, enrolmentId), eq(journeyDeliveries.deliveryDate, date)));
    throw err;
  }
}
