/**
 * A local stand-in for Authorize.Net's JSON API (POST /xml/v1/request.api), for the adapter's
 * tests. It speaks the documented requests and answers of the calls the adapter makes:
 * createTransactionRequest (authCaptureTransaction with payment.creditCard and billTo, or with
 * profile {customerProfileId, paymentProfile}), createCustomerProfileRequest,
 * getCustomerProfileRequest and deleteCustomerProfileRequest (E00040 for a profile it does not
 * hold); merchantAuthentication checks (E00007); element order checked
 * against the schema (E00003), as the real gateway turns JSON into XML; the duplicate window
 * (response reason 11, with the original's transId and authCode when duplicateWindow was
 * sent); duplicate profiles (E00039 naming the existing id); and a UTF-8 byte order mark
 * before every JSON answer, as the real gateway sends.
 *
 * Voids and refunds (decision 0119): getTransactionDetailsRequest answers a charge's
 * transactionStatus (capturedPendingSettlement until the test calls settle(), then
 * settledSuccessfully; voided after a void; E00040 for an unknown id); voidTransaction cancels
 * an unsettled charge (reason 310 when it is voided already; a settled one cannot be voided,
 * reason 16 as the gateway says it cannot find an unsettled transaction to void);
 * refundTransaction needs a settled charge (reason 54 otherwise), the card's last four with
 * expirationDate XXXX (reason 6 otherwise), and never more than the charge less its refunds
 * (reason 55); a repeat inside the duplicate window answers the original refund (reason 11).
 *
 * Test cards (card number -> outcome):
 *   4000000000000002  declined, reason 2         4000000000009995  declined, reason 51 (insufficient funds)
 *   4000000000000069  error, reason 8 (expired)  4000000000000119  error, reason 57 (processing error)
 *   4000000000000259  held for review (4)        a bad Luhn digit   error, reason 6 (invalid number)
 *   any other number: approved.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { luhnValid } from "../providers/payments/cards";

const BOM = "\uFEFF";

/** The XML schema's order of the transactionRequest elements the adapter may send. */
const TRANSACTION_REQUEST_ORDER = [
  "transactionType",
  "amount",
  "currencyCode",
  "payment",
  "profile",
  "solution",
  "callId",
  "terminalNumber",
  "authCode",
  "refTransId",
  "splitTenderId",
  "order",
  "lineItems",
  "tax",
  "duty",
  "shipping",
  "taxExempt",
  "poNumber",
  "customer",
  "billTo",
  "shipTo",
  "customerIP",
  "cardholderAuthentication",
  "retail",
  "employeeId",
  "transactionSettings",
  "userFields",
];
const PROFILE_ORDER = ["merchantCustomerId", "description", "email", "paymentProfiles", "shipToList", "profileType"];
const PAYMENT_PROFILE_ORDER = ["customerType", "billTo", "payment", "driversLicense", "taxId", "defaultPaymentProfile"];
const BILL_TO_ORDER = ["firstName", "lastName", "company", "address", "city", "state", "zip", "country", "phoneNumber", "faxNumber"];

type Json = Record<string, unknown>;
type Card = { cardNumber: string; expirationDate: string; cardCode?: string };
interface Charge {
  transId: string;
  authCode: string;
  responseCode: string;
  fingerprint: string;
  at: number;
  amount: string;
  /** The card charged (approved charges), for a refund's last-four check. */
  cardNumber?: string;
  /** An approved charge's state: unsettled until settle(), voided after a void. */
  state?: "unsettled" | "settled" | "voided";
  /** Cents refunded so far (refundTransaction). */
  refundedCents?: number;
}
interface Refund {
  transId: string;
  refTransId: string;
  kind: "void" | "refund";
  amountCents: number;
  fingerprint: string;
  at: number;
}

export interface StandInOptions {
  apiLoginId: string;
  transactionKey: string;
}

