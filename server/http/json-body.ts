/**
 * Request bodies: how large each route takes, and how JSON is read.
 *
 * An attacker's test found that a 1 MB body of nested `[` cost 250 ms of the only event loop
 * (JSON.parse, then the NUL walk over a million nested arrays), so a few such requests a second
 * without an account stalled every member. So:
 * - Every route takes a body near its real need: DEFAULT_BODY_LIMIT (64 KB) unless BODY_LIMITS
 *   says otherwise; sign-in, registration, password reset and the visitor card take 4 or 8 KB,
 *   notes and the AI companion (long texts by design) more. Larger is a 413 before any parsing.
 * - JSON is scanned once, as text, before it is parsed: nesting deeper than MAX_JSON_DEPTH is a
 *   400 without parsing anything, and the same pass notices a NUL (`\u0000`, which PostgreSQL
 *   text cannot hold: reject-nul.ts), so a body without one is not walked again after parsing.
 * - Parsing itself is Fastify's (secure-json-parse: a `__proto__` key is still refused).
 */
import type { FastifyInstance, RouteOptions } from "fastify";
import { API } from "../../contract/api-paths";
import { ERROR_TEXT } from "../../contract/errors-text";
import { ZOD_TEXT } from "../../contract/zod-text";
import { badRequest } from "./app-error";
import { findNul, markBodyClean } from "./reject-nul";

/** No request the app makes nests deeper than 4; 32 leaves room and still parses in microseconds. */
export const MAX_JSON_DEPTH = 32;
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Routes whose body is far from the default, "METHOD pattern" -> bytes. Worked out from the
 * contract's maximum lengths, which count UTF-16 units: each is at most 3 bytes of UTF-8, so a
 * field's worst case is 3 times its maximum (a name of 100 letters is 300 bytes at most).
 */
export const BODY_LIMITS: Record<string, number> = {
  // email 254 + password 200 (+ names 2 x 100): under 2 KB at the worst.
  [`POST ${API.auth.login.pattern}`]: 4 * 1024,
  [`POST ${API.auth.register.pattern}`]: 4 * 1024,
  [`POST ${API.auth.forgotPassword.pattern}`]: 4 * 1024,
  [`POST ${API.auth.resetPassword.pattern}`]: 4 * 1024,
  // Deleting one's account: a password of up to 200 characters.
  [`DELETE ${API.myData.account.pattern}`]: 2 * 1024,
  // Profile → Sign-in and security: two passwords of 200, or an email of 254 and a password; a token.
  [`POST ${API.security.password.pattern}`]: 4 * 1024,
  [`POST ${API.security.email.pattern}`]: 4 * 1024,
  [`POST ${API.auth.confirmEmail.pattern}`]: 4 * 1024,
  [`POST ${API.security.signOutOthers.pattern}`]: 4 * 1024,
  [`DELETE ${API.security.session.pattern}`]: 4 * 1024,
  // Passkeys and the second step (contract/two-step.ts bounds an assertion to about 7 KB).
  [`POST ${API.auth.passkeySignInOptions.pattern}`]: 4 * 1024,
  [`POST ${API.auth.passkeySignIn.pattern}`]: 8 * 1024,
  [`POST ${API.auth.secondStepPasskeyOptions.pattern}`]: 4 * 1024,
  [`POST ${API.auth.secondStep.pattern}`]: 8 * 1024,
  // The one-click unsubscribe: a token of at most 200 characters (or the form body "List-Unsubscribe=One-Click").
  [`POST ${API.email.unsubscribe.pattern}`]: 4 * 1024,
  [`POST ${API.connect.dailyUnsubscribe.pattern}`]: 4 * 1024,
  // The directory's four switches.
  [`PUT ${API.directory.mine.pattern}`]: 4 * 1024,
  // The public visitor card: a prayer request of up to 2,000 characters (6 KB at the worst).
  [`POST ${API.visitors.list.pattern}`]: 8 * 1024,
  // A note of up to 20,000 characters (60 KB at the worst, newlines escaped).
  [`POST ${API.notes.list.pattern}`]: 128 * 1024,
  [`PUT ${API.notes.one.pattern}`]: 128 * 1024,
  // An announcement: title 120 and message 2,000 in two languages and a link of 2,000 (about 19 KB at the worst).
  [`POST ${API.announcements.list.pattern}`]: 32 * 1024,
  // A fund: two names of 60 and a description of 300 characters (1.3 KB at the worst); the fee
  // and a finance grant are a few numbers or a flag.
  [`POST ${API.giving.funds.pattern}`]: 4 * 1024,
  [`PATCH ${API.giving.fund.pattern}`]: 4 * 1024,
  [`PUT ${API.giving.fee.pattern}`]: 1024,
  [`PUT ${API.admin.userFinance.pattern}`]: 1024,
  // The AI companion's conversation: up to 20 messages of 2,000 characters (120 KB at the worst).
  [`POST ${API.aiPrayer.messages.pattern}`]: 256 * 1024,
  // A group: name, description, place and link (about 10 KB at the worst) and up to 10 leader ids.
  [`POST ${API.groups.list.pattern}`]: 16 * 1024,
  [`PATCH ${API.groups.one.pattern}`]: 16 * 1024,
  // A journey's days (staff only; auth is checked before the body is read): up to 60 days, each
  // in two languages of at most 5,200 characters (title, reference, verse, reading): 1.9 MB at the worst.
  [`POST ${API.admin.journeys.pattern}`]: 2 * 1024 * 1024,
  [`PUT ${API.admin.journeyDays.pattern}`]: 2 * 1024 * 1024,
  // Titles and descriptions in two languages (2 x (120 + 300) characters; 2.5 KB at the worst).
  [`PATCH ${API.admin.journey.pattern}`]: 8 * 1024,
  // A challenge: titles and descriptions in two languages (2 x (120 + 1,000) characters; 7 KB at the worst).
  [`POST ${API.connect.challenges.pattern}`]: 16 * 1024,
  [`PATCH ${API.connect.challenge.pattern}`]: 16 * 1024,
  // An event: title 120, description 2,000 and location 200 characters (under 7 KB at the worst).
  [`POST ${API.calendar.events.pattern}`]: 16 * 1024,
  [`PATCH ${API.calendar.event.pattern}`]: 16 * 1024,
  // A registration names at most one occurrence.
  [`POST ${API.calendar.rsvp.pattern}`]: 2 * 1024,
};

