import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { preparedSql, runtimeValue } from "../../db/prepared";
import type { EmailHealth } from "../../../contract/admin";

/**
 * The outbox's counts and its latest error, in one statement built and planned once
 * (db/prepared.ts; issue 23, decision 0140): one round trip, not two statements planned on every
 * request. `since` (a day before now) is a runtime value, so the plan is the same for every
 * request (decision 0137): the sent emails of the day are read on email_outbox_sent_idx whatever
 * the bound. The latest error is read on the queued and failed emails (email_outbox_status_idx).
 */
const health = preparedSql<{ queued: number; retrying: number; sent: number; failed: number; at: string | null; message: string | null }>(
  "admin.email-health",
  () => sql`
    select
      (select count(*)::int from email_outbox where status = 'queued') as queued,
      (select count(*)::int from email_outbox where status = 'queued' and attempts > 0 and last_error is not null) as retrying,
      (select count(*)::int from email_outbox where status = 'sent' and sent_at > ${runtimeValue("since", "timestamptz")}) as sent,
      (select count(*)::int from email_outbox where status = 'failed') as failed,
      last.at, last.message
    from (select 1) one
    left join lateral (
      select last_attempt_at as at, last_error as message from email_outbox
      where last_error is not null and status in ('queued', 'failed') and last_attempt_at is not null
      order by last_attempt_at desc limit 1
    ) last on true`,
);

/** The outbox at a glance for staff (decision 0101): what waits, what went out today, what failed and why. */
export async function getEmailHealth(deps: Deps): Promise<EmailHealth> {
  const since = new Date(deps.now().getTime() - 86_400_000).toISOString();
  const [row] = await health(deps.db, { since });
  return {
    mode: deps.email.kind,
    queued: Number(row.queued),
    retrying: Number(row.retrying),
    sentLastDay: Number(row.sent),
    failed: Number(row.failed),
    lastError: row.at && row.message !== null ? { at: new Date(row.at).toISOString(), message: row.message } : null,
  };
}
