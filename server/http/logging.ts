/**
 * The one logger configuration: main.ts, the test harness and the browser-test server all log
 * through loggerOptions(), so the suite's captured logs show exactly what production writes.
 *
 * Nothing secret reaches a log line (docs/security.md):
 * - LOG_REDACT censors credentials, cookies and card data wherever a log call passes them;
 * - request URLs are logged with the values of credential-like query parameters replaced
 *   (the password-reset page and the journey unsubscribe link carry a token in the URL);
 * - errors are logged without the bound parameters of a failed SQL statement, nor
 *   PostgreSQL's `detail` ("Failing row contains (...)"), which can hold a password hash or
 *   a member's private text. The statement, the error code and the stack stay.
 */
import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { stdSerializers } from "pino";

export const REDACTED = "[redacted]";

/** Fields that hold a credential or card data, wherever a log call puts them (top level or up to two levels down). */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "passwordHash",
  "token",
  "tokenHash",
  "card_number",
  "card_cvv",
  "cardNumber",
  "cvv",
  "publicToken",
  "accessToken",
  "refreshToken",
  "apiKey",
  "clientSecret",
  // Two-step sign-in (docs/decisions/0102): the pending sign-in's ticket, recovery codes, the sealed app secret.
  "ticket",
  "recoveryCode",
  "recoveryCodes",
  "secretSealed",
];

/** Never log credentials, cookies or card data (docs/architecture.md, Security baseline). */
export const LOG_REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/**
 * Query parameters whose values are credentials (reset and unsubscribe links, OAuth callbacks),
 * or hold what logs should not keep: the directory's page cursor carries member names.
 */
const SECRET_PARAM = /^(token|code|key|secret|password|signature|sig|access_token|refresh_token|state|cursor)$/i;

/**
 * Paths whose rest is a capability: the journey audio link's token (it works without signing
 * in) and a push subscription (its endpoint and keys) in DELETE /api/notifications/token/*.
 */
const SECRET_PATH_PREFIXES = ["/api/daily/audio/", "/api/notifications/token/"];

/**
 * `/auth/reset-password?token=abc` -> `/auth/reset-password?token=[redacted]`, and the rest of a
 * capability path (`/api/daily/audio/abc` -> `/api/daily/audio/[redacted]`). Other parameters are kept.
 */
export function redactUrl(url: string): string {
  const prefix = SECRET_PATH_PREFIXES.find((p) => url.startsWith(p) && url.length > p.length);
  if (prefix) {
    const q = url.indexOf("?");
    url = `${prefix}${REDACTED}${q < 0 ? "" : url.slice(q)}`;
  }
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        /* keep it raw */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, q)}?${query}`;
}

type Serialized = Record<string, unknown>;

/** pino's error serializer, then the SQL parameters and row details removed at every level of `cause`. */
export function serializeError(err: unknown): unknown {
  const out = stdSerializers.err(err as Error) as unknown as Serialized;
  if (!out || typeof out !== "object") return out;
  return scrubError(out, err);
}

function scrubError(out: Serialized, raw: unknown): Serialized {
  const params = (raw as { params?: unknown })?.params;
  if (Array.isArray(params)) {
    // DrizzleQueryError puts "params: a,b,c" into its message (and so into its stack).
    const shown = `params: ${String(params)}`;
    const withheld = `params: [${params.length} withheld from logs]`;
    for (const key of ["message", "stack"] as const) {
      if (typeof out[key] === "string") out[key] = (out[key] as string).split(shown).join(withheld);
    }
    out.params = `[${params.length} withheld]`;
  }
  if ("detail" in out) out.detail = REDACTED;
  for (const [key, value] of Object.entries(out)) {
    if (key !== "raw" && value && typeof value === "object" && ("message" in value || "stack" in value)) {
      out[key] = scrubError({ ...(value as Serialized) }, (raw as Record<string, unknown>)?.[key]);
    }
  }
  return out;
}

/** Fastify's request serializer, with credential-like query values replaced. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** The production logger: `stream` defaults to stdout. */
export function loggerOptions(level: LogLevel, stream?: { write(line: string): void }): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: LOG_REDACT, censor: REDACTED },
    serializers: { req: serializeRequest as never, err: serializeError as never },
  };
}
