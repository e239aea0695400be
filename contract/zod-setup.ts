/**
 * Zod's default messages, set once for client and server so both speak the spec's
 * generic fallbacks (section 5): 'Required', 'Invalid input' and
 * 'String must contain at least N character(s)'. Import this file before any schema
 * is used (server/app.ts and client/src/main.tsx do).
 */
import { z } from "zod";

z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
    if (issue.code === "too_small" && issue.origin === "string") {
      return `String must contain at least ${String(issue.minimum)} character(s)`;
    }
    if (issue.code === "too_big" && issue.origin === "string") {
      return `String must contain at most ${String(issue.maximum)} character(s)`;
    }
    return "Invalid input";
  },
});

export { z };
