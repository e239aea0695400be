import { z } from "./zod-setup";
import { displayText } from "./display-text";
import { LOCALES } from "./i18n/locales";
import { MAX_FEE_FIXED_CENTS, MAX_FEE_PERCENT_BPS } from "./giving-fee";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, FUND_DESCRIPTION_MAX, FUND_NAME_MAX, FUNDS_TEXT, GIFT_METHODS, LEDGER_PAGE_DEFAULT, LEDGER_PAGE_MAX } from "./giving-funds-text";

/** Funds, the processing fee, the finance permission, the audit log and the gift ledger (issue 19; decision 0113). */
export * from "./giving-funds-text";
export * from "./giving-fee";

/** A fund as a giver sees it (GET /api/giving/funds): active funds, the name in the asker's language. */
export const ZFund = z.object({ id: z.string(), name: z.string(), description: z.string(), isDefault: z.boolean() });
export type Fund = z.infer<typeof ZFund>;

/** GET /api/giving/funds?locale=es: the language of the names (else the request's Accept-Language). */
export const ZFundsQuery = z.object({ locale: z.enum(LOCALES).optional() });

/** A fund as OWNER and PASTOR manage it (GET /api/admin/giving/funds, and the answer of POST and PATCH). */
export const ZFundAdmin = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), es: z.string() }),
  description: z.string(),
  isDefault: z.boolean(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type FundAdmin = z.infer<typeof ZFundAdmin>;

const nameEn = displayText().trim().min(1, FUNDS_TEXT.nameRequired).max(FUND_NAME_MAX, FUNDS_TEXT.nameTooLong);
const nameEs = displayText().trim().max(FUND_NAME_MAX, FUNDS_TEXT.nameTooLong);
const description = displayText().trim().max(FUND_DESCRIPTION_MAX, FUNDS_TEXT.descriptionTooLong);

/** POST /api/giving/funds. An empty Spanish name shows the English one. */
export const ZFundCreate = z.object({ name: z.object({ en: nameEn, es: nameEs.default("") }), description: description.default("") });
export type FundCreateInput = z.input<typeof ZFundCreate>;

/**
 * PATCH /api/giving/funds/:id: any of the fields. `isDefault: true` moves the default here (the
 * old default stops being it, in the same transaction); `isDefault: false` is refused (a church
 * always has one). `archived: true` is refused for the default.
 */
export const ZFundPatch = z.object({
  name: z.object({ en: nameEn, es: nameEs }).partial().optional(),
  description: description.optional(),
  archived: z.boolean().optional(),
  isDefault: z.boolean().optional(),
});
export type FundPatchInput = z.input<typeof ZFundPatch>;
export const ZFundParams = z.object({ id: z.uuid() });

/** GET (members, to show the choice) and PUT (OWNER, PASTOR) /api/giving/fee. */
export const ZFeeSettings = z.object({
  percentBps: z.number(FUNDS_TEXT.feePercentRange).int(FUNDS_TEXT.feePercentRange).min(0, FUNDS_TEXT.feePercentRange).max(MAX_FEE_PERCENT_BPS, FUNDS_TEXT.feePercentRange),
  fixedCents: z.number(FUNDS_TEXT.feeFixedRange).int(FUNDS_TEXT.feeFixedRange).min(0, FUNDS_TEXT.feeFixedRange).max(MAX_FEE_FIXED_CENTS, FUNDS_TEXT.feeFixedRange),
});
export type FeeSettings = z.infer<typeof ZFeeSettings>;

/** PUT /api/admin/users/:id/finance (OWNER). */
export const ZFinanceGrant = z.object({ finance: z.boolean() });

/** One audit log row (GET /api/admin/audit-log, OWNER). */
export const ZAuditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;
/** Keyset pages, newest first: `cursor` is the previous page's nextCursor. */
export const ZAuditQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
});
export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof ZAuditPage>;


/** A real calendar date (2026-02-30 is refused: the database would fail on it, a 500). */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, FUNDS_TEXT.invalidDate)
  .refine((s) => {
    const [y, m, d] = s.split("-").map(Number);
    const t = new Date(Date.UTC(y, m - 1, d));
    return y >= 1900 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, FUNDS_TEXT.invalidDate);
/** The range both the ledger and the totals read: church-zone calendar dates, `to` included; default the last 30 days. */
const ZRange = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** GET /api/admin/giving/gifts (finance): filters, and the keyset cursor of the previous page. */
export const ZLedgerQuery = ZRange.extend({
  fundId: z.uuid().optional(),
  method: z.enum(GIFT_METHODS).optional(),
  status: z.enum(["COMPLETED", "FAILED"]).optional(),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_DEFAULT),
});
export type LedgerQuery = z.input<typeof ZLedgerQuery>;

/** A fund's completed gifts in a range, net of their refunds (decision 0119): totalCents what the fund keeps, feeCents the fees kept. */
export const ZFundTotal = z.object({ fundId: z.string(), fundName: z.string(), totalCents: z.number().int(), feeCents: z.number().int(), count: z.number().int() });
export type FundTotal = z.infer<typeof ZFundTotal>;

/** GET /api/admin/giving/totals (staff): completed gifts per fund in the range, no donor. */
export const ZTotalsQuery = ZRange;
export const ZGivingTotals = z.object({ from: z.string(), to: z.string(), funds: z.array(ZFundTotal), totalCents: z.number().int(), count: z.number().int() });
export type GivingTotals = z.infer<typeof ZGivingTotals>;

export const ZLedgerGift = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The member; for a cash or check batch gift without one (decision 0120): id null, the donor's name and email as entered, or an empty name (anonymous). */
  donor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  fundId: z.string(),
  fundName: z.string(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  method: z.enum(GIFT_METHODS),
  status: z.enum(["COMPLETED", "FAILED"]),
  recurring: z.boolean(),
  gatewayTransactionId: z.string().nullable(),
  /** The cash and check batch the gift was entered in (decision 0120), else null. */
  batchId: z.string().nullable(),
  /** Refunded so far (the gift first, then the fee) and what may still be refunded (decision 0119). */
  refundedCents: z.number().int(),
  refundableCents: z.number().int(),
  /**
   * Of refundedCents, what is still pending at the gateway (a refund whose outcome is not recorded
   * yet: in flight, or held after a crash until its retry): shown apart, never as done.
   */
  pendingRefundCents: z.number().int(),
});
export type LedgerGift = z.infer<typeof ZLedgerGift>;
export const ZLedgerPage = ZGivingTotals.extend({ gifts: z.array(ZLedgerGift), nextCursor: z.string().nullable() });
export type LedgerPage = z.infer<typeof ZLedgerPage>;