/**
 * One pass over JSON text: whether it nests deeper than `maxDepth` (brackets outside strings),
 * and whether a string in it holds NUL (the escape `\u0000`; a raw NUL is not valid JSON, and
 * JSON.parse refuses it). Malformed text is left to JSON.parse to refuse.
 *
 * Most of a body is string content (a note's text), so a string is crossed with indexOf (native,
 * a memchr) to its closing quote rather than one character at a time: a quote is a string's end
 * unless an odd run of backslashes comes before it. NUL is looked for the same way: only a body
 * whose text contains `\u0000` at all is read character by character to tell an escaped NUL
 * from an escaped backslash followed by the letters "u0000".
 */
export function scanJson(text: string, maxDepth: number): { tooDeep: boolean; nul: boolean } {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Jump to the closing quote: the next quote not escaped by an odd run of backslashes.
      let q = text.indexOf('"', i + 1);
      for (;;) {
        if (q < 0) return { tooDeep: false, nul: hasNulEscape(text) };
        let b = q - 1;
        while (text.charCodeAt(b) === 0x5c /* \ */) b--;
        if ((q - 1 - b) % 2 === 0) break;
        q = text.indexOf('"', q + 1);
      }
      i = q;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return { tooDeep: true, nul: false };
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return { tooDeep: false, nul: hasNulEscape(text) };
}

/** Whether a string in the JSON text holds the escape `\u0000` (not `\\u0000`, a backslash and "u0000"). */
function hasNulEscape(text: string): boolean {
  let at = text.indexOf("\\u0000");
  while (at >= 0) {
    let b = at - 1;
    while (b >= 0 && text.charCodeAt(b) === 0x5c) b--;
    // The backslash at `at` escapes the u when the run before it is even.
    if ((at - 1 - b) % 2 === 0) return true;
    at = text.indexOf("\\u0000", at + 1);
  }
  return false;
}

export function installJsonBodies(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (route.bodyLimit !== undefined) return;
    for (const method of [route.method].flat()) {
      const limit = BODY_LIMITS[`${method} ${route.url}`];
      if (limit !== undefined) route.bodyLimit = limit;
    }
  });

  const parse = app.getDefaultJsonParser("error", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = body as string;
    const { tooDeep, nul } = scanJson(text, MAX_JSON_DEPTH);
    if (tooDeep) return done(badRequest("body", ERROR_TEXT.nestedTooDeep), undefined);
    parse(req, text, (err, value) => {
      if (err) return done(err, undefined);
      if (!nul) {
        markBodyClean(req);
        return done(null, value);
      }
      // Rare (no member types NUL): walk the parsed body only to name where it was.
      done(badRequest(findNul(value, "body") ?? "body", ZOD_TEXT.invalid), undefined);
    });
  });
}
