/**
 * Card payments (DESIGN.md, Providers). The card number and CVV go only into these calls:
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

export type DeclineCode = "declined" | "insufficient_funds" | "invalid_card" | "expired_card";

export type ChargeResult =
  | { ok: true; transactionId: string; lastFour: string; brand: string }
  | { ok: false; reason: string; code: DeclineCode };

export type ProfileResult = { ok: true; profileId: string; lastFour: string; brand: string } | { ok: false; reason: string; code: DeclineCode };

export interface PaymentGateway {
  readonly kind: "sandbox";
  /** Charges a card once; the same idempotencyKey never charges twice at the gateway. */
  charge(card: CardDetails, amountCents: number, idempotencyKey: string): Promise<ChargeResult>;
  /** Stores the card at the gateway for later charges; returns the gateway's profile id. */
  createCustomerProfile(card: CardDetails, idempotencyKey: string): Promise<ProfileResult>;
  /** Charges a stored customer profile (recurring gifts). */
  chargeProfile(profileId: string, amountCents: number, idempotencyKey: string): Promise<ChargeResult>;
}
