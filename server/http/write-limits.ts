import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from "fastify";
import type { Deps } from "../deps";
import type { WriteLimitName } from "../config";
import { hitRateLimit } from "./rate-limit";
import { ERROR_TEXT } from "../../contract/errors-text";

/**
 * Limits on routes that write content or call an outside provider, so one member (or, on a
 * public form, one address) cannot flood the church: 30 urgent prayer requests are 30 emails to
 * the prayer team. A route states its limit in one line, `config: { rateLimit: "comment" }`;
 * the numbers are in one place, WRITE_LIMITS in server/config.ts (RATE_LIMITS overrides them).
 * Counted in PostgreSQL with a sliding window (rate-limit.ts), after the request is validated:
 * a refused body does not use up the member's allowance.
 */
declare module "fastify" {
  interface FastifyContextConfig {
    rateLimit?: WriteLimitName;
  }
}

/**
 * Counts one write against `name` for the request's member (or address) and throws 429 past
 * the allowance, in the member's language, with Retry-After. For a limit that depends on the
 * body (urgent prayer requests), a route calls it itself.
 */
export async function limitWrite(deps: Deps, req: FastifyRequest, name: WriteLimitName) {
  const { per, count, windowSeconds } = deps.config.writeLimits[name];
  const who = per === "member" ? req.user?.id : req.ip;
  if (!who) throw new Error(`write limit ${name} is per member, on a route without a signed-in member`);
  await hitRateLimit(deps.db, `write:${name}:${who}`, count, windowSeconds, deps.now(), (seconds) => ERROR_TEXT.tooManyWrites(Math.ceil(seconds / 60)));
}

/** Gives every route that names a `config.rateLimit` its check (before its handler, after validation and access). */
export function installWriteLimits(app: FastifyInstance, deps: Deps) {
  app.addHook("onRoute", (route) => {
    const name = route.config?.rateLimit;
    if (!name) return;
    const check: preHandlerHookHandler = async (req) => limitWrite(deps, req, name);
    route.preHandler = [check, ...(route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler])];
  });
}
