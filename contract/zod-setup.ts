/**
 * Zod's default messages, set once for client and server so both speak the spec's
 * generic fallbacks (section 5): 'Required', 'Invalid input' and
 * 'String must contain at least N character(s)'. Every schema module takes `z` from here, so
 * the messages are set before any schema exists, on the server (which also imports this first,
 * server/app.ts) and in the client, where zod loads only with the first screen that validates.
 */
import { z } from "zod";
import { ZOD_TEXT } from "./zod-text";

export { ZOD_TEXT };

z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return ZOD_TEXT.required;
    if (issue.code === "too_small" && issue.origin === "string") return ZOD_TEXT.tooShort(String(issue.minimum));
    if (issue.code === "too_big" && issue.origin === "string") return ZOD_TEXT.tooLong(String(issue.maximum));
    return ZOD_TEXT.invalid;
  },
});

export { z };
