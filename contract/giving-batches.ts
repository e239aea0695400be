import { z } from "./zod-setup";
import { displayText } from "./display-text";
import { MAX_AMOUNT_CENTS } from "./giving-text";
import {
  BANK_REFERENCE_MAX,
  BATCH_DONOR_NAME_MAX,
  BATCH_LINES_MAX,
  BATCH_LINES_PER_REQUEST,
  BATCH_METHODS,
  BATCH_NOTE_MAX,
  BATCH_PAGE_DEFAULT,
  BATCH_PAGE_MAX,
  BATCH_STATUSES,
  BATCHES_TEXT,
  CHECK_NUMBER_MAX,
} from "./giving-batches-text";

/**
 * Cash and check batches (issue 19; decision 0120): what the treasurer enters from a
 * collection or from the church's bank statement. Each line is a gift (method cash, check, or
 * bank: a transfer to the church's account, decision 0135) of a member, of nobody known
 * (anonymous) or of a donor without an account (a name, an optional email for their statement).
 */
export * from "./giving-batches-text";

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, BATCHES_TEXT.donorEmailInvalid)
  .refine((s) => s === "" || z.email().safeParse(s).success, BATCHES_TEXT.donorEmailInvalid);

export const ZBatchDonorInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), userId: z.uuid({ error: BATCHES_TEXT.memberRequired }) }),
  z.object({ kind: z.literal("anonymous") }),
  z.object({
    kind: z.literal("guest"),
    name: displayText().trim().min(1, BATCHES_TEXT.donorNameRequired).max(BATCH_DONOR_NAME_MAX, BATCHES_TEXT.donorNameTooLong),
    email: email.optional(),
  }),
]);
export type BatchDonorInput = z.input<typeof ZBatchDonorInput>;

const lineFields = {
  /** Absent: the church's default fund. An archived or unknown fund is a 400. */
  fundId: z.uuid().optional(),
  donor: ZBatchDonorInput,
  amountCents: z
    .number({ error: BATCHES_TEXT.amountRequired })
    .int(BATCHES_TEXT.amountRequired)
    .min(1, BATCHES_TEXT.amountRequired)
    .max(MAX_AMOUNT_CENTS, BATCHES_TEXT.amountTooLarge),
  method: z.enum(BATCH_METHODS),
  /** Required for a check (CHECK_NUMBER_MAX letters, digits or dashes); ignored (stored as none) otherwise. */
  checkNumber: z.string().trim().max(100, BATCHES_TEXT.checkNumberInvalid).nullish(),
  /** A bank transfer's reference, optional (BANK_REFERENCE_MAX letters, digits, spaces, - . /); ignored otherwise. */
  reference: z.string().trim().max(100, BATCHES_TEXT.referenceInvalid).nullish(),
};

/**
 * A check needs its number, in the form checks print; a bank transfer may have its reference;
 * cash has neither (whatever was typed for another method is dropped).
 */
function checkLine(l: { method?: string; checkNumber?: string | null; reference?: string | null }, ctx: z.core.$RefinementCtx) {
  if (l.method === "bank" && l.reference && (l.reference.length > BANK_REFERENCE_MAX || !/^[A-Za-z0-9 ./-]+$/.test(l.reference))) {
    ctx.addIssue({ code: "custom", path: ["reference"], message: BATCHES_TEXT.referenceInvalid });
  }
  if (l.method !== "check") return;
  if (!l.checkNumber) ctx.addIssue({ code: "custom", path: ["checkNumber"], message: BATCHES_TEXT.checkNumberRequired });
  else if (l.checkNumber.length > CHECK_NUMBER_MAX || !/^[A-Za-z0-9-]+$/.test(l.checkNumber)) {
    ctx.addIssue({ code: "custom", path: ["checkNumber"], message: BATCHES_TEXT.checkNumberInvalid });
  }
}
const tidyLine = <T extends { method: string; checkNumber?: string | null; reference?: string | null }>(l: T) => ({
  ...l,
  checkNumber: l.method === "check" ? (l.checkNumber ?? null) : null,
  reference: l.method === "bank" && l.reference ? l.reference : null,
});

export const ZBatchLineInput = z.object(lineFields).superRefine(checkLine).transform(tidyLine);
export type BatchLineInput = z.input<typeof ZBatchLineInput>;
export type BatchLineData = z.output<typeof ZBatchLineInput>;
/** A line to change: its id (the gift's) and the whole line as it should be. */
export const ZBatchLineChange = z
  .object({ id: z.uuid(), ...lineFields })
  .superRefine(checkLine)
  .transform(tidyLine);
export type BatchLineChange = z.input<typeof ZBatchLineChange>;

