/**
 * The one path of a request that moves money (docs/decisions/0104-one-money-path.md): a gift
 * (one-time or recurring), Add Funds, giving the wallet balance, and what comes next (refunds,
 * fee-covered gifts). A route hands its use case to runChargeRequest, which
 *   1. reads the Idempotency-Key header (400 without a valid one),
 *   2. counts the request against the member's money rate limit (429 past it),
 *   3. runs the use case under the key's lease (idempotency.ts): one run per key, the stored
 *      answer replayed, the key released if the run fails,
 *   4. turns a gateway failure into its answer: an unreachable gateway is 503 with the
 *      translated message, and the member may retry with the same key (the gateway key is
 *      the same, so the gateway's duplicate protection covers a charge whose answer was lost).
 * The route sends the answer as it is (201, or 402 for a decline: stored, and replayed alike).
 * A use case only charges and records: it returns its StoredAnswer from settleCharge (the
 * money, the stored answer and the queued receipt in one transaction). Saving a card calls the
 * gateway without a key: runGatewayRequest gives it steps 2 and 4.
 */
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/client";
import { currentUser } from "../../http/auth";
import { AppError } from "../../http/app-error";
import { hitRateLimit } from "../../http/rate-limit";
import { GatewayUnavailableError } from "../../providers/payments/port";
import { GIVING_TEXT } from "../../../contract/giving";
import { localeFromAcceptLanguage, type Locale } from "../../../contract/i18n/locales";
import { readIdempotencyKey, requestHash, storeAnswer, withIdempotency, type StoredAnswer } from "./idempotency";
import { queueGiftReceiptWithin } from "./send-gift-receipt";
import { newCardGuard, type NewCardGuard } from "./new-card-guard";

/**
 * Each kind of money request has its own rate-limit counter, all with the numbers of
 * GIVING_RATE_LIMIT_PER_USER / _WINDOW_SECONDS. One-time and recurring gifts count together.
 */
/** giving-refund: a finance holder's refunds (decision 0119), counted per staff member. */
export type MoneyLimit = "giving" | "wallet-deposit" | "wallet-give" | "wallet-card" | "wallet-bank" | "giving-refund";

/**
 * The routes whose requests carry an Idempotency-Key. The name is part of the stored request
 * hash, so the same key sent to another route is a mismatch (409), never a replay.
 */
const ROUTES = {
  "one-time": "giving",
  recurring: "giving",
  "wallet-deposit": "wallet-deposit",
  "wallet-give": "wallet-give",
  refund: "giving-refund",
} as const satisfies Record<string, MoneyLimit>;
export type MoneyRoute = keyof typeof ROUTES;

/** What a use case gets from the path: the member, their key, and where a failed receipt is reported. */
export interface Charge {
  deps: Deps;
  userId: string;
  key: string;
  onReceiptError: (err: unknown) => void;
  /** The asker's language (Accept-Language), for the names in the answer (a fund's). */
  locale: Locale;
  /** Wraps the gateway call of a new card (not a saved one): the card-testing limits and the folded decline reason (new-card-guard.ts). */
  newCard: NewCardGuard;
}

export async function hitMoneyRateLimit(deps: Deps, limit: MoneyLimit, userId: string) {
  const { perUser, windowSeconds } = deps.config.givingRateLimit;
  await hitRateLimit(deps.db, `${limit}:user:${userId}`, perUser, windowSeconds, deps.now());
}

/**
 * A gateway failure as the member's answer (the failure kinds of providers/payments/port.ts):
 * an unreachable gateway (nothing known to be charged, nothing recorded) is 503. A decline is
 * no failure: it is a result the use case records and answers 402 (paymentFailed).
 */
export function gatewayFailureAnswer(err: unknown, log: FastifyBaseLogger): unknown {
  if (err instanceof GatewayUnavailableError) {
    log.error({ err }, "card gateway unavailable");
    return new AppError("UNAVAILABLE", GIVING_TEXT.gatewayUnavailable);
  }
  return err;
}

/**
 * Runs a money request (steps 1 to 4 above). `identity` is what makes two requests the same
 * request (the body, never a card number or CVV: see withoutCardSecrets).
 */
export async function runChargeRequest(
  deps: Deps,
  req: FastifyRequest,
  route: MoneyRoute,
  identity: unknown,
  run: (charge: Charge) => Promise<StoredAnswer>,
): Promise<StoredAnswer> {
  const userId = currentUser(req).id;
  const key = readIdempotencyKey(req.headers["idempotency-key"]);
  await hitMoneyRateLimit(deps, ROUTES[route], userId);
  const onReceiptError = (err: unknown) => req.log.error({ err }, "gift receipt email failed");
  try {
    const newCard = newCardGuard(deps, req.ip, req.log);
    const locale = localeFromAcceptLanguage(req.headers["accept-language"]);
    return await withIdempotency(deps.db, userId, key, requestHash(route, identity), () => run({ deps, userId, key, onReceiptError, newCard, locale }), {
      leaseSeconds: deps.config.idempotencyLeaseSeconds,
    });
  } catch (err) {
    throw gatewayFailureAnswer(err, req.log);
  }
}

/**
 * A gateway call with no Idempotency-Key (saving a card: nothing is charged): the rate limit,
 * the gateway's answers, and the new-card guard for the use case to wrap its call in.
 */
export async function runGatewayRequest<T>(deps: Deps, req: FastifyRequest, limit: MoneyLimit, run: (newCard: NewCardGuard) => Promise<T>): Promise<T> {
  await hitMoneyRateLimit(deps, limit, currentUser(req).id);
  try {
    return await run(newCardGuard(deps, req.ip, req.log));
  } catch (err) {
    throw gatewayFailureAnswer(err, req.log);
  }
}

/**
 * Records a charge's outcome: `write` changes the money inside one transaction, which also
 * stores the answer for the key and queues a completed gift's receipt in the outbox, so the
 * money, its answer and its receipt land together or not at all (decision 0101). Queuing the
 * receipt runs under a savepoint: if it fails, onReceiptError hears of it and the gift still
 * commits (the receipts sweep queues it later).
 */
export async function settleCharge(
  charge: Charge,
  write: (tx: Tx) => Promise<{ answer: StoredAnswer; receiptFor?: string | null }>,
): Promise<StoredAnswer> {
  const { deps, userId, key } = charge;
  return deps.db.transaction(async (tx) => {
    const out = await write(tx);
    if (out.receiptFor) await queueGiftReceiptWithin(deps, tx, out.receiptFor, charge.onReceiptError);
    await storeAnswer(tx, userId, key, out.answer);
    return out.answer;
  });
}
