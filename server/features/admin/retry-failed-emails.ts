import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { rowsOf } from "../../db/rows";

/**
 * Puts every failed email back in the queue with a fresh set of attempts (an owner, after
 * fixing the mail server or an address). The sender picks them up on its next pass.
 */
export async function retryFailedEmails(deps: Deps): Promise<{ retried: number }> {
  const at = deps.now().toISOString();
  const rows = rowsOf<{ id: string }>(
    await deps.db.execute(sql`update email_outbox set status = 'queued', attempts = 0, next_attempt_at = ${at}::timestamptz, locked_until = null where status = 'failed' returning id`),
  );
  return { retried: rows.length };
}
