import type { GiveRequest } from "../../../contract/giving";
import type { CardDetails } from "../../providers/payments/port";

/** The gateway's view of a give request. Lives only for the gateway call: never stored or logged. */
export function cardDetails(body: GiveRequest): CardDetails {
  const p = body.payment_method_data;
  const [mm, yyyy] = p.card_exp.split("/");
  return {
    number: p.card_number,
    expMonth: Number(mm),
    expYear: Number(yyyy),
    cvv: p.card_cvv,
    firstName: body.customer_data.first_name,
    lastName: body.customer_data.last_name,
    email: body.customer_data.email,
    address: { line1: p.address_1, city: p.address_city, state: p.address_state.toUpperCase(), zip: p.address_zip },
  };
}

/** A give request as it may be hashed and kept: the card's last four digits, never its number or CVV. */
export function withoutCardSecrets(body: GiveRequest) {
  const { card_number, card_cvv: _cvv, ...card } = body.payment_method_data;
  return { ...body, payment_method_data: { ...card, card_last_four: card_number.slice(-4) } };
}

/** The gateway key of a member's request: keys are per member, so two members' keys never collide. */
export const gatewayKey = (userId: string, key: string) => `${userId}:${key}`;

/** The answer to a charge the gateway refused: 402 with its reason (the member sees it in the 'Payment Failed' toast). */
export const paymentFailed = (reason: string) => ({ status: 402, body: { error: reason, code: "PAYMENT_FAILED" } });
