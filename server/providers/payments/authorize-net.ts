/**
 * Authorize.Net through its JSON API (one endpoint, one JSON object per call, named after the
 * call: createTransactionRequest, createCustomerProfileRequest, getCustomerProfileRequest,
 * deleteCustomerProfileRequest).
 * The gateway turns JSON into its XML schema, so the order of the elements below follows the
 * schema. Its JSON answers may begin with a UTF-8 byte order mark, which is stripped.
 *
 * Idempotency at the gateway (our own Idempotency-Key rows come first; this is the second
 * line, for a retry after an answer was lost on the way back):
 *   - charges: refId and order.invoiceNumber are a 20-character digest of our key, and
 *     duplicateWindow is 8 hours (the gateway's maximum). The gateway treats the same card,
 *     amount and invoice number within the window as a duplicate (response reason 11) and,
 *     because duplicateWindow was sent, returns the original transaction's id and
 *     authorization code: we answer with the original transaction. Two gifts a member means
 *     to make (different keys) have different invoice numbers, so they are never confused.
 *   - customer profiles: merchantCustomerId is the digest of our key. The gateway refuses a
 *     second profile with the same merchantCustomerId and description (E00039, "A duplicate
 *     record with ID n already exists."): we read that profile back and use it.
 *
 * validationMode "testMode" for new profiles: the gateway checks the card's number and
 * format without an authorization on the member's card, because the first charge follows at
 * once and is the real test (liveMode would add a $0.00/$0.01 authorization to their
 * statement for nothing).
 *
 * Outcomes: transactionResponse.responseCode 1 approved; 2 declined (reason 51 is
 * insufficient funds, the rest a decline); 3 error (reasons 6, 37, 78: invalid card;
 * 7, 8: expired or bad expiry; 11: duplicate, see above; 13: our credentials, unavailable;
 * others: a processing error about this payment); 4 held for review by the fraud filter.
 * A missing customer profile (E00040, or an id that is not Authorize.Net's) is a decline, so a
 * recurring gift retries and then tells its giver. Any other answer without a
 * transactionResponse (resultCode Error: bad credentials E00007, a malformed request E00003,
 * ...), a non-2xx status, a timeout or unreadable JSON throws
 * GatewayUnavailableError: nothing is recorded and the request may be retried with the same
 * key. Error texts of the gateway are passed on only from the transaction's own errors, never
 * from E00003, whose text can quote a field's value.
 *
 * Voids and refunds (decision 0119): getTransactionDetailsRequest tells where a charge is
 * (transactionStatus capturedPendingSettlement and the other pre-settlement states: unsettled;
 * settledSuccessfully: settled; voided; E00040: unknown). An unsettled charge is cancelled whole
 * with voidTransaction (refTransId); a void of a charge already voided (reason 310) is that
 * void, so a repeat is harmless. A settled one is credited with refundTransaction: the amount,
 * the card's last four digits with expirationDate "XXXX" (as the gateway asks for refunds), the
 * refTransId, and, like charges, an invoice number from our key with the duplicate window, so a
 * repeat of the same refund (an answer lost on the way back) is answered with the original
 * refund's id (reason 11), never credited twice. The gateway refuses a refund of an unsettled
 * charge (reason 54) and one that would exceed the charge (reason 55): answered as refusals.
 * Deleting a customer profile (a member who deleted their account): resultCode Ok, or E00040
 * (the record cannot be found: already deleted), or an id that is not Authorize.Net's, all mean
 * the gateway no longer holds it; any other answer throws GatewayUnavailableError, and the
 * background call that asked is retried. Deleting the customer profile deletes its payment
 * profiles with it.
 */
import { createHash } from "node:crypto";
import {
  GatewayUnavailableError,
  type CardDetails,
  type ChargeResult,
  type DeclineCode,
  type PaymentGateway,
  type ProfileResult,
  type RefundResult,
  type Settlement,
} from "./port";
import { cardBrand } from "./cards";

export const AUTHORIZE_NET_SANDBOX_ENDPOINT = "https://apitest.authorize.net/xml/v1/request.api";
export const AUTHORIZE_NET_PRODUCTION_ENDPOINT = "https://api.authorize.net/xml/v1/request.api";
/** The longest duplicate window the gateway accepts (8 hours). */
export const DUPLICATE_WINDOW_SECONDS = 28_800;

export interface AuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  endpoint?: string;
  /** Shown on the member's card statement description and in the merchant interface. */
  description: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Messages = { resultCode?: string; message?: { code?: string; text?: string }[] };
