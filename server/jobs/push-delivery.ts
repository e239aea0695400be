/**
 * Delivers queued pushes (push_deliveries rows, written with their notifications by
 * server/notifications/notify.ts) to the members' push services, outside any request.
 *
 * Claiming: one statement picks due rows with FOR UPDATE SKIP LOCKED and stamps them with a
 * lease (locked_until) and the attempt number, then commits; the sends happen after, without a
 * transaction held open across the network. Two workers (two server processes) never claim the
 * same row: a row being claimed is skipped, a claimed one is leased. Outcomes are written only
 * while the claim is still ours (same attempt number), so a worker whose lease ran out cannot
 * overwrite a newer attempt. The unique (notification, device) index means one push per
 * notification per device; only a worker that dies between sending and recording could send a
 * second time (after its lease ends), and the push carries a Topic so the push service replaces
 * rather than duplicates an undelivered copy.
 *
 * Outcomes: 2xx sent; 404/410 the subscription is gone, so it is deleted (with its queue);
 * network errors, timeouts, 408, 429 and 5xx are retried with exponential back-off (or the
 * push service's Retry-After), at most MAX_PUSH_ATTEMPTS times; other answers fail at once. A
 * push still waiting when its kind's TTL has passed (e.g. "service started" after the service)
 * is dropped as expired instead of sent late.
 *
 * Waking: every server process runs the job every few seconds and at once when any process
 * announces new notifications (the bus's "notification" event).
 */
import { sql } from "drizzle-orm";
import type { Deps } from "../deps";
import { startInterval } from "./interval";
import { PUSH_TTL_SECONDS, type NotificationKind, type PushPayload } from "../../contract/notifications";
import { localize } from "../i18n";
import { isLocale, DEFAULT_LOCALE } from "../../contract/i18n/locales";
import type { PushResult } from "../providers/push/port";
import { rowsOf } from "../db/rows";

export const MAX_PUSH_ATTEMPTS = 5;
const BATCH = 100;
const CONCURRENCY = 10;
/** Longer than a batch can take: BATCH / CONCURRENCY sends of at most 15 s each. */
const LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Finished deliveries are kept this long (to see what was sent), then pruned. */
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;

interface Claimed {
  id: string;
  attempts: number;
  subscription_id: string;
  notification_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  created_at: Date | string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The recipient's language (users.locale): the push says it in that language. */
  locale: string;
}

export interface PushRunStats {
  sent: number;
  gone: number;
  retried: number;
  failed: number;
  expired: number;
}

/** Claims up to BATCH due deliveries (with what is needed to send them). */
async function claim(deps: Deps, now: Date): Promise<Claimed[]> {
  const leaseEnd = new Date(now.getTime() + LEASE_MS).toISOString();
  const at = now.toISOString();
  return rowsOf<Claimed>(
    await deps.db.execute(sql`
      with due as (
        select id from push_deliveries
        where status = 'pending' and next_attempt_at <= ${at}::timestamptz and (locked_until is null or locked_until <= ${at}::timestamptz)
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      ),
      claimed as (
        update push_deliveries d set locked_until = ${leaseEnd}::timestamptz, attempts = d.attempts + 1
        from due where d.id = due.id
        returning d.id, d.attempts, d.subscription_id, d.notification_id
      )
      select c.id, c.attempts, c.subscription_id, c.notification_id, n.kind, n.title, n.body, n.url, n.created_at, s.endpoint, s.p256dh, s.auth, u.locale
      from claimed c
      join notifications n on n.id = c.notification_id
      join push_subscriptions s on s.id = c.subscription_id
      join users u on u.id = n.user_id
    `),
  );
}

/** Back-off before attempt `attempts + 1`: 30 s, 1 min, 2 min, 4 min ... at most an hour. */
export const backoffMs = (attempts: number) => Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

