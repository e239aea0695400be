/**
 * The offline payment gateway (DESIGN.md, Providers): Luhn and expiry checks and the
 * documented test cards. Ids are deterministic: sbx_ + sha256 of the idempotency key.
 *
 *   4242 4242 4242 4242   succeeds
 *   4000 0000 0000 0002   declined            "Your card was declined."
 *   4000 0000 0000 9995   insufficient funds  "Your card has insufficient funds."
 *   any other Luhn-valid number succeeds.
 */
import { createHash } from "node:crypto";
import type { CardDetails, ChargeResult, DeclineCode, PaymentGateway, ProfileResult } from "./port";

export const SANDBOX_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

export const SANDBOX_TEXT = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  invalidCard: "Your card number is invalid.",
  expiredCard: "Your card has expired.",
} as const;

export function luhnValid(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string) {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "card";
}

const gatewayId = (prefix: string, key: string) => `sbx_${prefix}_${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;

export function createSandboxGateway(now: () => Date): PaymentGateway {
  const profiles = new Map<string, { kind: "ok" | DeclineCode }>();

  function check(card: CardDetails): { ok: false; reason: string; code: DeclineCode } | null {
    if (!luhnValid(card.number)) return { ok: false, reason: SANDBOX_TEXT.invalidCard, code: "invalid_card" };
    const at = now();
    // A card is valid through the last day of its expiry month (UTC).
    const expiresAt = Date.UTC(card.expYear, card.expMonth, 1);
    if (!(card.expMonth >= 1 && card.expMonth <= 12) || at.getTime() >= expiresAt) {
      return { ok: false, reason: SANDBOX_TEXT.expiredCard, code: "expired_card" };
    }
    return null;
  }

  function outcome(number: string): "ok" | DeclineCode {
    if (number === SANDBOX_CARDS.declined) return "declined";
    if (number === SANDBOX_CARDS.insufficientFunds) return "insufficient_funds";
    return "ok";
  }

  function decline(code: DeclineCode): { ok: false; reason: string; code: DeclineCode } {
    const reason =
      code === "insufficient_funds"
        ? SANDBOX_TEXT.insufficientFunds
        : code === "invalid_card"
          ? SANDBOX_TEXT.invalidCard
          : code === "expired_card"
            ? SANDBOX_TEXT.expiredCard
            : SANDBOX_TEXT.declined;
    return { ok: false, reason, code };
  }

  return {
    kind: "sandbox",
    async charge(card, amountCents, idempotencyKey): Promise<ChargeResult> {
      if (!Number.isInteger(amountCents) || amountCents <= 0) return decline("declined");
      const bad = check(card);
      if (bad) return bad;
      const o = outcome(card.number);
      if (o !== "ok") return decline(o);
      return { ok: true, transactionId: gatewayId("ch", idempotencyKey), lastFour: card.number.slice(-4), brand: cardBrand(card.number) };
    },
    async createCustomerProfile(card, idempotencyKey): Promise<ProfileResult> {
      const bad = check(card);
      if (bad) return bad;
      const profileId = gatewayId("cus", idempotencyKey);
      profiles.set(profileId, { kind: outcome(card.number) });
      return { ok: true, profileId, lastFour: card.number.slice(-4), brand: cardBrand(card.number) };
    },
    async chargeProfile(profileId, amountCents, idempotencyKey): Promise<ChargeResult> {
      if (!Number.isInteger(amountCents) || amountCents <= 0) return decline("declined");
      // Profiles live in this process only; an unknown one (e.g. after a restart) charges as the success card.
      const o = profiles.get(profileId)?.kind ?? "ok";
      if (o !== "ok") return decline(o);
      return { ok: true, transactionId: gatewayId("ch", idempotencyKey), lastFour: "", brand: "" };
    },
  };
}
