/** Testimonies' limits and texts, without zod (decision 0072); contract/testimonies.ts re-exports them. */
/** Testimonies (spec sections 3, 4 and 5). Shared by the Connect page and admin moderation. */
export const TESTIMONY_MIN = 10;
export const TESTIMONY_MAX = 2000;
export const TESTIMONY_TEXT = {
  tooShort: "Testimony must be at least 10 characters",
  tooLong: `Testimony must be at most ${TESTIMONY_MAX} characters`,
} as const;