interface TransactionResponse {
  responseCode?: string;
  authCode?: string;
  transId?: string;
  accountNumber?: string;
  accountType?: string;
  messages?: { code?: string; description?: string }[];
  errors?: { errorCode?: string; errorText?: string }[];
}
interface AnetAnswer {
  messages?: Messages;
  transaction?: { transId?: string; transactionStatus?: string };
  refId?: string;
  transactionResponse?: TransactionResponse;
  customerProfileId?: string;
  customerPaymentProfileIdList?: string[];
  profile?: { paymentProfiles?: { customerPaymentProfileId?: string; payment?: { creditCard?: { cardNumber?: string; cardType?: string } } }[] };
}

/** A 20-character reference derived from our key (refId, invoiceNumber and merchantCustomerId allow 20). */
export const anetRef = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 20);

const dollars = (cents: number) => (cents / 100).toFixed(2);
const cut = (s: string, n: number) => s.trim().slice(0, n);

const DECLINE_TEXT = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  invalidCard: "Your card number is invalid.",
  expiredCard: "Your card has expired.",
  heldForReview: "Your payment is being reviewed by the card processor. Please contact the church office before trying again.",
  processingError: "Your payment could not be processed.",
  profileMissing: "The saved card for this gift is no longer on file. Please set up your gift again.",
} as const;

function billTo(card: CardDetails) {
  return {
    firstName: cut(card.firstName, 50),
    lastName: cut(card.lastName, 50),
    address: cut(card.address.line1, 60),
    city: cut(card.address.city, 40),
    state: cut(card.address.state, 40),
    zip: cut(card.address.zip, 20),
    country: "US",
  };
}

const creditCard = (card: CardDetails) => ({
  cardNumber: card.number,
  expirationDate: `${card.expYear}-${String(card.expMonth).padStart(2, "0")}`,
  cardCode: card.cvv,
});

const brandOf = (accountType: string | undefined, fallback: string) => {
  const t = (accountType ?? "").toLowerCase().replace(/\s+/g, "");
  if (!t) return fallback;
  if (t === "americanexpress") return "amex";
  return ["visa", "mastercard", "amex", "discover"].includes(t) ? t : fallback;
};

const lastFourOf = (accountNumber: string | undefined, fallback: string) => {
  const m = /(\d{4})$/.exec(accountNumber ?? "");
  return m ? m[1] : fallback;
};

function declineFor(code: DeclineCode, gatewayText: string | undefined, fallback: string): { ok: false; reason: string; code: DeclineCode } {
  const text = gatewayText?.trim();
  return { ok: false, reason: text || fallback, code };
}

