import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";

/**
 * Puts every failed email back in the queue with a fresh set of attempts (an owner, after
 * fixing the mail server or an address). The sender picks them up on its next pass.
 */
export async function retryFailedEmails(deps: Deps): Promise<{ retried: number }> {
  const at = deps.now().toISOString();
  const rows = (await deps.db.execute(
    sql`update email_outbox set status = 'queued', attempts = 0, next_attempt_at = ${at}::timestamptz, locked_until = null where status = 'failed' returning id`,
  )) as unknown as { rows: unknown[] };
  return { retried: rows.rows.length };
}
