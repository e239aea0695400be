/**
 * Card testing (docs/decisions/0105-card-testing.md): every request that sends a new card to the
 * gateway (a one-time gift, setting up a recurring gift, saving a card) goes through guardNewCard,
 * which the money path hands the use case (Charge.newCard, runGatewayRequest's argument). Accounts
 * are free, so the per-member money limit alone lets one person test ten cards per account; these
 * limits do not reset with a new account:
 *   - per address: declined new-card attempts from one address (a church's Wi-Fi is one address
 *     for a whole congregation, so declines count, not attempts);
 *   - per card: declines of one card (a keyed fingerprint of its number, never the number)
 *     across accounts and addresses;
 *   - church-wide: when many of the last minutes' new-card attempts were declined, new cards are
 *     refused for a cool-down (saved cards, recurring charges and the wallet keep working);
 *     once per trip the church is emailed and staff get an inbox notification (newCardsPaused).
 *     Staff see the breaker on the Admin dashboard (cardBreakerState); an owner may end a pause
 *     early (resumeNewCards).
 * And the member's answer names only the helpful classes (insufficient funds, expired, held for
 * review); every other refusal reads "declined, check the details", so it is no oracle.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { isoSql } from "../../db/iso-time";
import type { FastifyBaseLogger } from "fastify";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { announce, notify, staffMembers } from "../../notifications/notify";
import { NOTIFICATION_MESSAGES } from "../../../contract/notifications-text";
import type { CardBreaker } from "../../../contract/admin";
import { AppError } from "../../http/app-error";
import { countEvent, peekRateLimit, slidingCount, windowsAt } from "../../http/rate-limit";
import { preparedSql } from "../../db/prepared";
import type { CardDetails, DeclineCode } from "../../providers/payments/port";
import { enqueueEmail } from "../email/outbox";
import { DECLINE_TEXT, GIVING_TEXT } from "../../../contract/giving-text";
import { rowsOf } from "../../db/rows";

type Outcome = { ok: true } | { ok: false; reason: string; code: DeclineCode };

/** Runs a new card's gateway attempt under the card-testing limits; returns its result, a refusal's reason folded. */
export type NewCardGuard = <R extends Outcome>(card: CardDetails, attempt: () => Promise<R>) => Promise<R>;

const BREAKER_KEY = "card-breaker:church";
const KEYS = {
  address: (ip: string) => `card-declines:address:${ip}`,
  card: (fingerprint: string) => `card-declines:card:${fingerprint}`,
  attempts: "card-attempts:church",
  declines: "card-declines:church",
};

/**
 * The keyed fingerprint of a card: its number (digits only), HMAC'd with a key derived from
 * SECRETS_KEY (SecretBox.mac). The expiry is left out on purpose: a tester who guesses the
 * expiry of one stolen number must not get a fresh allowance per guess.
 */
export const cardFingerprint = (deps: Deps, card: Pick<CardDetails, "number">) => deps.secrets.mac(card.number.replace(/\D/g, ""), "card-fingerprint");

/** What the member reads for a refused new card: the helpful classes as they are, everything else alike. */
export function memberDeclineReason(code: DeclineCode, reason: string): string {
  if (code === "insufficient_funds") return DECLINE_TEXT.insufficientFunds;
  if (code === "expired_card") return DECLINE_TEXT.expiredCard;
  // A hold may still become a charge: the member must not try again with another card.
  if (code === "held_for_review") return reason;
  return DECLINE_TEXT.checkDetails;
}

/** Seconds until new cards are taken again, or null while the breaker is closed. */
export async function breakerOpenFor(deps: Deps): Promise<number | null> {
  const [row] = rowsOf<{ not_before: string | Date }>(await deps.db.execute(sql`select not_before from rate_delays where key = ${BREAKER_KEY}`));
  if (!row) return null;
  const ms = new Date(row.not_before).getTime() - deps.now().getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : null;
}

