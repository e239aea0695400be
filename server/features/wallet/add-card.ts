/**
 * Add Card (docs/decisions/0021-saved-cards-at-the-gateway.md): the number, expiry and CVV go to
 * the payment gateway, which stores the card as a customer profile; we keep only the profile
 * id, brand, last four and expiry (20YY). The number and CVV live only in this call: never
 * stored, never logged (LOG_REDACT covers cardNumber and cvv). A card the gateway refuses
 * (bad number, expired) is a 402 with the member's reason (folded by the card-testing guard,
 * shared/money/new-card-guard.ts), and nothing is saved.
 */
import { randomUUID } from "node:crypto";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { AppError } from "../../http/app-error";
import type { CardDetails } from "../../providers/payments/port";
import { cardBrand } from "../../providers/payments/sandbox";
import type { PaymentMethod } from "../../../contract/wallet";
import { insertPaymentMethod } from "./save-payment-method";
import type { NewCardGuard } from "../../shared/money/new-card-guard";

export interface NewCard {
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  cvv: string;
  isDefault?: boolean;
}

export async function addCard(deps: Deps, user: AuthUser, body: NewCard, newCard: NewCardGuard): Promise<PaymentMethod> {
  const card: CardDetails = {
    number: body.cardNumber,
    expMonth: body.expiryMonth,
    expYear: body.expiryYear,
    cvv: body.cvv,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    // The Add Card dialog asks for no billing address (spec section 2).
    address: { line1: "", city: "", state: "", zip: "" },
  };
  const profile = await newCard(card, () => deps.payments.createCustomerProfile(card, `wallet-card:${user.id}:${randomUUID()}`));
  if (!profile.ok) throw new AppError("PAYMENT_FAILED", profile.reason);
  return deps.db.transaction((tx) =>
    insertPaymentMethod(
      tx,
      {
        userId: user.id,
        type: "credit_card",
        provider: deps.payments.kind,
        lastFour: profile.lastFour || body.cardNumber.slice(-4),
        cardBrand: profile.brand || cardBrand(body.cardNumber),
        expiryMonth: body.expiryMonth,
        expiryYear: body.expiryYear,
        gatewayProfileId: profile.profileId,
        createdAt: deps.now(),
      },
      body.isDefault === true,
    ),
  );
}
