/**
 * Security headers on every answer: the API's JSON, the SPA's index.html (also as the
 * fallback of app routes), static assets, errors and 404s, and the event stream.
 *
 * - Content-Security-Policy: scripts, styles, fonts and connections from this origin only; no
 *   plugins; nothing may frame the app (frame-ancestors 'none', and X-Frame-Options DENY for
 *   old browsers). The app itself frames only what the spec embeds: the church's external
 *   visitor form (church.links.visitorsForm), when one is configured; otherwise frame-src is
 *   'none'. Images may come from any https origin (video thumbnails, a logo URL).
 * - Strict-Transport-Security only when PUBLIC_URL is https: over plain http a browser ignores
 *   it, and sending it from a development server on localhost would pin that name to https.
 * - X-Content-Type-Options nosniff, Referrer-Policy strict-origin-when-cross-origin (a reset
 *   link's token never leaves in a Referer to another site).
 * - Plaid Link (bank linking, docs/decisions/0022) loads a script and a frame from
 *   cdn.plaid.com: allowed only when Plaid is configured.
 * - Cross-Origin-Opener-Policy same-origin-allow-popups: the Integrations page opens the CRM's
 *   sign-in in a popup and watches it close; "same-origin" would cut that link (0031).
 */
import helmet, { type HelmetOptions } from "helmet";
import type { FastifyInstance } from "fastify";
import type { Church } from "../../contract/church";

/** The origins the app may frame: those of the pages the spec embeds (https only). */
export function embeddedOrigins(church: Pick<Church, "links">): string[] {
  const form = church.links.visitorsForm;
  return form && new URL(form).protocol === "https:" ? [new URL(form).origin] : [];
}

const PLAID_CDN = "https://cdn.plaid.com";

export function securityHeaders(opts: { publicUrl: string; church: Pick<Church, "links">; plaid?: boolean }): HelmetOptions {
  const frames = [...embeddedOrigins(opts.church), ...(opts.plaid ? [PLAID_CDN] : [])];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.plaid ? [PLAID_CDN] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: members' photos, fetched with the bearer token and shown through an object URL (decision 0115).
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: frames.length ? frames : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: "deny" },
    hsts: opts.publicUrl.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    noSniff: true,
  };
}

/**
 * The headers helmet sets for these options, worked out once: they depend on the configuration
 * only (no per-request nonce), so there is no reason to run helmet on every request, as
 * @fastify/helmet did (it built the middleware anew each time, parsing the CSP directives: 3% of
 * a small read's CPU).
 */
export function staticSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return [...headers];
}

/**
 * Every answer carries them, on the raw response, so streams written directly (the event stream)
 * have them too. `options` depend on the church's links, which staff may change while the server
 * runs (Admin → Church): `key` names what they depend on, and they are worked out again only when
 * it changes (a string compare per request otherwise).
 */
export function installSecurityHeaders(app: FastifyInstance, options: () => HelmetOptions, key: () => string = () => "") {
  let made = { key: key(), headers: staticSecurityHeaders(options()) };
  app.addHook("onRequest", (_req, reply, done) => {
    const now = key();
    if (now !== made.key) made = { key: now, headers: staticSecurityHeaders(options()) };
    for (const [name, value] of made.headers) reply.raw.setHeader(name, value);
    done();
  });
}