/**
 * Opens the breaker unless it is open already: one statement, so of concurrent trips exactly one
 * wins (and alerts). Returns whether this call opened it.
 */
async function tripBreaker(deps: Deps, tx: Db | Tx): Promise<boolean> {
  const now = deps.now().toISOString();
  const rows = rowsOf<{ attempts: number }>(
    await tx.execute(sql`
      insert into rate_delays as d (key, attempts, not_before, last_at)
      values (${BREAKER_KEY}, 1, ${now}::timestamptz + ${deps.config.cardLimits.breakerCooldownSeconds}::double precision * interval '1 second', ${now}::timestamptz)
      on conflict (key) do update set attempts = d.attempts + 1, not_before = excluded.not_before, last_at = excluded.last_at
        where d.not_before <= ${now}::timestamptz
      returning d.attempts
    `),
  );
  return rows.length > 0;
}

/**
 * Opens the breaker and, only if this call opened it, alerts in the same transaction: the
 * church's address by email (the office) and every staff member's inbox and devices
 * (newCardsPaused, a staff-only kind; each trip is its own subject, so exactly one notice per
 * member per trip). A trip that commits always alerts; one that loses the race alerts no one.
 */
async function tripAndAlert(deps: Deps, log: FastifyBaseLogger, declines: number, attempts: number) {
  const { breakerWindowSeconds, breakerCooldownSeconds } = deps.config.cardLimits;
  const minutes = Math.round(breakerWindowSeconds / 60);
  const paused = Math.round(breakerCooldownSeconds / 60);
  const notified = await deps.db.transaction(async (tx) => {
    if (!(await tripBreaker(deps, tx))) return null;
    const to = deps.church.email;
    if (to) {
      const text = GIVING_TEXT.cardTestingAlert(declines, attempts, minutes, paused);
      await enqueueEmail(tx, { kind: "staff", to, subject: GIVING_TEXT.cardTestingAlertSubject, text, html: `<p>${text}</p>` }, deps.now());
    }
    return notify(tx, { kind: "newCardsPaused", subjectId: randomUUID(), ...NOTIFICATION_MESSAGES.newCardsPaused(paused), recipients: staffMembers(null), at: deps.now() });
  });
  if (notified === null) return;
  log.error({ declines, attempts, windowSeconds: breakerWindowSeconds, cooldownSeconds: breakerCooldownSeconds, staffNotified: notified }, "card-testing breaker opened: new cards refused");
  await announce(deps.bus, "newCardsPaused", notified);
}

/**
 * The breaker's row and the church-wide counts of both windows, in one statement built once
 * (db/prepared.ts): four primary-key lookups. Before, three round trips one after the other
 * (issue 23, decision 0138).
 */
const breakerRead = preparedSql<{
  paused: boolean | null;
  paused_since: string | null;
  resumes_at: string | null;
  declines_previous: number;
  declines_current: number;
  attempts_previous: number;
  attempts_current: number;
}>("card-breaker.state", () => {
  const p = (name: string) => sql.placeholder(name);
  const count = (key: string, at: string) =>
    sql`coalesce((select count from rate_limits where key = ${p(key)}::text and window_start = ${p(at)}::timestamptz), 0)::int`;
  return sql`
    select d.not_before > ${p("now")}::timestamptz as paused, ${isoSql("d.last_at")} as paused_since, ${isoSql("d.not_before")} as resumes_at,
      ${count("declines", "previousAt")} as declines_previous, ${count("declines", "currentAt")} as declines_current,
      ${count("attempts", "previousAt")} as attempts_previous, ${count("attempts", "currentAt")} as attempts_current
    from (select 1) one left join rate_delays d on d.key = ${p("breaker")}::text`;
});

