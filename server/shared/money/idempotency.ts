/**
 * Idempotency-Key handling for every request that moves money (docs/architecture.md, Data rules:
 * by database constraints; decisions 0007, 0065 and 0104). Requests reach it through charge-request.ts.
 * The (member, key) row is inserted first, on its own, with ON CONFLICT DO NOTHING: exactly
 * one request wins it and may charge. Others with the same key wait briefly for the stored
 * answer and replay it, or get 409 while the first is still in flight; the same key with a
 * different body is 409. If the winner fails unexpectedly (5xx) its row is removed so the
 * member can retry; the gateway key is the same, so the gateway still cannot charge twice.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { idempotencyKeys } from "../../db/schema/giving";
import { badRequest, conflict } from "../../http/app-error";
import { GIVING_TEXT } from "../../../contract/giving";

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9._:-]{1,255}$/;

export function readIdempotencyKey(header: string | string[] | undefined) {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !IDEMPOTENCY_KEY_RE.test(key)) throw badRequest("Idempotency-Key", GIVING_TEXT.idempotencyKeyRequired);
  return key;
}

/**
 * The hash of a request: its route and what identifies it. The caller passes no card number or
 * CVV (a gift passes withoutCardSecrets(body), card-details.ts), so not even a hash of a card is stored.
 */
export function requestHash(route: string, identity: unknown) {
  return createHash("sha256").update(`${route}\n${JSON.stringify(identity)}`).digest("hex");
}

/** Saves the answer inside the transaction that records the money, so both land or neither. */
export async function storeAnswer(tx: Tx | Db, userId: string, key: string, answer: StoredAnswer) {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface IdempotencyOptions {
  /** How long a request that got the key waits for the first one's answer before 409. */
  waitMs?: number;
  /**
   * How long an unanswered claim on the key holds (decision 0065): past it, the request that
   * held it is taken to have died with its server, and a retry with the same key and body takes
   * the key over and runs again. The gateway key is the same, so a charge the dead request made
   * is answered as that charge (Authorize.Net's duplicate window, the sandbox's deterministic
   * ids) and recorded once, never charged again.
   */
  leaseSeconds?: number;
}

export async function withIdempotency(
  db: Db,
  userId: string,
  key: string,
  hash: string,
  run: () => Promise<StoredAnswer>,
  opts: IdempotencyOptions = {},
): Promise<StoredAnswer> {
  const { waitMs = 5_000, leaseSeconds = 60 } = opts;
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  // The claim's time as PostgreSQL's own text (microseconds): a JS Date keeps only milliseconds,
  // so comparing with one would never match on PostgreSQL and a failed run would keep its key.
  const claimStamp = sql<string>`${idempotencyKeys.createdAt}::text`;
  let claim = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ claimedAt: claimStamp });
  if (claim.length === 0) {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const [row] = await db.select().from(idempotencyKeys).where(mine);
      // The winner failed and removed its row: this request may take the key now.
      if (!row) return withIdempotency(db, userId, key, hash, run, { leaseSeconds, waitMs: Math.max(0, deadline - Date.now()) });
      if (row.requestHash !== hash) throw conflict(GIVING_TEXT.idempotencyMismatch);
      if (row.responseStatus !== null) return { status: row.responseStatus, body: row.responseBody };
      // Unanswered for longer than the lease: its request died with its server. Take it over
      // (conditionally, so of several retries exactly one does).
      claim = await db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now()` })
        .where(
          and(
            mine,
            isNull(idempotencyKeys.responseStatus),
            eq(idempotencyKeys.requestHash, hash),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
          ),
        )
        .returning({ claimedAt: claimStamp });
      if (claim.length) break;
      if (Date.now() >= deadline) throw conflict(GIVING_TEXT.idempotencyInProgress);
      await sleep(50);
    }
  }
  const claimedAt = claim[0].claimedAt;
  try {
    return await run();
  } catch (err) {
    // Release only our own unanswered claim: never a stored answer, never a newer claim.
    await db
      .delete(idempotencyKeys)
      .where(and(mine, isNull(idempotencyKeys.responseStatus), sql`${idempotencyKeys.createdAt} = ${claimedAt}::timestamptz`))
      .catch(() => undefined);
    throw err;
  }
}