export async function startAuthorizeNetStandIn(opts: StandInOptions) {
  /** Every request body as received (the tests look for the card number and CVV here). */
  const requests: { name: string; raw: string; body: Json }[] = [];
  const charges: Charge[] = [];
  const refunds: Refund[] = [];
  const profiles = new Map<string, { merchantCustomerId: string; description: string; email: string; paymentProfileId: string; card: Card }>();
  let nextId = 40_000_000_001;
  let failMode: null | "http500" | "garbage" | "hang" | "lose-answer" = null;
  /** The request name the next failure waits for (null: the next request, whatever it is). */
  let failOnly: string | null = null;
  /** Answers are held back this long after the work is done (a charge made, its answer still on the way). */
  let answerDelayMs = 0;

  const id = () => String(nextId++);
  const ok = (extra: Json = {}) => ({ ...extra, messages: { resultCode: "Ok", message: [{ code: "I00001", text: "Successful." }] } });
  const error = (code: string, text: string, extra: Json = {}) => ({ ...extra, messages: { resultCode: "Error", message: [{ code, text }] } });

  function outOfOrder(obj: unknown, order: string[]) {
    if (!obj || typeof obj !== "object") return null;
    let last = -1;
    for (const k of Object.keys(obj)) {
      const i = order.indexOf(k);
      if (i < 0 || i < last) return k;
      last = i;
    }
    return null;
  }
  const schemaError = (element: string) =>
    error("E00003", `The element '${element}' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd' has invalid child element.`);

  function cardOutcome(cardNumber: string): { responseCode: string; code: string; text: string } {
    if (!luhnValid(cardNumber)) return { responseCode: "3", code: "6", text: "The credit card number is invalid." };
    switch (cardNumber) {
      case "4000000000000002":
        return { responseCode: "2", code: "2", text: "This transaction has been declined." };
      case "4000000000009995":
        return { responseCode: "2", code: "51", text: "This transaction has been declined." };
      case "4000000000000069":
        return { responseCode: "3", code: "8", text: "The credit card has expired." };
      case "4000000000000119":
        return { responseCode: "3", code: "57", text: "An error occurred in processing. Please try again in 5 minutes." };
      case "4000000000000259":
        return { responseCode: "4", code: "252", text: "Your order has been received. Thank you for your business!" };
      default:
        return { responseCode: "1", code: "1", text: "This transaction has been approved." };
    }
  }
  const accountType = (n: string) => (/^4/.test(n) ? "Visa" : /^(5[1-5]|2[2-7])/.test(n) ? "MasterCard" : /^3[47]/.test(n) ? "AmericanExpress" : "Discover");

  const cents = (amount: string) => Math.round(Number(amount) * 100);
  function refusal(refId: unknown, code: string, text: string, extra: Json = {}): Json {
    return error("E00027", "The transaction was unsuccessful.", { refId, transactionResponse: { responseCode: "3", transId: "0", ...extra, errors: [{ errorCode: code, errorText: text }] } });
  }
  const approvedAnswer = (refId: unknown, transId: string, refTransId: string, text: string, accountNumber = "") =>
    ok({
      refId,
      transactionResponse: { responseCode: "1", authCode: "", transId, refTransID: refTransId, accountNumber, messages: [{ code: "1", description: text }] },
    });

  function voidTransaction(tr: Json, refId: unknown): Json {
    const original = charges.find((c) => c.transId === String(tr.refTransId ?? "") && c.responseCode === "1");
    if (!original) return refusal(refId, "16", "The transaction cannot be found.");
    if (original.state === "voided") return refusal(refId, "310", "This transaction has already been voided.", { transId: original.transId });
    if (original.state === "settled") return refusal(refId, "16", "The transaction cannot be found.");
    original.state = "voided";
    refunds.push({ transId: original.transId, refTransId: original.transId, kind: "void", amountCents: cents(original.amount), fingerprint: "", at: Date.now() });
    return approvedAnswer(refId, original.transId, original.transId, "This transaction has been approved.", `XXXX${original.cardNumber?.slice(-4) ?? ""}`);
  }

  function refundTransaction(tr: Json, refId: unknown): Json {
    const amount = String(tr.amount ?? "");
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return refusal(refId, "5", "A valid amount is required.");
    const card = (tr.payment as { creditCard?: Card } | undefined)?.creditCard;
    if (!card || card.expirationDate !== "XXXX") return schemaError("creditCard");
    const original = charges.find((c) => c.transId === String(tr.refTransId ?? "") && c.responseCode === "1");
    if (!original) return refusal(refId, "16", "The transaction cannot be found.");
    if (card.cardNumber !== original.cardNumber?.slice(-4)) return refusal(refId, "6", "The credit card number is invalid.");
    const invoice = (tr.order as { invoiceNumber?: string } | undefined)?.invoiceNumber ?? "";
    const fingerprint = [original.transId, amount, invoice].join("|");
    const repeat = refunds.find((r) => r.kind === "refund" && r.fingerprint === fingerprint && Date.now() - r.at < 28_800_000);
    if (repeat) return refusal(refId, "11", "A duplicate transaction has been submitted.", { transId: repeat.transId });
    if (original.state !== "settled") return refusal(refId, "54", "The referenced transaction does not meet the criteria for issuing a credit.");
    if ((original.refundedCents ?? 0) + cents(amount) > cents(original.amount)) {
      return refusal(refId, "55", "The sum of credits against the referenced transaction would exceed original debit amount.");
    }
    original.refundedCents = (original.refundedCents ?? 0) + cents(amount);
    const transId = id();
    refunds.push({ transId, refTransId: original.transId, kind: "refund", amountCents: cents(amount), fingerprint, at: Date.now() });
    return approvedAnswer(refId, transId, original.transId, "This transaction has been approved.", `XXXX${card.cardNumber}`);
  }

  function transactionDetails(req: Json): Json {
    const c = charges.find((x) => x.transId === String(req.transId ?? "") && x.transId !== "0");
    if (!c) return error("E00040", "The record cannot be found.");
    const status =
      c.responseCode !== "1" ? "declined" : c.state === "voided" ? "voided" : c.state === "settled" ? "settledSuccessfully" : "capturedPendingSettlement";
    return ok({ transaction: { transId: c.transId, transactionType: "authCaptureTransaction", transactionStatus: status, authAmount: c.amount, settleAmount: c.amount } });
  }

  function createTransaction(req: Json, refId: unknown): Json {
    const tr = req.transactionRequest as Json | undefined;
    if (!tr) return error("E00003", "The element 'createTransactionRequest' has incomplete content.");
    const bad = outOfOrder(tr, TRANSACTION_REQUEST_ORDER) ?? outOfOrder(tr.billTo, BILL_TO_ORDER);
    if (bad) return schemaError(bad);
    if (tr.transactionType === "voidTransaction") return voidTransaction(tr, refId);
    if (tr.transactionType === "refundTransaction") return refundTransaction(tr, refId);
    if (tr.transactionType !== "authCaptureTransaction") return error("E00003", "Invalid transactionType.");
    const amount = String(tr.amount ?? "");
    if (!/^\d{1,13}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) {
      return error("E00027", "The transaction was unsuccessful.", { transactionResponse: { responseCode: "3", transId: "0", errors: [{ errorCode: "5", errorText: "A valid amount is required." }] } });
    }
    let card: Card;
    const profile = tr.profile as { customerProfileId?: string; paymentProfile?: { paymentProfileId?: string } } | undefined;
    if (profile) {
      const p = profiles.get(String(profile.customerProfileId));
      if (!p || p.paymentProfileId !== profile.paymentProfile?.paymentProfileId) return error("E00040", "The record cannot be found.", { refId });
      card = p.card;
    } else {
      card = (tr.payment as { creditCard?: Card } | undefined)?.creditCard as Card;
      if (!card?.cardNumber || !/^\d{4}-\d{2}$/.test(card.expirationDate ?? "")) return schemaError("creditCard");
    }
    const settings = ((tr.transactionSettings as { setting?: { settingName: string; settingValue: string }[] } | undefined)?.setting ?? []).find(
      (s) => s.settingName === "duplicateWindow",
    );
    const window = settings ? Number(settings.settingValue) : 120;
    const invoice = (tr.order as { invoiceNumber?: string } | undefined)?.invoiceNumber ?? "";
    const billTo = JSON.stringify(tr.billTo ?? {});
    const fingerprint = [card.cardNumber, card.expirationDate, amount, invoice, billTo].join("|");
    const accountNumber = `XXXX${card.cardNumber.slice(-4)}`;
    const original = charges.find((c) => c.fingerprint === fingerprint && Date.now() - c.at < window * 1000);
    if (original) {
      const withOriginal = settings && original.responseCode === "1" ? { transId: original.transId, authCode: original.authCode } : { transId: "0", authCode: "" };
      return error("E00027", "The transaction was unsuccessful.", {
        refId,
        transactionResponse: {
          responseCode: "3",
          ...withOriginal,
          accountNumber,
          accountType: accountType(card.cardNumber),
          errors: [{ errorCode: "11", errorText: "A duplicate transaction has been submitted." }],
        },
      });
    }
    const o = cardOutcome(card.cardNumber);
    const transId = o.responseCode === "3" ? "0" : id();
    const authCode = o.responseCode === "1" ? Math.random().toString(36).slice(2, 8).toUpperCase() : "000000";
    charges.push({
      transId,
      authCode,
      responseCode: o.responseCode,
      fingerprint,
      at: Date.now(),
      amount,
      ...(o.responseCode === "1" ? { cardNumber: card.cardNumber, state: "unsettled" as const, refundedCents: 0 } : {}),
    });
    const transactionResponse: Json = {
      responseCode: o.responseCode,
      authCode,
      avsResultCode: "Y",
      cvvResultCode: "P",
      transId,
      refTransID: "",
      transHash: "",
      testRequest: "0",
      accountNumber,
      accountType: accountType(card.cardNumber),
      ...(o.responseCode === "1" ? { messages: [{ code: "1", description: o.text }] } : { errors: [{ errorCode: o.code, errorText: o.text }] }),
      transHashSha2: "",
    };
    return o.responseCode === "1" ? ok({ refId, transactionResponse }) : error("E00027", "The transaction was unsuccessful.", { refId, transactionResponse });
  }

  function createProfile(req: Json, refId: unknown): Json {
    const p = req.profile as Json | undefined;
    if (!p) return error("E00003", "The element 'createCustomerProfileRequest' has incomplete content.");
    const pp = p.paymentProfiles as Json | undefined;
    const bad = outOfOrder(p, PROFILE_ORDER) ?? outOfOrder(pp, PAYMENT_PROFILE_ORDER) ?? outOfOrder(pp?.billTo, BILL_TO_ORDER);
    if (bad) return schemaError(bad);
    if (Object.keys(req).indexOf("validationMode") < Object.keys(req).indexOf("profile")) return schemaError("validationMode");
    if (!["none", "testMode", "liveMode"].includes(String(req.validationMode ?? "none"))) return error("E00003", "Invalid validationMode.");
    const merchantCustomerId = String(p.merchantCustomerId ?? "");
    if (merchantCustomerId.length > 20) return error("E00003", "merchantCustomerId is too long.");
    const description = String(p.description ?? "");
    const email = String(p.email ?? "");
    for (const [existingId, e] of profiles) {
      if (e.merchantCustomerId === merchantCustomerId && e.description === description && e.email === email) {
        return error("E00039", `A duplicate record with ID ${existingId} already exists.`, { refId, customerPaymentProfileIdList: [], customerShippingAddressIdList: [], validationDirectResponseList: [] });
      }
    }
    const card = (pp?.payment as { creditCard?: Card } | undefined)?.creditCard;
    if (!card?.cardNumber || !/^\d{4}-\d{2}$/.test(card.expirationDate ?? "")) return schemaError("creditCard");
    if (!luhnValid(card.cardNumber)) return error("E00013", "Card Number is invalid.", { refId });
    const customerProfileId = id();
    const paymentProfileId = id();
    profiles.set(customerProfileId, { merchantCustomerId, description, email, paymentProfileId, card });
    return ok({
      refId,
      customerProfileId,
      customerPaymentProfileIdList: [paymentProfileId],
      customerShippingAddressIdList: [],
      validationDirectResponseList: req.validationMode === "testMode" ? ["1,1,1,(TESTMODE) This transaction has been approved.,000000,P,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only"] : [],
    });
  }

  function getProfile(req: Json): Json {
    const p = profiles.get(String(req.customerProfileId));
    if (!p) return error("E00040", "The record cannot be found.");
    return ok({
      profile: {
        merchantCustomerId: p.merchantCustomerId,
        description: p.description,
        email: p.email,
        customerProfileId: String(req.customerProfileId),
        paymentProfiles: [{ customerPaymentProfileId: p.paymentProfileId, payment: { creditCard: { cardNumber: `XXXX${p.card.cardNumber.slice(-4)}`, expirationDate: "XXXX" } } }],
      },
    });
  }

  function deleteProfile(req: Json): Json {
    const keys = Object.keys(req).filter((k) => k !== "merchantAuthentication" && k !== "refId");
    if (keys.join() !== "customerProfileId") return schemaError(keys.find((k) => k !== "customerProfileId") ?? "customerProfileId");
    if (!profiles.delete(String(req.customerProfileId))) return error("E00040", "The record cannot be found.");
    return ok();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/xml/v1/request.api") {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      let requestName: string | null = null;
      try {
        requestName = Object.keys(JSON.parse(raw) as Json)[0] ?? null;
      } catch {
        /* unreadable: answered below */
      }
      // A failure meant for one kind of request waits for it.
      const mode = failOnly && requestName !== failOnly ? null : failMode;
      if (mode) {
        failMode = null;
        failOnly = null;
      }
      if (mode === "hang") return; // never answers: the client's timeout must fire
      if (mode === "http500") {
        res.writeHead(500, { "content-type": "text/html" }).end("<html>Internal error</html>");
        return;
      }
      if (mode === "garbage") {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(`${BOM}<html>maintenance</html>`);
        return;
      }
      let answer: Json;
      let name = "unknown";
      try {
        const parsed = JSON.parse(raw) as Json;
        name = Object.keys(parsed)[0];
        const body = parsed[name] as Json;
        requests.push({ name, raw, body });
        const auth = body.merchantAuthentication as { name?: string; transactionKey?: string } | undefined;
        if (Object.keys(body)[0] !== "merchantAuthentication") answer = schemaError(name);
        else if (auth?.name !== opts.apiLoginId || auth?.transactionKey !== opts.transactionKey) {
          answer = error("E00007", "User authentication failed due to invalid authentication values.");
        } else if (name === "createTransactionRequest") answer = createTransaction(body, body.refId);
        else if (name === "createCustomerProfileRequest") answer = createProfile(body, body.refId);
        else if (name === "getCustomerProfileRequest") answer = getProfile(body);
        else if (name === "getTransactionDetailsRequest") answer = transactionDetails(body);
        else if (name === "deleteCustomerProfileRequest") answer = deleteProfile(body);
        else answer = error("E00003", `The element '${name}' is not supported.`);
      } catch {
        answer = error("E00002", "The content-type specified is not supported.");
      }
      if (mode === "lose-answer") {
        // The gateway did the work, but the answer never arrives intact.
        res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
        return;
      }
      const send = () => {
        if (!res.destroyed) res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(BOM + JSON.stringify(answer));
      };
      if (answerDelayMs > 0) setTimeout(send, answerDelayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}/xml/v1/request.api`,
    /** Env for an app that charges through this stand-in. */
    appEnv: {
      PAYMENTS_PROVIDER: "authorize_net",
      AUTHORIZE_NET_API_LOGIN_ID: opts.apiLoginId,
      AUTHORIZE_NET_TRANSACTION_KEY: opts.transactionKey,
      AUTHORIZE_NET_ENDPOINT: `http://127.0.0.1:${port}/xml/v1/request.api`,
    },
    requests,
    /** Approved transactions (what the member's card was actually charged). */
    approved: () => charges.filter((c) => c.responseCode === "1"),
    profiles,
    /** Voids and refunds made (a void's transId is the charge's). */
    refunds: () => refunds.slice(),
    /** Closes the batch: every approved unsettled charge (or the one named) settles, as at the gateway's daily cutoff. */
    settle(transId?: string) {
      for (const c of charges) if (c.state === "unsettled" && (!transId || c.transId === transId)) c.state = "settled";
    },
    /** Every answer from now on is sent this many ms after the work is done (0: at once). */
    delayAnswers(ms: number) {
      answerDelayMs = ms;
    },
    /** The next request (or the next one named `only`, e.g. createTransactionRequest) fails this way; then the stand-in behaves again. */
    failNext(mode: NonNullable<typeof failMode>, only?: string) {
      failMode = mode;
      failOnly = only ?? null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
