/**
 * Card payments (docs/architecture.md, Providers). The card number and CVV go only into these calls:
 * never stored, never logged. Recurring gifts keep the gateway's customer profile id and
 * later charges use it, never a copy of the card.
 */
export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
  firstName: string;
  lastName: string;
  email: string;
  address: { line1: string; city: string; state: string; zip: string };
}

/**
 * Why a card was not charged. For a new card the member sees the reason's class, not the
 * gateway's words (shared/money/new-card-guard.ts, decision 0105); the code is for us (retries,
 * reports) and decides that class.
 *   held_for_review   the gateway's fraud filter holds the payment (Authorize.Net response code 4)
 *   processing_error  the gateway refused the request for a reason about this card or payment
 */
export type DeclineCode = "declined" | "insufficient_funds" | "invalid_card" | "expired_card" | "held_for_review" | "processing_error";

export type ChargeResult =
  | { ok: true; transactionId: string; lastFour: string; brand: string }
  | { ok: false; reason: string; code: DeclineCode };

export type ProfileResult = { ok: true; profileId: string; lastFour: string; brand: string } | { ok: false; reason: string; code: DeclineCode };

/**
 * The gateway could not be reached or did not give an answer we can trust (network failure,
 * timeout, bad credentials, an unreadable reply). Nothing is known to be charged: callers
 * record nothing and let the same request be retried with the same idempotency key (the
 * gateway's own duplicate protection makes that retry safe). The message never holds card data.
 */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GatewayUnavailableError";
  }
}

/**
 * Where a charge is in the gateway's day (decision 0119): `unsettled` until the gateway's batch
 * with it closes (it can then only be voided, whole), `settled` afterwards (refunded, in part or
 * whole), `voided` when it was voided already, `unknown` when the gateway does not know it.
 */
export type Settlement = "unsettled" | "settled" | "voided" | "unknown";

/**
 * The gateway's answer to a void or a refund: done (the gateway's id of the void or refund),
 * or refused with its reason (the charge is not in a state for it, the card account is closed...).
 */
export type RefundResult = { ok: true; transactionId: string } | { ok: false; reason: string };

export interface PaymentGateway {
  readonly kind: "sandbox" | "authorize_net";
  /** Charges a card once; the same idempotencyKey never charges twice at the gateway. */
  charge(card: CardDetails, amountCents: number, idempotencyKey: string): Promise<ChargeResult>;
  /** Stores the card at the gateway for later charges; returns the gateway's profile id. */
  createCustomerProfile(card: CardDetails, idempotencyKey: string): Promise<ProfileResult>;
  /** Charges a stored customer profile (recurring gifts). */
  chargeProfile(profileId: string, amountCents: number, idempotencyKey: string): Promise<ChargeResult>;
  /** Where a charge is (`chargedAt`: when we recorded it; the sandbox decides by it, Authorize.Net asks). */
  settlement(transactionId: string, chargedAt: Date): Promise<Settlement>;
  /** Cancels an unsettled charge, whole; the same key (or a charge already voided) answers the same void. */
  voidCharge(transactionId: string, idempotencyKey: string): Promise<RefundResult>;
  /** Credits part or all of a settled charge back to its card (`cardLastFour`: the gateway asks for it); the same key never refunds twice. */
  refundCharge(r: { transactionId: string; amountCents: number; cardLastFour: string }, idempotencyKey: string): Promise<RefundResult>;
  /**
   * Deletes a stored customer profile (the card kept at the gateway), e.g. when its member
   * deletes their account. Resolves once the gateway no longer holds it: a profile already gone,
   * or an id this gateway never made, counts as deleted, so a repeated call is harmless. Throws
   * GatewayUnavailableError when the gateway cannot be reached or refuses (retry later).
   */
  deleteCustomerProfile(profileId: string): Promise<void>;
}