/** The breaker as staff see it on the Admin dashboard: paused or not, since and until when, the window's decline rate. */
export async function cardBreakerState(deps: Deps): Promise<CardBreaker> {
  const limits = deps.config.cardLimits;
  const now = deps.now();
  const w = windowsAt(now, limits.breakerWindowSeconds);
  const [row] = await breakerRead(deps.db, {
    now: now.toISOString(),
    breaker: BREAKER_KEY,
    declines: KEYS.declines,
    attempts: KEYS.attempts,
    previousAt: w.previousAt,
    currentAt: w.currentAt,
  });
  const paused = row!.paused === true;
  // As slidingCount estimates: this window's count and the previous one's, weighted by its overlap.
  const declines = Number(row!.declines_previous) * w.weight + Number(row!.declines_current);
  const attempts = Number(row!.attempts_previous) * w.weight + Number(row!.attempts_current);
  return {
    paused,
    pausedSince: paused ? row!.paused_since : null,
    resumesAt: paused ? row!.resumes_at : null,
    windowMinutes: Math.round(limits.breakerWindowSeconds / 60),
    declines: Math.round(declines),
    attempts: Math.round(Math.max(attempts, declines)),
    thresholdDeclines: limits.breakerDeclines,
    thresholdPercent: limits.breakerDeclinePercent,
  };
}

/**
 * Ends a pause early (an owner who knows why the cards were declined: the gateway was down, a
 * bank had an outage). The church-wide counts are cleared too, or the next decline would trip it
 * again at once. The per-address and per-card limits stay. Returns whether it was paused.
 */
export async function resumeNewCards(deps: Deps): Promise<boolean> {
  const now = deps.now().toISOString();
  return deps.db.transaction(async (tx) => {
    const ended = rowsOf<{ key: string }>(
      await tx.execute(sql`update rate_delays set not_before = ${now}::timestamptz where key = ${BREAKER_KEY} and not_before > ${now}::timestamptz returning key`),
    );
    if (!ended.length) return false;
    await tx.execute(sql`delete from rate_limits where key in (${KEYS.attempts}, ${KEYS.declines})`);
    return true;
  });
}

/** The guard for one request, from one address (the money path builds it; a use case only calls it). */
export function newCardGuard(deps: Deps, ip: string, log: FastifyBaseLogger): NewCardGuard {
  const limits = deps.config.cardLimits;
  return async (card, attempt) => {
    const now = deps.now();
    const paused = await breakerOpenFor(deps);
    if (paused !== null) throw new AppError("UNAVAILABLE", GIVING_TEXT.newCardsPaused, { retryAfterSeconds: paused });
    const fingerprint = cardFingerprint(deps, card);
    const waits = [
      await peekRateLimit(deps.db, KEYS.address(ip), limits.declinesPerAddress, limits.addressWindowSeconds, now),
      await peekRateLimit(deps.db, KEYS.card(fingerprint), limits.declinesPerCard, limits.cardWindowSeconds, now),
    ].filter((w): w is number => w !== null);
    if (waits.length) throw new AppError("RATE_LIMITED", GIVING_TEXT.tooManyCardDeclines, { retryAfterSeconds: Math.max(...waits) });

    // A gateway that can't be reached throws: nothing is counted.
    const result = await attempt();
    await countEvent(deps.db, KEYS.attempts, limits.breakerWindowSeconds, now);
    if (result.ok) return result;

    log.info({ code: result.code }, "new card declined");
    await countEvent(deps.db, KEYS.address(ip), limits.addressWindowSeconds, now);
    await countEvent(deps.db, KEYS.card(fingerprint), limits.cardWindowSeconds, now);
    await countEvent(deps.db, KEYS.declines, limits.breakerWindowSeconds, now);
    const declines = (await slidingCount(deps.db, KEYS.declines, limits.breakerWindowSeconds, now)).estimate;
    const attempts = (await slidingCount(deps.db, KEYS.attempts, limits.breakerWindowSeconds, now)).estimate;
    if (declines >= limits.breakerDeclines && declines * 100 > limits.breakerDeclinePercent * attempts) {
      await tripAndAlert(deps, log, Math.round(declines), Math.round(attempts));
    }
    return { ...result, reason: memberDeclineReason(result.code, result.reason) };
  };
}
