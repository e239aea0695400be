/**
 * Delivers queued email (email_outbox rows, written by server/shared/email/outbox.ts in the
 * transaction of the change that causes them) through SMTP, outside any request (decision 0101).
 *
 * Claiming: one statement picks due rows with FOR UPDATE SKIP LOCKED and stamps them with a
 * lease (locked_until) and the attempt number, then commits; the sends happen after, without a
 * transaction held open across the network. Two senders (two server processes) never claim the
 * same row: a row being claimed is skipped, a claimed one is leased. A sender that dies gives
 * its rows back when the lease runs out. Outcomes are written only while the claim is still
 * ours (same attempt number, still queued), so a sender whose lease ran out cannot overwrite a
 * newer attempt. Only a sender that dies between the mail server's "250 OK" and recording it
 * can cause a second copy; both carry the row's id as Message-ID.
 *
 * Outcomes: accepted -> `sent` (a sensitive message's text is then blanked: its link is a
 * secret, decision 0004); a 5xx reply -> `failed` at once (the server refused this
 * message for good); 4xx replies, timeouts and connection errors are retried with exponential
 * back-off (30 s, 1 min, 2 min ... at most an hour) for about two days, then `failed`. An owner
 * can put failed ones back in the queue (Admin, POST /api/admin/email/retry).
 *
 * Rate: at most EMAIL_MAX_PER_SECOND sends a second across every process, counted in the
 * shared rate_limits table (one row per second), for the mail provider's limits.
 *
 * Without SMTP_URL nothing is sent: queued rows become `kept` (they stay for staff to read, and
 * setting SMTP_URL later does not send them).
 *
 * Waking: every process runs the job every couple of seconds.
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps";
import { startInterval } from "./interval";
import { EmailSendError, type OutgoingEmail } from "../providers/email/port";
import { rowsOf } from "../db/rows";

/** Temporary failures are retried this many times (about two days with the back-off below), then the email is marked failed. */
export const MAX_EMAIL_ATTEMPTS = 50;
const BATCH = 50;
const CONCURRENCY = 10;
/**
 * Longer than a batch can take: BATCH / CONCURRENCY rounds of sends that each end within the
 * transport's timeouts (well under a minute), with room to spare.
 */
export const EMAIL_LEASE_MS = 10 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
const RATE_KEY = "email:send";

interface Claimed extends OutgoingEmail {
  attempts: number;
  /** Whether files wait in email_attachments (read only for these emails, at send time). */
  has_attachments?: boolean;
}

export interface EmailRunStats {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
}

/** Back-off before attempt `attempts + 1`: 30 s, 1 min, 2 min, 4 min ... at most an hour. */
export const emailBackoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** Claims up to `limit` due emails for this sender (exported for the lease tests). */
export async function claimEmails(deps: Deps, limit: number, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + EMAIL_LEASE_MS).toISOString();
  return rowsOf<Claimed>(
    await deps.db.execute(sql`
      with due as (
        select id from email_outbox
        where status = 'queued' and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      update email_outbox o set locked_until = ${leaseEnd}::timestamptz, attempts = o.attempts + 1, last_attempt_at = ${at}::timestamptz
      from due where o.id = due.id
      returning o.id, o.attempts, o."to", o.subject, o.text, o.html, o.headers,
        exists (select 1 from email_attachments a where a.email_id = o.id) as has_attachments
    `),
  );
}

/** Is anything due? A cheap look before taking send slots. */
async function anyDue(deps: Deps, now: Date) {
  const at = now.toISOString();
  const rows = rowsOf(
    await deps.db.execute(
      sql`select 1 from email_outbox where status = 'queued' and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz) limit 1`,
    ),
  );
  return rows.length > 0;
}

/**
 * Takes up to `want` of this second's sends, shared by every process (EMAIL_MAX_PER_SECOND).
 * Wall-clock time, not deps.now(): the limit is the mail provider's, in real seconds.
 */
async function takeSendSlots(deps: Deps, want: number): Promise<{ granted: number; windowEndsAt: number }> {
  const limit = deps.config.emailMaxPerSecond;
  const second = Math.floor(Date.now() / 1000) * 1000;
  const windowStart = new Date(second).toISOString();
  const granted = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`insert into rate_limits (key, window_start, count) values (${RATE_KEY}, ${windowStart}::timestamptz, 0) on conflict do nothing`);
    // Under the second's row lock: take what is left of it.
    const [row] = rowsOf<{ count: number }>(
      await tx.execute(sql`select count from rate_limits where key = ${RATE_KEY} and window_start = ${windowStart}::timestamptz for update`),
    );
    const n = Math.max(0, Math.min(want, limit - Number(row.count)));
    if (n > 0) await tx.execute(sql`update rate_limits set count = count + ${n} where key = ${RATE_KEY} and window_start = ${windowStart}::timestamptz`);
    return n;
  });
  return { granted, windowEndsAt: second + 1000 };
}

