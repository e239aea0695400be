/**
 * The last line of defence for credentials in answers: no JSON response may carry a password,
 * a password hash or a token hash as a field, whatever a use case returns by mistake (a whole
 * `users` row, say). Response schemas strip unknown fields already; this guard also covers
 * routes that send without one. A hit is a bug: the answer becomes a 500 and the route is
 * logged (never the payload), so it is found in tests and never reaches a member.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ErrorBody } from "../../contract/errors";

/** Field names, as they appear in JSON ("name":), that never leave the server. */
export const FORBIDDEN_RESPONSE_FIELDS = ["password", "passwordHash", "password_hash", "tokenHash", "token_hash"] as const;
/** One pass over the answer for all of them (five `includes` scans were 3% of a small read's CPU). */
const KEY = new RegExp(`"(${FORBIDDEN_RESPONSE_FIELDS.join("|")})":`);

/** The forbidden field a JSON text carries as a key, if any (keys inside string values are escaped, so they do not match). */
export function forbiddenField(json: string): string | null {
  return KEY.exec(json)?.[1] ?? null;
}

/**
 * Replies whose text was made of json-text.ts's `jsonOf` parts, each checked by this rule when
 * it was made, and values a request fills in (booleans, numbers, ids): nothing left to scan.
 */
export const checkedReplies = new WeakSet<FastifyReply>();

export function installResponseGuard(app: FastifyInstance) {
  // A callback hook: an async one costs a promise on every answer, most of which pass untouched.
  app.addHook("onSend", (req, reply, payload, done) => {
    if (typeof payload !== "string" || checkedReplies.has(reply) || !String(reply.getHeader("content-type") ?? "").includes("json")) return done(null, payload);
    const field = forbiddenField(payload);
    if (!field) return done(null, payload);
    req.log.error({ route: req.routeOptions.url, field }, "response blocked: it carried a credential field");
    reply.code(500);
    done(null, JSON.stringify({ error: "Internal Server Error" } satisfies ErrorBody));
  });
}
