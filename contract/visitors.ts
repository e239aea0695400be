import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./visitors-text";
import { VISITOR_HEARD_OPTIONS, VISITOR_NAME_MAX, VISITOR_PRAYER_MAX, VISITOR_TEXT, VISITORS_PAGE_MAX, VISITORS_PAGE_SIZE } from "./visitors-text";

export const ZVisitorInput = z.object({
  name: displayText().trim().min(1, VISITOR_TEXT.nameRequired).max(VISITOR_NAME_MAX, VISITOR_TEXT.nameTooLong),
  email: z.string().trim().pipe(z.email(VISITOR_TEXT.emailInvalid)),
  phone: z
    .string()
    .trim()
    .regex(/^$|^[+()\d][\d\s().-]{6,24}$/, VISITOR_TEXT.phoneInvalid)
    .nullish()
    .transform((v) => v || null),
  heardFrom: z.enum(VISITOR_HEARD_OPTIONS, { error: VISITOR_TEXT.heardRequired }),
  prayerRequest: displayText()
    .trim()
    .max(VISITOR_PRAYER_MAX, VISITOR_TEXT.prayerTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type VisitorInput = z.input<typeof ZVisitorInput>;
export type VisitorData = z.output<typeof ZVisitorInput>;

export const ZVisitor = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  heardFrom: z.string(),
  prayerRequest: z.string().nullable(),
  createdAt: z.string(),
  /** When staff marked that someone reached out, and who ("First L."); null until then. */
  followedUpAt: z.string().nullable(),
  followedUpBy: z.string().nullable(),
});
export type Visitor = z.infer<typeof ZVisitor>;

export const ZVisitorIdParams = z.object({ id: z.uuid() });

/** GET /api/visitors (staff): newest first, a keyset page at a time (`cursor`: the previous page's nextCursor). */
export const ZVisitorsQuery = z.object({
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(VISITORS_PAGE_MAX).default(VISITORS_PAGE_SIZE),
});
/** A page of cards; the first page also counts every card and those waiting for follow-up (null on later pages). */
export const ZVisitorPage = z.object({
  visitors: z.array(ZVisitor),
  nextCursor: z.string().nullable(),
  counts: z.object({ total: z.number().int(), waiting: z.number().int() }).nullable(),
});
export type VisitorPage = z.infer<typeof ZVisitorPage>;
export const ZVisitorFollowUpInput = z.object({ followedUp: z.boolean() });
