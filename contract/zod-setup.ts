/**
 * Zod's default messages, set once for client and server so both speak the spec's
 * generic fallbacks (section 5): 'Required', 'Invalid input' and
 * 'String must contain at least N character(s)'. Import this file before any schema
 * is used (server/app.ts and client/src/main.tsx do).
 */
import { z } from "zod";

/** The generic messages (English; contract/i18n holds their translations). */
export const ZOD_TEXT = {
  required: "Required",
  invalid: "Invalid input",
  tooShort: (n: number | string) => `String must contain at least ${n} character(s)`,
  tooLong: (n: number | string) => `String must contain at most ${n} character(s)`,
} as const;

z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return ZOD_TEXT.required;
    if (issue.code === "too_small" && issue.origin === "string") return ZOD_TEXT.tooShort(String(issue.minimum));
    if (issue.code === "too_big" && issue.origin === "string") return ZOD_TEXT.tooLong(String(issue.maximum));
    return ZOD_TEXT.invalid;
  },
});

export { z };
