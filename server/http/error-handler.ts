import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "./app-error";
import type { ErrorBody } from "../../contract/errors";
import { localeFromAcceptLanguage } from "../../contract/i18n/locales";
import { localize } from "../i18n";
import { ERROR_TEXT } from "../../contract/errors-text";

/**
 * The error body in the asker's language (Accept-Language, which the client sets to the
 * member's chosen language): the app's own texts are translated, anything else (a provider's
 * reason, a member's words) passes through as it is.
 */
function inLanguageOf(req: FastifyRequest, body: ErrorBody): ErrorBody {
  const locale = localeFromAcceptLanguage(req.headers["accept-language"]);
  if (locale === "en") return body;
  const out: ErrorBody = { ...body, error: localize(body.error, locale) };
  if (body.issues) out.issues = body.issues.map((i) => ({ ...i, message: localize(i.message, locale) }));
  return out;
}

/** What a framework 4xx says, by status. */
const FRAMEWORK_4XX: Record<number, ErrorBody> = {
  400: { error: ERROR_TEXT.unreadableRequest, code: "BAD_REQUEST" },
  404: { error: ERROR_TEXT.notFound, code: "NOT_FOUND" },
  413: { error: ERROR_TEXT.requestTooLarge, code: "TOO_LARGE" },
  415: { error: ERROR_TEXT.unsupportedMediaType, code: "UNSUPPORTED_MEDIA_TYPE" },
};

/**
 * PostgreSQL refusing a connection or unreachable for a moment, rather than a bug: too many
 * clients (53300), out of resources (53xxx), starting up or shutting down (57P0x), a broken
 * connection (08xxx), nothing listening (ECONNREFUSED), a reset, or the pool's wait for a
 * connection timing out. Drivers and the ORM wrap errors, so the causes are looked at too.
 */
const DB_UNAVAILABLE_CODES = /^(53\d{3}|57P0[1-3]|08\d{3}|ECONNREFUSED|ECONNRESET)$/;
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DB_UNAVAILABLE_CODES.test(code)) return true;
    if (/timeout exceeded when trying to connect|Connection terminated unexpectedly/.test(e.message)) return true;
  }
  return false;
}

/** How long a client is told to wait before asking again when the database is unavailable. */
export const DB_UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * Turns every failure into the one error body: 400 with field issues for validation,
 * the AppError's status and message, Fastify's own 4xx (bad JSON, body too large), a 503 with
 * Retry-After when the database refuses or cannot be reached, and a masked 500 for anything else
 * (logged with the request context).
 */
export function installErrorHandler(app: FastifyInstance, opts: { spaFallback?: boolean } = {}) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.extra.retryAfterSeconds) reply.header("retry-after", String(err.extra.retryAfterSeconds));
      const body: ErrorBody = { error: err.message, code: err.code };
      if (err.extra.issues) body.issues = err.extra.issues;
      return reply.code(err.status).send(inLanguageOf(req, body));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as unknown as { validationContext?: string }).validationContext ?? "body";
      const issues = err.validation.map((v) => ({
        path: [where, ...v.instancePath.split("/").filter(Boolean)].join("."),
        message: v.message ?? "Invalid input",
      }));
      const body: ErrorBody = { error: issues[0]?.message ?? "Invalid input", code: "BAD_REQUEST", issues };
      return reply.code(400).send(inLanguageOf(req, body));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, "response did not match its schema");
      return reply.code(500).send(inLanguageOf(req, { error: ERROR_TEXT.serverError }));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, body too large, unknown content type): our words and
      // codes, never the framework's (FST_ERR_...), which tell a prober what the server runs.
      req.log.debug({ code: (err as FastifyError).code }, "request refused before the route");
      return reply.code(status).send(inLanguageOf(req, FRAMEWORK_4XX[status] ?? { error: ERROR_TEXT.unreadableRequest, code: "BAD_REQUEST" }));
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug of the route: the member may try again (Retry-After), and the log says why.
      req.log.warn({ err }, "database unavailable");
      reply.header("retry-after", String(DB_UNAVAILABLE_RETRY_SECONDS));
      return reply.code(503).send(inLanguageOf(req, { error: ERROR_TEXT.busy, code: "UNAVAILABLE" }));
    }
    req.log.error({ err }, "request failed");
    return reply.code(500).send(inLanguageOf(req, { error: ERROR_TEXT.serverError }));
  });

  app.setNotFoundHandler((req, reply) => {
    // App routes (/profile, /giving, ...) are the client's: answer them with index.html.
    if (opts.spaFallback && req.method === "GET" && !req.url.startsWith("/api/")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ error: `Route ${req.method} ${req.url.split("?")[0]} not found`, code: "NOT_FOUND" } satisfies ErrorBody);
  });
}