const date = z.iso.date({ error: BATCHES_TEXT.dateRequired });
const note = displayText().trim().max(BATCH_NOTE_MAX, BATCHES_TEXT.noteTooLong);

/** POST /api/admin/giving/batches (finance; Idempotency-Key required): a batch and its first lines. */
export const ZBatchCreate = z.object({
  date,
  note: note.default(""),
  lines: z.array(ZBatchLineInput).min(1, BATCHES_TEXT.linesRequired).max(BATCH_LINES_PER_REQUEST, BATCHES_TEXT.tooManyLines),
});
export type BatchCreateInput = z.input<typeof ZBatchCreate>;

/**
 * PATCH /api/admin/giving/batches/:id (finance; Idempotency-Key required), while the batch is
 * open: its date and note, lines to add, lines to change (each sent whole) and lines to remove,
 * all in one transaction. A closed batch answers 409.
 */
export const ZBatchPatch = z
  .object({
    date: date.optional(),
    note: note.optional(),
    add: z.array(ZBatchLineInput).max(BATCH_LINES_PER_REQUEST, BATCHES_TEXT.tooManyLines).optional(),
    change: z.array(ZBatchLineChange).max(BATCH_LINES_PER_REQUEST, BATCHES_TEXT.tooManyLines).optional(),
    remove: z.array(z.uuid()).max(BATCH_LINES_MAX, BATCHES_TEXT.tooManyLines).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.date === undefined && p.note === undefined && !p.add?.length && !p.change?.length && !p.remove?.length) {
      ctx.addIssue({ code: "custom", path: [], message: BATCHES_TEXT.nothingToChange });
    }
    const removed = new Set(p.remove ?? []);
    p.change?.forEach((c, i) => {
      if (removed.has(c.id)) ctx.addIssue({ code: "custom", path: ["change", i, "id"], message: BATCHES_TEXT.lineTwice });
    });
  });
export type BatchPatchInput = z.input<typeof ZBatchPatch>;

export const ZBatchParams = z.object({ id: z.uuid() });
export const ZBatchListQuery = z.object({
  status: z.enum(BATCH_STATUSES).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BATCH_PAGE_MAX).default(BATCH_PAGE_DEFAULT),
});
export type BatchListQuery = z.input<typeof ZBatchListQuery>;

const person = z.object({ id: z.string().nullable(), name: z.string() });

/** A batch in the list: its totals (integer cents), no donor. */
export const ZBatchSummary = z.object({
  id: z.string(),
  date: z.string(),
  note: z.string(),
  status: z.enum(BATCH_STATUSES),
  createdAt: z.string(),
  createdBy: person,
  closedAt: z.string().nullable(),
  closedBy: person.nullable(),
  count: z.number().int(),
  totalCents: z.number().int(),
  cashCents: z.number().int(),
  checkCents: z.number().int(),
  /** Bank transfers (decision 0135). */
  bankCents: z.number().int(),
});
export type BatchSummary = z.infer<typeof ZBatchSummary>;
export const ZBatchList = z.object({ batches: z.array(ZBatchSummary), nextCursor: z.string().nullable() });
export type BatchList = z.infer<typeof ZBatchList>;

export const ZBatchDonor = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("member"), userId: z.string(), name: z.string(), email: z.string() }),
  z.object({ kind: z.literal("anonymous") }),
  z.object({ kind: z.literal("guest"), name: z.string(), email: z.string().nullable() }),
]);
export type BatchDonor = z.infer<typeof ZBatchDonor>;

/** A line as the treasurer sees it: `id` is its gift's id. */
export const ZBatchLine = z.object({
  id: z.string(),
  position: z.number().int(),
  fundId: z.string(),
  fundName: z.string(),
  donor: ZBatchDonor,
  amountCents: z.number().int(),
  method: z.enum(BATCH_METHODS),
  checkNumber: z.string().nullable(),
  /** A bank transfer's reference (null: none given, or not a transfer). */
  reference: z.string().nullable(),
});
export type BatchLine = z.infer<typeof ZBatchLine>;

/** GET /api/admin/giving/batches/:id (and the answer of every change): the batch, its lines and its totals per fund. */
export const ZBatch = ZBatchSummary.extend({
  lines: z.array(ZBatchLine),
  funds: z.array(z.object({ fundId: z.string(), fundName: z.string(), totalCents: z.number().int(), count: z.number().int() })),
});
export type Batch = z.infer<typeof ZBatch>;

/** GET /api/admin/giving/donor-search?q= (finance): members for the donor picker. */
export const ZDonorSearchQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const ZDonorMatch = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type DonorMatch = z.infer<typeof ZDonorMatch>;
