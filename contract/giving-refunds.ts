import { z } from "./zod-setup";
import { stripInvisible } from "./display-text";
import { MAX_AMOUNT_CENTS } from "./giving-text";
import { REFUND_METHODS, REFUND_REASON_MAX, REFUNDS_TEXT } from "./giving-refunds-text";

/** Refunds and voids of gifts (issue 19; decision 0119). */
export * from "./giving-refunds-text";

export const ZRefundParams = z.object({ id: z.uuid(REFUNDS_TEXT.giftNotFound) });

/**
 * POST /api/admin/giving/gifts/:id/refund (finance), with an Idempotency-Key header.
 * `amountCents` absent: everything still refundable (the gift and the fee it covered, less
 * earlier refunds). `reason` is required and emailed to the donor.
 */
export const ZRefundRequest = z.object({
  amountCents: z.number(REFUNDS_TEXT.amountInvalid).int(REFUNDS_TEXT.amountInvalid).min(1, REFUNDS_TEXT.amountInvalid).max(MAX_AMOUNT_CENTS, REFUNDS_TEXT.amountInvalid).optional(),
  reason: z.string(REFUNDS_TEXT.reasonRequired).overwrite(stripInvisible).trim().min(1, REFUNDS_TEXT.reasonRequired).max(REFUND_REASON_MAX, REFUNDS_TEXT.reasonTooLong),
});
export type RefundRequest = z.input<typeof ZRefundRequest>;

export const ZGiftRefund = z.object({
  id: z.string(),
  giftId: z.string(),
  amountCents: z.number().int(),
  method: z.enum(REFUND_METHODS),
  reason: z.string(),
  createdAt: z.string(),
});
export type GiftRefund = z.infer<typeof ZGiftRefund>;

/** The answer of a refund: the refund and the gift's refunded and still refundable cents. */
export const ZRefundResponse = z.object({
  refund: ZGiftRefund,
  gift: z.object({ id: z.string(), refundedCents: z.number().int(), refundableCents: z.number().int() }),
});
export type RefundResponse = z.infer<typeof ZRefundResponse>;
