import { z } from "./zod-setup";

/** Testimonies (spec sections 3, 4 and 5). Shared by the Connect page and admin moderation. */
export const TESTIMONY_MIN = 10;
export const TESTIMONY_MAX = 2000;
export const TESTIMONY_TEXT = {
  tooShort: "Testimony must be at least 10 characters",
  tooLong: `Testimony must be at most ${TESTIMONY_MAX} characters`,
} as const;

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
  text: z.string().trim().min(TESTIMONY_MIN, TESTIMONY_TEXT.tooShort).max(TESTIMONY_MAX, TESTIMONY_TEXT.tooLong),
});
export const ZModerate = z.object({ isApproved: z.boolean() });
