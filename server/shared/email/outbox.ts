/**
 * The outbox's one write path: every email the app sends is queued here, inside the same
 * transaction as the change that causes it (a gift's receipt claim, a reset link, a journey
 * day). It commits with that change or not at all, and no request ever waits on the mail
 * server: server/jobs/email-delivery.ts sends it in the background (decision 0101).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { emailAttachments, emailOutbox, type EmailKind } from "../../db/schema/platform";
import type { EmailMessage } from "../../providers/email/port";
import { rowsOf } from "../../db/rows";

/** A message to queue, with what it is about (EMAIL_KINDS: what a deleted account still gets). */
export type QueuedEmail = EmailMessage & { kind: EmailKind };

/**
 * `now`: the caller's clock (deps.now()), so a test's clock decides when the email is due.
 * `message.attachments` (a statement's PDF) are stored beside it and sent with it.
 * `message.kind`: what it is about (EMAIL_KINDS, server/db/schema/platform.ts).
 */
export async function enqueueEmail(tx: Db | Tx, message: QueuedEmail, now: Date): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: message.to,
      kind: message.kind,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sensitive: message.sensitive ?? false,
      headers: message.headers ?? null,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: emailOutbox.id });
  // Its files, in their own table (decision 0121): the sender reads them only for this email.
  if (message.attachments?.length) {
    await tx.insert(emailAttachments).values(message.attachments.map((a) => ({ emailId: row.id, filename: a.filename, contentType: a.contentType, content: a.content })));
  }
  return row.id;
}

/**
 * The same message to many members in one statement (an announcement's batch, decision 0110):
 * `recipients` is a query whose rows have `to_address`, `locale` and `headers` (jsonb or null:
 * each member's own extra headers, such as their unsubscribe link); each gets the message of
 * its locale from `byLocale` (rendered once per language, not once per member), or the one of
 * `fallback`, all of one `kind`. Inside the caller's transaction like enqueueEmail. Returns how
 * many were queued.
 */
export async function enqueueEmailsTo(
  tx: Db | Tx,
  recipients: SQL,
  byLocale: Record<string, Omit<EmailMessage, "to">>,
  fallback: string,
  now: Date,
  kind: EmailKind,
): Promise<number> {
  const locales = Object.keys(byLocale);
  if (!locales.includes(fallback)) throw new Error(`enqueueEmailsTo: no message for the fallback locale ${fallback}`);
  const messages = sql.join(
    locales.map((l) => sql`(${l}, ${byLocale[l].subject}, ${byLocale[l].text}, ${byLocale[l].html}, ${byLocale[l].sensitive ?? false})`),
    sql`, `,
  );
  const known = sql.join(
    locales.map((l) => sql`${l}`),
    sql`, `,
  );
  const at = now.toISOString();
  const result = await tx.execute(sql`
    with queued as (
      insert into email_outbox ("to", kind, subject, text, html, sensitive, headers, created_at, next_attempt_at)
      select r.to_address, ${kind}, m.subject, m.text, m.html, m.sensitive::boolean, r.headers::jsonb, ${at}::timestamptz, ${at}::timestamptz
      from (${recipients}) r
      join (values ${messages}) as m(locale, subject, text, html, sensitive)
        on m.locale = case when r.locale in (${known}) then r.locale else ${fallback} end
      returning 1
    )
    select count(*)::int as n from queued
  `);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}
