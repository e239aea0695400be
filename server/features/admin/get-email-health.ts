import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { EmailHealth } from "../../../contract/admin";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The outbox at a glance for staff (decision 0101): what waits, what went out today, what failed and why. */
export async function getEmailHealth(deps: Deps): Promise<EmailHealth> {
  const dayAgo = new Date(deps.now().getTime() - 86_400_000).toISOString();
  const [counts] = rowsOf<{ queued: number; retrying: number; sent: number; failed: number }>(
    await deps.db.execute(sql`
      select
        (select count(*)::int from email_outbox where status = 'queued') as queued,
        (select count(*)::int from email_outbox where status = 'queued' and attempts > 0 and last_error is not null) as retrying,
        (select count(*)::int from email_outbox where status = 'sent' and sent_at > ${dayAgo}::timestamptz) as sent,
        (select count(*)::int from email_outbox where status = 'failed') as failed
    `),
  );
  const [last] = rowsOf<{ at: Date | string; message: string }>(
    await deps.db.execute(sql`
      select last_attempt_at as at, last_error as message from email_outbox
      where last_error is not null and status in ('queued', 'failed') and last_attempt_at is not null
      order by last_attempt_at desc limit 1
    `),
  );
  return {
    mode: deps.email.kind,
    queued: Number(counts.queued),
    retrying: Number(counts.retrying),
    sentLastDay: Number(counts.sent),
    failed: Number(counts.failed),
    lastError: last ? { at: new Date(last.at).toISOString(), message: last.message } : null,
  };
}
