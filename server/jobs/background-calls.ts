/**
 * Makes the outside calls that requests queued (background_calls rows, written by
 * server/shared/background-calls.ts in the transaction of the change that causes them), in the
 * background, with retries (decision 0101). The same claiming as the email sender:
 *
 * - one statement claims due rows with FOR UPDATE SKIP LOCKED and stamps them with a lease
 *   (locked_until) and the attempt number, then commits; the calls happen afterwards, with no
 *   transaction held across the network. Two runners (two server processes) never claim the same
 *   row; a runner that dies gives its rows back when the lease runs out;
 * - outcomes are written only while the claim is still ours (same attempt number, still
 *   queued), so a runner whose lease ran out cannot overwrite a newer attempt;
 * - a PermanentCallError (the provider refused for good) marks the call failed at once; any
 *   other error is retried after 30 s, 1, 2, 4 ... minutes (at most an hour apart), up to
 *   MAX_CALL_ATTEMPTS, then failed;
 * - a done call's payload is emptied (it may hold a sealed secret); done and failed rows are
 *   deleted after CALL_RETENTION_DAYS.
 *
 * A call whose runner dies after the provider acted but before recording it is made again after
 * the lease: every handler must be safe to repeat (revoking a token twice is: the second finds
 * it gone).
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps";
import { startInterval } from "./interval";
import { PermanentCallError, type BackgroundCallKind, type BackgroundCallPayloads } from "../shared/background-calls";
import { revokeBankItem } from "../features/wallet/revoke-bank-item";
import { deleteCrmContact } from "../features/integrations/delete-crm-contact";
import { deleteCardProfile } from "../features/my-data/delete-card-profile";
import { rowsOf } from "../db/rows";

type Handler<K extends BackgroundCallKind> = (deps: Deps, payload: BackgroundCallPayloads[K]) => Promise<void>;

/** Each kind's handler: a feature's use case. */
export const BACKGROUND_CALL_HANDLERS: { [K in BackgroundCallKind]: Handler<K> } = {
  "bank.remove-item": revokeBankItem,
  "crm.delete-contact": deleteCrmContact,
  "payments.delete-profile": deleteCardProfile,
};

export const MAX_CALL_ATTEMPTS = 30;
export const CALL_LEASE_MS = 5 * 60_000;
export const CALL_RETENTION_DAYS = 30;
const BATCH = 20;
const BACKOFF_BASE_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export const callBackoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

interface Claimed {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

export interface CallRunStats {
  done: number;
  retried: number;
  failed: number;
}

async function claimCalls(deps: Deps, limit: number, now: Date): Promise<Claimed[]> {
  const at = now.toISOString();
  const leaseEnd = new Date(now.getTime() + CALL_LEASE_MS).toISOString();
  return rowsOf<Claimed>(
    await deps.db.execute(sql`
      with due as (
        select id from background_calls
        where status = 'queued' and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      update background_calls c set locked_until = ${leaseEnd}::timestamptz, attempts = c.attempts + 1
      from due where c.id = due.id
      returning c.id, c.kind, c.payload, c.attempts
    `),
  );
}

async function runOne(deps: Deps, c: Claimed, onCallError: (err: unknown, kind: string) => void): Promise<keyof CallRunStats> {
  let failure: unknown = null;
  try {
    const handler = BACKGROUND_CALL_HANDLERS[c.kind as BackgroundCallKind] as Handler<BackgroundCallKind> | undefined;
    if (!handler) throw new PermanentCallError(`No handler for background call kind "${c.kind}"`);
    const payload = typeof c.payload === "string" ? (JSON.parse(c.payload) as unknown) : c.payload;
    await handler(deps, payload as BackgroundCallPayloads[BackgroundCallKind]);
  } catch (err) {
    failure = err;
    onCallError(err, c.kind);
  }
  const now = deps.now();
  const at = now.toISOString();
  const ours = sql`id = ${c.id}::uuid and attempts = ${c.attempts} and status = 'queued'`;
  if (failure === null) {
    await deps.db.execute(
      sql`update background_calls set status = 'done', completed_at = ${at}::timestamptz, locked_until = null, last_error = null, payload = '{}'::jsonb where ${ours}`,
    );
    return "done";
  }
  const error = (failure instanceof Error ? failure.message : String(failure)).slice(0, 500);
  if (failure instanceof PermanentCallError || c.attempts >= MAX_CALL_ATTEMPTS) {
    await deps.db.execute(
      sql`update background_calls set status = 'failed', completed_at = ${at}::timestamptz, locked_until = null, last_error = ${error} where ${ours}`,
    );
    return "failed";
  }
  const next = new Date(now.getTime() + callBackoffMs(c.attempts)).toISOString();
  await deps.db.execute(sql`update background_calls set next_attempt_at = ${next}::timestamptz, locked_until = null, last_error = ${error} where ${ours}`);
  return "retried";
}

/**
 * One pass: makes every due call, a batch at a time. `signal` ends the pass between batches
 * (shutdown); `onCallError` hears of each failed attempt (for the log: the row keeps the last error).
 */
export async function runBackgroundCalls(deps: Deps, opts: { signal?: AbortSignal; onCallError?: (err: unknown, kind: string) => void } = {}): Promise<CallRunStats> {
  const onCallError = opts.onCallError ?? (() => undefined);
  const stats: CallRunStats = { done: 0, retried: 0, failed: 0 };
  while (!opts.signal?.aborted) {
    const batch = await claimCalls(deps, BATCH, deps.now());
    if (!batch.length) break;
    for (const c of batch) {
      const outcome = await runOne(deps, c, onCallError);
      stats[outcome] += 1;
    }
  }
  return stats;
}

/** Deletes done and failed calls older than CALL_RETENTION_DAYS; queued ones never. */
export async function pruneBackgroundCalls(deps: Deps) {
  const before = new Date(deps.now().getTime() - CALL_RETENTION_DAYS * 86_400_000).toISOString();
  await deps.db.execute(sql`delete from background_calls where status <> 'queued' and created_at < ${before}::timestamptz`);
}

/** Runs the calls every `intervalMs` (five seconds by default); stop() ends a pass between batches and waits for it. */
export function startBackgroundCalls(deps: Deps, opts: { intervalMs?: number; onError?: (err: unknown) => void; onCallError?: (err: unknown, kind: string) => void } = {}) {
  const onError = opts.onError ?? (() => undefined);
  const stopping = new AbortController();
  let lastPrune = 0;
  const job = startInterval(
    async () => {
      await runBackgroundCalls(deps, { signal: stopping.signal, onCallError: opts.onCallError });
      if (Date.now() - lastPrune > 3600_000) {
        lastPrune = Date.now();
        await pruneBackgroundCalls(deps);
      }
    },
    opts.intervalMs ?? 5_000,
    onError,
  );
  return {
    runNow: job.runNow,
    async stop() {
      stopping.abort();
      await job.stop();
    },
  };
}
