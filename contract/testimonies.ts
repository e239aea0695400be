import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./testimonies-text";
import { TESTIMONY_MAX, TESTIMONY_MIN, TESTIMONY_TEXT } from "./testimonies-text";

export const ZTestimony = z.object({
  id: z.string(),
  text: z.string(),
  isApproved: z.boolean(),
  amenCount: z.number().int(),
  createdAt: z.string(),
  /** Display name of the author ("First L."), or null. */
  authorName: z.string().nullable(),
  /** Whether the asking member has said amen to it. */
  hasAmened: z.boolean(),
});
export type Testimony = z.infer<typeof ZTestimony>;

export const ZShareTestimony = z.object({
  text: displayText().trim().min(TESTIMONY_MIN, TESTIMONY_TEXT.tooShort).max(TESTIMONY_MAX, TESTIMONY_TEXT.tooLong),
});
export const ZModerate = z.object({ isApproved: z.boolean() });