export function createAuthorizeNetGateway(opts: AuthorizeNetOptions): PaymentGateway {
  const endpoint = opts.endpoint ?? AUTHORIZE_NET_SANDBOX_ENDPOINT;
  const doFetch = opts.fetch ?? fetch;
  const auth = { name: opts.apiLoginId, transactionKey: opts.transactionKey };

  async function call(name: string, request: Record<string, unknown>): Promise<AnetAnswer> {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ [name]: { merchantAuthentication: auth, ...request } }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
      });
    } catch (err) {
      // The request body holds the card: only the error's name goes into the message.
      throw new GatewayUnavailableError(`Authorize.Net ${name} failed: ${err instanceof Error ? err.name : "network error"}`);
    }
    if (!res.ok) throw new GatewayUnavailableError(`Authorize.Net ${name} answered HTTP ${res.status}`);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    try {
      return JSON.parse(text) as AnetAnswer;
    } catch {
      throw new GatewayUnavailableError(`Authorize.Net ${name} gave an unreadable answer`);
    }
  }

  const firstMessage = (a: AnetAnswer) => a.messages?.message?.[0];
  const unavailable = (name: string, a: AnetAnswer) =>
    new GatewayUnavailableError(`Authorize.Net ${name} refused: ${firstMessage(a)?.code ?? "no result code"}`);

  /** Maps a createTransactionResponse to our result. */
  function transactionResult(a: AnetAnswer, fallbackLastFour: string, fallbackBrand: string): ChargeResult {
    const tr = a.transactionResponse;
    if (!tr?.responseCode) {
      // E00040: the customer profile is gone (deleted in the merchant interface): a decline the
      // recurring job retries and then reports to the giver, not an outage.
      if (firstMessage(a)?.code === "E00040") return declineFor("processing_error", undefined, DECLINE_TEXT.profileMissing);
      throw unavailable("createTransactionRequest", a);
    }
    const error = tr.errors?.[0];
    const reasonCode = error?.errorCode ?? tr.messages?.[0]?.code;
    const approved = (transId: string) => ({
      ok: true as const,
      transactionId: transId,
      lastFour: lastFourOf(tr.accountNumber, fallbackLastFour),
      brand: brandOf(tr.accountType, fallbackBrand),
    });
    switch (tr.responseCode) {
      case "1":
        if (!tr.transId || tr.transId === "0") throw unavailable("createTransactionRequest", a);
        return approved(tr.transId);
      case "2":
        if (reasonCode === "51") return declineFor("insufficient_funds", undefined, DECLINE_TEXT.insufficientFunds);
        return declineFor("declined", error?.errorText, DECLINE_TEXT.declined);
      case "3":
        if (reasonCode === "11") {
          // A duplicate of a request we already made with this key. With duplicateWindow set,
          // an approved original comes back with its id and authorization code.
          const original = tr.transId && tr.transId !== "0" && tr.authCode && tr.authCode !== "000000";
          if (original) return approved(tr.transId!);
          throw new GatewayUnavailableError("Authorize.Net reported a duplicate without the original transaction");
        }
        if (reasonCode === "6" || reasonCode === "37" || reasonCode === "78") return declineFor("invalid_card", undefined, DECLINE_TEXT.invalidCard);
        if (reasonCode === "7" || reasonCode === "8") return declineFor("expired_card", undefined, DECLINE_TEXT.expiredCard);
        if (reasonCode === "13") throw new GatewayUnavailableError("Authorize.Net refused our API login id (reason 13)");
        return declineFor("processing_error", error?.errorText, DECLINE_TEXT.processingError);
      case "4":
        return declineFor("held_for_review", undefined, DECLINE_TEXT.heldForReview);
      default:
        throw unavailable("createTransactionRequest", a);
    }
  }

  const transactionSettings = { setting: [{ settingName: "duplicateWindow", settingValue: String(DUPLICATE_WINDOW_SECONDS) }] };
  const order = (key: string) => ({ invoiceNumber: anetRef(key), description: cut(opts.description, 255) });

  async function readProfile(customerProfileId: string, card: CardDetails): Promise<ProfileResult> {
    const a = await call("getCustomerProfileRequest", { customerProfileId, unmaskExpirationDate: false });
    const paymentProfileId = a.profile?.paymentProfiles?.[0]?.customerPaymentProfileId;
    if (a.messages?.resultCode !== "Ok" || !paymentProfileId) throw unavailable("getCustomerProfileRequest", a);
    return { ok: true, profileId: `${customerProfileId}/${paymentProfileId}`, lastFour: card.number.slice(-4), brand: cardBrand(card.number) };
  }

  /** The states of a charge before its batch settles (getTransactionDetails' transactionStatus). */
  const UNSETTLED = new Set(["authorizedPendingCapture", "capturedPendingSettlement", "approvedReview", "underReview", "FDSPendingReview", "FDSAuthorizedPendingReview"]);

  /** Maps the answer of a void or a refund. */
  function refundResult(a: AnetAnswer, name: string, alreadyDone?: string): RefundResult {
    const tr = a.transactionResponse;
    if (!tr?.responseCode) throw unavailable(name, a);
    const error = tr.errors?.[0];
    const reasonCode = error?.errorCode;
    if (tr.responseCode === "1") {
      if (!tr.transId || tr.transId === "0") throw unavailable(name, a);
      return { ok: true, transactionId: tr.transId };
    }
    // A void of a charge already voided: that void (a repeat after a lost answer).
    if (reasonCode === "310" && alreadyDone) return { ok: true, transactionId: alreadyDone };
    // A repeat of a refund inside the duplicate window: the original refund.
    if (reasonCode === "11") {
      if (tr.transId && tr.transId !== "0") return { ok: true, transactionId: tr.transId };
      throw new GatewayUnavailableError(`Authorize.Net reported a duplicate ${name} without the original transaction`);
    }
    if (reasonCode === "13") throw new GatewayUnavailableError("Authorize.Net refused our API login id (reason 13)");
    return { ok: false, reason: error?.errorText?.trim() || DECLINE_TEXT.processingError };
  }

  return {
    kind: "authorize_net",
    async settlement(transactionId): Promise<Settlement> {
      const a = await call("getTransactionDetailsRequest", { transId: transactionId });
      if (firstMessage(a)?.code === "E00040") return "unknown";
      const status = a.transaction?.transactionStatus;
      if (a.messages?.resultCode !== "Ok" || !status) throw unavailable("getTransactionDetailsRequest", a);
      if (status === "settledSuccessfully") return "settled";
      if (status === "voided") return "voided";
      if (UNSETTLED.has(status)) return "unsettled";
      // Declined, expired, a settlement error...: nothing the card can be credited on.
      return "unknown";
    },
    async voidCharge(transactionId, idempotencyKey) {
      const a = await call("createTransactionRequest", {
        refId: anetRef(idempotencyKey),
        transactionRequest: { transactionType: "voidTransaction", refTransId: transactionId },
      });
      return refundResult(a, "voidTransaction", transactionId);
    },
    async refundCharge(r, idempotencyKey) {
      const a = await call("createTransactionRequest", {
        refId: anetRef(idempotencyKey),
        transactionRequest: {
          transactionType: "refundTransaction",
          amount: dollars(r.amountCents),
          payment: { creditCard: { cardNumber: r.cardLastFour, expirationDate: "XXXX" } },
          refTransId: r.transactionId,
          order: order(idempotencyKey),
          transactionSettings,
        },
      });
      return refundResult(a, "refundTransaction");
    },

    async charge(card, amountCents, idempotencyKey) {
      const a = await call("createTransactionRequest", {
        refId: anetRef(idempotencyKey),
        transactionRequest: {
          transactionType: "authCaptureTransaction",
          amount: dollars(amountCents),
          payment: { creditCard: creditCard(card) },
          order: order(idempotencyKey),
          customer: { email: cut(card.email, 255) },
          billTo: billTo(card),
          transactionSettings,
        },
      });
      return transactionResult(a, card.number.slice(-4), cardBrand(card.number));
    },

    async createCustomerProfile(card, idempotencyKey) {
      const merchantCustomerId = anetRef(idempotencyKey);
      const a = await call("createCustomerProfileRequest", {
        refId: merchantCustomerId,
        profile: {
          merchantCustomerId,
          description: cut(`${opts.description}: ${card.firstName} ${card.lastName}`, 255),
          email: cut(card.email, 255),
          paymentProfiles: { customerType: "individual", billTo: billTo(card), payment: { creditCard: creditCard(card) } },
        },
        validationMode: "testMode",
      });
      if (a.messages?.resultCode === "Ok") {
        const paymentProfileId = a.customerPaymentProfileIdList?.[0];
        if (!a.customerProfileId || !paymentProfileId) throw unavailable("createCustomerProfileRequest", a);
        return { ok: true, profileId: `${a.customerProfileId}/${paymentProfileId}`, lastFour: card.number.slice(-4), brand: cardBrand(card.number) };
      }
      const m = firstMessage(a);
      if (m?.code === "E00039") {
        const existing = /ID (\d+)/.exec(m.text ?? "")?.[1];
        if (existing) return readProfile(existing, card);
      }
      // The card's number, expiry or code did not pass the gateway's checks.
      if (m?.code === "E00013" || m?.code === "E00014" || m?.code === "E00015" || m?.code === "E00027") {
        return declineFor("invalid_card", undefined, DECLINE_TEXT.invalidCard);
      }
      throw unavailable("createCustomerProfileRequest", a);
    },

    async chargeProfile(profileId, amountCents, idempotencyKey) {
      const [customerProfileId, paymentProfileId] = profileId.split("/");
      // A profile from another gateway (the sandbox, before PAYMENTS_PROVIDER changed) can't be charged here.
      if (!/^\d+$/.test(customerProfileId ?? "") || !/^\d+$/.test(paymentProfileId ?? "")) {
        return declineFor("processing_error", undefined, DECLINE_TEXT.profileMissing);
      }
      const a = await call("createTransactionRequest", {
        refId: anetRef(idempotencyKey),
        transactionRequest: {
          transactionType: "authCaptureTransaction",
          amount: dollars(amountCents),
          profile: { customerProfileId, paymentProfile: { paymentProfileId } },
          order: order(idempotencyKey),
          transactionSettings,
        },
      });
      return transactionResult(a, "", "card");
    },

    async deleteCustomerProfile(profileId) {
      const [customerProfileId] = profileId.split("/");
      // A profile from another gateway (the sandbox's ids): this gateway never held it.
      if (!/^\d+$/.test(customerProfileId ?? "")) return;
      const a = await call("deleteCustomerProfileRequest", { customerProfileId });
      if (a.messages?.resultCode === "Ok" || firstMessage(a)?.code === "E00040") return;
      throw unavailable("deleteCustomerProfileRequest", a);
    },
  };
}
