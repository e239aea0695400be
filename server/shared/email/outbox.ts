/**
 * The outbox's one write path: every email the app sends is queued here, inside the same
 * transaction as the change that causes it (a gift's receipt claim, a reset link, a journey
 * day). It commits with that change or not at all, and no request ever waits on the mail
 * server: server/jobs/email-delivery.ts sends it in the background (decision 0101).
 */
import type { Db, Tx } from "../../db/client";
import { emailOutbox } from "../../db/schema/platform";
import type { EmailMessage } from "../../providers/email/port";

/** `now`: the caller's clock (deps.now()), so a test's clock decides when the email is due. */
export async function enqueueEmail(tx: Db | Tx, message: EmailMessage, now: Date): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      sensitive: message.sensitive ?? false,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}
