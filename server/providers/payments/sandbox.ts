/**
 * The offline payment gateway (docs/architecture.md, Providers): Luhn and expiry checks and the
 * documented test cards. Ids are deterministic: sbx_ + sha256 of the idempotency key.
 *
 *   4242 4242 4242 4242   succeeds
 *   4000 0000 0000 0002   declined            "Your card was declined."
 *   4000 0000 0000 9995   insufficient funds  "Your card has insufficient funds."
 *   any other Luhn-valid number succeeds.
 *
 * Customer profiles keep no state: the profile id carries the card's test outcome
 * (sbx_cus_<ok|declined|nsf>_<hash>), so a restarted server (or another instance) charges a
 * stored profile exactly as the one that created it would. Ids from before this scheme
 * (sbx_cus_<hash>) charge as the success card. Deleting a profile has nothing to delete: the
 * sandbox keeps no profiles (the Authorize.Net adapter's delete is tested against its stand-in).
 *
 * Settlement (decision 0119): a sandbox charge settles SANDBOX_SETTLEMENT_HOURS (24) after it
 * was made, by the clock the sandbox was given: younger, it can only be voided (whole); older,
 * it is refunded (in part or whole). Void and refund ids are derived from the key like charges
 * (sbx_vd_..., sbx_rf_...), so a repeat with the same key answers the same void or refund.
 * The sandbox keeps no state: how much of a charge is left to refund is the caller's ledger.
 */
import { createHash } from "node:crypto";
import type { CardDetails, ChargeResult, DeclineCode, PaymentGateway, ProfileResult, RefundResult, Settlement } from "./port";
import { cardBrand, luhnValid } from "./cards";
import { DECLINE_TEXT } from "../../../contract/giving-text";

export { cardBrand, luhnValid } from "./cards";

export const SANDBOX_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

/** The sandbox's reasons are the common ones, written once in contract/giving-text.ts so members see them in their language. */
export const SANDBOX_TEXT = DECLINE_TEXT;

/** A sandbox charge is unsettled (void only) for this many hours after it was made, then settled (refund). */
export const SANDBOX_SETTLEMENT_HOURS = 24;

type Outcome = "ok" | "declined" | "insufficient_funds";
/** The outcome's tag inside a profile id. */
const PROFILE_TAG: Record<Outcome, string> = { ok: "ok", declined: "declined", insufficient_funds: "nsf" };

const digest = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 24);
const gatewayId = (prefix: string, key: string) => `sbx_${prefix}_${digest(key)}`;

/** The test outcome a sandbox profile id carries. */
export function sandboxProfileOutcome(profileId: string): Outcome {
  const tag = /^sbx_cus_([a-z]+)_[0-9a-f]{24}$/.exec(profileId)?.[1];
  if (tag === PROFILE_TAG.declined) return "declined";
  if (tag === PROFILE_TAG.insufficient_funds) return "insufficient_funds";
  return "ok";
}

export function createSandboxGateway(now: () => Date): PaymentGateway {
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

  function outcome(number: string): Outcome {
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
      const profileId = `sbx_cus_${PROFILE_TAG[outcome(card.number)]}_${digest(idempotencyKey)}`;
      return { ok: true, profileId, lastFour: card.number.slice(-4), brand: cardBrand(card.number) };
    },
    async chargeProfile(profileId, amountCents, idempotencyKey): Promise<ChargeResult> {
      if (!Number.isInteger(amountCents) || amountCents <= 0) return decline("declined");
      const o = sandboxProfileOutcome(profileId);
      if (o !== "ok") return decline(o);
      return { ok: true, transactionId: gatewayId("ch", idempotencyKey), lastFour: "", brand: "" };
    },
    async settlement(transactionId, chargedAt): Promise<Settlement> {
      if (!transactionId.startsWith("sbx_")) return "unknown";
      return now().getTime() - chargedAt.getTime() < SANDBOX_SETTLEMENT_HOURS * 3_600_000 ? "unsettled" : "settled";
    },
    async voidCharge(transactionId, idempotencyKey): Promise<RefundResult> {
      if (!transactionId.startsWith("sbx_")) return { ok: false, reason: SANDBOX_TEXT.declined };
      return { ok: true, transactionId: gatewayId("vd", idempotencyKey) };
    },
    async refundCharge(r, idempotencyKey): Promise<RefundResult> {
      if (!r.transactionId.startsWith("sbx_") || !Number.isInteger(r.amountCents) || r.amountCents <= 0) return { ok: false, reason: SANDBOX_TEXT.declined };
      return { ok: true, transactionId: gatewayId("rf", idempotencyKey) };
    },
    async deleteCustomerProfile(): Promise<void> {
      // Stateless: no profile is stored anywhere, so there is nothing left to delete.
    },
  };
}
