import { z } from "./zod-setup";
import { FREQUENCIES } from "./giving-text";
import { STATEMENTS_TEXT } from "./giving-statements-text";
import { ZPaymentForm } from "./giving";

/** Year-end statements for every donor and the card update link of a stopped recurring gift (issue 19; decision 0121). */
export * from "./giving-statements-text";

/** POST /api/admin/giving/statements: the year whose donors get their statement (finance). */
export const ZStatementRunRequest = z.object({
  year: z.number(STATEMENTS_TEXT.badYear).int(STATEMENTS_TEXT.badYear).min(2000, STATEMENTS_TEXT.badYear).max(9999, STATEMENTS_TEXT.badYear),
});
export const ZStatementRunParams = z.object({ year: z.coerce.number(STATEMENTS_TEXT.badYear).int(STATEMENTS_TEXT.badYear).min(2000, STATEMENTS_TEXT.badYear).max(9999, STATEMENTS_TEXT.badYear) });

/**
 * A year's statement run as staff watch it (GET /api/admin/giving/statements/:year). `status`
 * none: never run. `sent`: statements queued in the outbox (the mail server's later refusals
 * of them count in `failed`); `skipped`: donors without an email address; `remaining`: donors
 * of the year not yet done (counted when asked).
 */
export const ZStatementRun = z.object({
  year: z.number().int(),
  status: z.enum(["none", "running", "done"]),
  donors: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  remaining: z.number().int(),
  requestedAt: z.string().nullable(),
  requestedBy: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type StatementRun = z.infer<typeof ZStatementRun>;

/** GET /api/giving/card-update?token=…: the stopped gift the link is for (no card number, no secret). */
export const ZCardUpdateQuery = z.object({ token: z.string().min(10).max(200) });
export const ZCardUpdateGift = z.object({
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  frequency: z.enum(FREQUENCIES),
  fundName: z.string(),
  cardBrand: z.string(),
  cardLastFour: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type CardUpdateGift = z.infer<typeof ZCardUpdateGift>;

/** POST /api/giving/card-update: the link's token and the new card (the payment form's fields). */
export const ZCardUpdateRequest = ZPaymentForm.extend({ token: z.string().min(10).max(200) });
export type CardUpdateRequestInput = z.input<typeof ZCardUpdateRequest>;

/** The answer: the gift resumed, and its next date (church calendar, YYYY-MM-DD). */
export const ZCardUpdateAnswer = z.object({ nextPaymentDate: z.string(), cardBrand: z.string(), cardLastFour: z.string() });
export type CardUpdateAnswer = z.infer<typeof ZCardUpdateAnswer>;
