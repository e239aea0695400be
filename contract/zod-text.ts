/**
 * Zod's generic fallback messages (spec section 5), in a module of their own without zod, so the
 * client's first screen can carry its texts without loading the validation library
 * (contract/zod-setup.ts applies them; contract/i18n holds their translations).
 */
export const ZOD_TEXT = {
  required: "Required",
  invalid: "Invalid input",
  tooShort: (n: number | string) => `String must contain at least ${n} character(s)`,
  tooLong: (n: number | string) => `String must contain at most ${n} character(s)`,
} as const;