async function record(deps: Deps, d: Claimed, err: EmailSendError | null): Promise<keyof EmailRunStats> {
  const now = deps.now();
  const at = now.toISOString();
  const ours = sql`id = ${d.id}::uuid and attempts = ${d.attempts} and status = 'queued'`;
  if (!err) {
    // A sent message's secret link (a reset link, an unsubscribe token) has no reason to stay in the
    // database; nor have its extra headers (a member's one-click unsubscribe link).
    await deps.db.execute(sql`
      update email_outbox set status = 'sent', sent_at = ${at}::timestamptz, locked_until = null, last_error = null, headers = null,
        text = case when sensitive then '' else text end, html = case when sensitive then '' else html end
      where ${ours}`);
    // Its files (a statement's PDF) are not kept once sent: the statement can be made again.
    if (d.has_attachments) await deps.db.execute(sql`delete from email_attachments where email_id = ${d.id}::uuid`);
    return "sent";
  }
  const error = err.message.slice(0, 500);
  if (err.permanent || d.attempts >= MAX_EMAIL_ATTEMPTS) {
    await deps.db.execute(sql`update email_outbox set status = 'failed', locked_until = null, last_error = ${error} where ${ours}`);
    return "failed";
  }
  const next = new Date(now.getTime() + emailBackoffMs(d.attempts)).toISOString();
  await deps.db.execute(sql`update email_outbox set next_attempt_at = ${next}::timestamptz, locked_until = null, last_error = ${error} where ${ours}`);
  return "retried";
}

/** Sends one claimed email and records what happened (exported for the lease tests). */
export async function deliverEmail(deps: Deps, d: Claimed): Promise<keyof EmailRunStats> {
  let failure: EmailSendError | null = null;
  try {
    const attachments = d.has_attachments
      ? rowsOf<{ filename: string; content_type: string; content: Buffer | Uint8Array }>(
          await deps.db.execute(sql`select filename, content_type, content from email_attachments where email_id = ${d.id}::uuid order by id`),
        ).map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.isBuffer(a.content) ? a.content : Buffer.from(a.content) }))
      : undefined;
    await deps.email.send({ id: d.id, to: d.to, subject: d.subject, text: d.text, html: d.html, headers: d.headers ?? null, ...(attachments ? { attachments } : {}) });
  } catch (err) {
    failure = err instanceof EmailSendError ? err : new EmailSendError(err instanceof Error ? err.message : String(err), false);
  }
  return record(deps, d, failure);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One pass: sends every due email, within the send rate. `signal` ends the pass between
 * batches (shutdown). Returns what happened.
 */
export async function runEmailDelivery(deps: Deps, opts: { signal?: AbortSignal } = {}): Promise<EmailRunStats> {
  const stats: EmailRunStats = { sent: 0, retried: 0, failed: 0, kept: 0 };
  if (deps.email.kind === "outbox") {
    const kept = rowsOf(await deps.db.execute(sql`update email_outbox set status = 'kept' where status = 'queued' returning id`));
    stats.kept = kept.length;
    return stats;
  }
  while (!opts.signal?.aborted) {
    if (!(await anyDue(deps, deps.now()))) return stats;
    const { granted, windowEndsAt } = await takeSendSlots(deps, BATCH);
    if (granted === 0) {
      await sleep(Math.max(1, windowEndsAt - Date.now()));
      continue;
    }
    const batch = await claimEmails(deps, granted, deps.now());
    if (!batch.length) return stats;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const d = batch[next++];
        stats[await deliverEmail(deps, d)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
  }
  return stats;
}

/**
 * Deletes finished emails (sent, kept, failed) older than EMAIL_RETENTION_DAYS, and the send
 * counters of past seconds. Queued ones are never pruned.
 */
export async function pruneEmails(deps: Deps) {
  const before = new Date(deps.now().getTime() - deps.config.emailRetentionDays * 86_400_000).toISOString();
  await deps.db.execute(sql`delete from email_outbox where status <> 'queued' and created_at < ${before}::timestamptz`);
  await deps.db.execute(sql`delete from rate_limits where key = ${RATE_KEY} and window_start < now() - interval '1 minute'`);
}

/** Runs the sender every `intervalMs` (two seconds by default); stop() ends a pass between batches and waits for it. */
export function startEmailDelivery(deps: Deps, opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}) {
  const onError = opts.onError ?? (() => undefined);
  const stopping = new AbortController();
  let lastPrune = 0;
  const job = startInterval(
    async () => {
      await runEmailDelivery(deps, { signal: stopping.signal });
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        await pruneEmails(deps);
      }
    },
    opts.intervalMs ?? 2_000,
    onError,
  );
  return {
    runNow: job.runNow,
    async stop() {
      stopping.abort();
      await job.stop();
      deps.email.close();
    },
  };
}
