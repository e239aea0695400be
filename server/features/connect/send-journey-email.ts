import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyDays, journeyDeliveries, journeyEnrolments } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { escapeHtml } from "../../http/escape-html";
import { JOURNEY_DAYS, SEQUENCE_LABELS, type SequenceKey } from "../../../contract/connect";
import { devotionalAudioUrl } from "./journey-audio";

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
}) {
  const label = SEQUENCE_LABELS[opts.sequenceKey as SequenceKey]?.title ?? "Daily journey";
  const subject = `Day ${opts.day} of ${JOURNEY_DAYS}: ${opts.title}`;
  const verse = opts.verseText ? `"${opts.verseText}"${opts.verseRef ? ` (${opts.verseRef})` : ""}` : null;
  const text = [
    `Hi ${opts.firstName},`,
    "",
    `${label}, day ${opts.day} of ${JOURNEY_DAYS}: ${opts.title}`,
    "",
    ...(verse ? [verse, ""] : []),
    ...(opts.listenUrl ? [`Listen to today's devotional: ${opts.listenUrl}`, ""] : []),
    opts.content,
    "",
    `With love, ${opts.churchName}`,
    "",
    `To stop these emails: ${opts.unsubscribeUrl}`,
  ].join("\n");
  const e = escapeHtml;
  const paragraphs = opts.content
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6">${e(p)}</p>`)
    .join("");
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,serif;color:#1f1a14">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 4px;font-size:13px;letter-spacing:.05em;text-transform:uppercase;color:#8a6a3b">${e(label)} &middot; Day ${opts.day} of ${JOURNEY_DAYS}</p>
<h1 style="margin:0 0 16px;font-size:24px">${e(opts.title)}</h1>
<p style="margin:0 0 16px">Hi ${e(opts.firstName)},</p>
${verse ? `<blockquote style="margin:0 0 20px;padding:12px 16px;border-left:4px solid #b45309;background:#fdf6ec;font-style:italic">${e(verse)}</blockquote>` : ""}
${opts.listenUrl ? `<p style="margin:0 0 20px;font-family:system-ui,sans-serif;font-size:14px;color:#6b6259"><a href="${e(opts.listenUrl)}" style="display:inline-block;margin-right:10px;padding:10px 20px;border-radius:8px;background:#b45309;color:#ffffff;text-decoration:none;font-size:16px;font-weight:600">&#9654; Listen</a>Hear it read aloud</p>` : ""}
${paragraphs}
<p style="margin:24px 0 0">With love,<br>${e(opts.churchName)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#6b6259;text-align:center">You receive this because you enrolled in a daily journey. <a href="${e(opts.unsubscribeUrl)}" style="color:#6b6259">Unsubscribe</a></p>
</body>
</html>`;
  return { subject, text, html };
}

/**
 * Sends the claimed day's email; if sending fails, the claim is released so a later run retries.
 * `waitForAudio`: the scheduler waits for the day's recording (made once); a member's own
 * request (enrolment) does not, and its email carries the link only if it is ready.
 */
export async function sendJourneyEmail(deps: Deps, enrolmentId: string, date: string, day: number, opts: { waitForAudio: boolean } = { waitForAudio: true }) {
  try {
    const [row] = await deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        sequenceKey: journeyEnrolments.sequenceKey,
        token: journeyEnrolments.unsubscribeToken,
        title: journeyDays.title,
        verseRef: journeyDays.verseRef,
        verseText: journeyDays.verseText,
        content: journeyDays.content,
      })
      .from(journeyEnrolments)
      .innerJoin(users, eq(users.id, journeyEnrolments.userId))
      .innerJoin(journeyDays, and(eq(journeyDays.sequenceKey, journeyEnrolments.sequenceKey), eq(journeyDays.day, day)))
      .where(eq(journeyEnrolments.id, enrolmentId));
    if (!row) throw new Error(`no journey content for enrolment ${enrolmentId} day ${day}`);
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
    });
    // Sensitive: the unsubscribe link ends the journey, so staff must not read it in the outbox.
    await deps.email.send({ to: row.email, sensitive: true, ...msg });
    await deps.db
      .update(journeyDeliveries)
      .set({ sentAt: deps.now() })
      .where(and(eq(journeyDeliveries.enrolmentId, enrolmentId), eq(journeyDeliveries.deliveryDate, date)));
  } catch (err) {
    await deps.db
      .delete(journeyDeliveries)
      .where(and(eq(journeyDeliveries.enrolmentId, enrolmentId), eq(journeyDeliveries.deliveryDate, date)));
    throw err;
  }
}