async function record(deps: Deps, d: Claimed, result: PushResult | { outcome: "expired" }, now: Date): Promise<keyof PushRunStats> {
  const at = now.toISOString();
  const ours = sql`id = ${d.id}::uuid and attempts = ${d.attempts} and status = 'pending'`;
  switch (result.outcome) {
    case "sent":
      await deps.db.execute(
        sql`update push_deliveries set status = 'sent', sent_at = ${at}::timestamptz, locked_until = null, last_status = ${result.status}, last_error = null where ${ours}`,
      );
      return "sent";
    case "gone":
      // The browser unsubscribed or the subscription expired: forget the device (its queue goes with it).
      await deps.db.execute(sql`delete from push_subscriptions where id = ${d.subscription_id}::uuid`);
      return "gone";
    case "expired":
      await deps.db.execute(sql`update push_deliveries set status = 'expired', locked_until = null where ${ours}`);
      return "expired";
    case "failed":
      await deps.db.execute(
        sql`update push_deliveries set status = 'failed', locked_until = null, last_status = ${result.status ?? null}, last_error = ${result.error.slice(0, 500)} where ${ours}`,
      );
      return "failed";
    case "retry": {
      if (d.attempts >= MAX_PUSH_ATTEMPTS) {
        await deps.db.execute(
          sql`update push_deliveries set status = 'failed', locked_until = null, last_status = ${result.status ?? null}, last_error = ${result.error.slice(0, 500)} where ${ours}`,
        );
        return "failed";
      }
      const wait = result.retryAfterSeconds !== undefined ? Math.min(result.retryAfterSeconds * 1000, MAX_BACKOFF_MS) : backoffMs(d.attempts);
      const next = new Date(now.getTime() + wait).toISOString();
      await deps.db.execute(
        sql`update push_deliveries set next_attempt_at = ${next}::timestamptz, locked_until = null, last_status = ${result.status ?? null}, last_error = ${result.error.slice(0, 500)} where ${ours}`,
      );
      return "retried";
    }
  }
}

async function deliver(deps: Deps, d: Claimed, now: Date) {
  const ttl = PUSH_TTL_SECONDS[d.kind];
  const age = Math.floor((now.getTime() - new Date(d.created_at).getTime()) / 1000);
  if (age >= ttl) return record(deps, d, { outcome: "expired" }, now);
  // Stored in English (as the inbox keeps it); sent in the recipient's language.
  const locale = isLocale(d.locale) ? d.locale : DEFAULT_LOCALE;
  const payload: PushPayload = { id: d.notification_id, kind: d.kind, title: localize(d.title, locale), body: localize(d.body, locale), url: d.url, icon: deps.church.logoUrl };
  let result: PushResult;
  try {
    result = await deps.push.send(
      { endpoint: d.endpoint, p256dh: d.p256dh, auth: d.auth },
      {
        payload: JSON.stringify(payload),
        ttlSeconds: ttl - age,
        urgency: d.kind === "serviceStarted" ? "high" : "normal",
        topic: d.notification_id.replace(/-/g, ""),
      },
    );
  } catch (err) {
    result = { outcome: "retry", error: err instanceof Error ? err.message : String(err) };
  }
  return record(deps, d, result, deps.now());
}

/** One pass: sends every due push. Returns what happened to them. */
export async function runPushDelivery(deps: Deps): Promise<PushRunStats> {
  const stats: PushRunStats = { sent: 0, gone: 0, retried: 0, failed: 0, expired: 0 };
  for (;;) {
    const now = deps.now();
    const batch = await claim(deps, now);
    if (!batch.length) return stats;
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const d = batch[next++];
        stats[await deliver(deps, d, now)] += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
  }
}

/** Deletes finished deliveries older than a week (pending ones are never pruned). */
export async function pruneDeliveries(deps: Deps) {
  const before = new Date(deps.now().getTime() - KEEP_FINISHED_MS).toISOString();
  await deps.db.execute(sql`delete from push_deliveries where status <> 'pending' and created_at < ${before}::timestamptz`);
}

/**
 * Runs the job every `intervalMs` and at once when notifications are announced on the bus.
 * stop() waits for a pass in progress.
 */
export function startPushDelivery(deps: Deps, opts: { intervalMs?: number; onError?: (err: unknown) => void } = {}) {
  const onError = opts.onError ?? (() => undefined);
  let lastPrune = 0;
  const job = startInterval(
    async () => {
      await runPushDelivery(deps);
      if (deps.now().getTime() - lastPrune > 3600_000) {
        lastPrune = deps.now().getTime();
        await pruneDeliveries(deps);
      }
    },
    opts.intervalMs ?? 5_000,
    onError,
  );
  const unsubscribe = deps.bus.subscribe((e) => {
    if (e.event === "notification") job.runNow();
  });
  return {
    runNow: job.runNow,
    async stop() {
      unsubscribe();
      await job.stop();
    },
  };
}
