/**
 * No API answer carries a password, a password hash or a token hash (docs/security.md):
 * every route's response schemas are walked for such fields, every route that answers JSON
 * declares a response schema (which strips fields it does not list), and the response guard
 * turns a leak that slips past both into a 500, on every route buildApp() registers.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../testing/harness";
import { FORBIDDEN_RESPONSE_FIELDS, forbiddenField } from "./response-guard";

/** Routes that answer no JSON body: 204s, the event stream, the unsubscribe page. */
const NO_JSON_BODY = new Set([
  "POST /api/auth/logout",
  "PUT /api/auth/locale",
  "POST /api/prayers/:id/answered",
  "POST /api/prayers/:id/hide",
  "DELETE /api/personal-notes/:id",
  "DELETE /api/me",
  // A JSON file download, streamed: its sections omit secrets by rule (server/features/my-data/export-sections.ts, decision 0117).
  "GET /api/me/export",
  // The giving CSV, streamed (decision 0122).
  "GET /api/admin/giving/export.csv",
  "DELETE /api/livestream-comments/:id",
  "GET /api/events",
  "GET /api/daily/unsubscribe",
  // The journey email's one-click unsubscribe: 204, no body (decision 0118).
  "POST /api/daily/unsubscribe",
  // A 303 to the unsubscribe landing page (decision 0118).
  "GET /api/email/unsubscribe",
  "GET /api/daily/audio/:token",
  "GET /api/church/logo/:version/:file",
  "GET /api/members/:id/photo/:version/:size",
  "DELETE /api/calendar/events/:id",
  "DELETE /api/calendar/events/:id/rsvp",
  "GET /api/calendar.ics",
  "GET /api/calendar/events/:id/event.ics",
  "GET /api/integrations/ghl/callback",
  "GET /api/integrations/oauth-popup.js",
  "DELETE /api/media-items/:id",
  "DELETE /api/wallet/payment-methods/:id",
  "DELETE /api/integrations/:id",
  "DELETE /api/notifications/token/*",
  "DELETE /api/auth/passkeys/:id",
  "POST /api/auth/two-step/totp/disable",
  "POST /api/admin/users/:id/reset-second-step",
  // Profile → Sign-in and security (204s).
  "POST /api/me/password",
  "POST /api/auth/confirm-email",
  "POST /api/me/sessions/sign-out-others",
  "DELETE /api/me/sessions/:id",
]);

const routes: RouteOptions[] = [];
let t: TestApp;
let leaky: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { onRoute: (r) => void routes.push(r) } });
  // The same app, with /api/church/me rewritten to leak a whole users row and no response schema.
  leaky = await createTestApp({
    build: {
      onRoute(r) {
        if (r.url !== "/api/church/me" || r.method !== "GET") return;
        r.schema = { ...r.schema, response: undefined };
        r.handler = async () => ({ user: { id: "u1", email: "a@example.org", passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA" } });
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await leaky.close();
});

/** Every property name anywhere in a JSON schema (objects, arrays, unions, records). */
function propertyNames(schema: unknown, out = new Set<string>()) {
  if (Array.isArray(schema)) schema.forEach((s) => propertyNames(s, out));
  else if (schema && typeof schema === "object") {
    const props = (schema as { properties?: Record<string, unknown> }).properties;
    if (props && typeof props === "object") Object.keys(props).forEach((k) => out.add(k));
    Object.values(schema).forEach((v) => propertyNames(v, out));
  }
  return out;
}

const apiRoutes = () => routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
const name = (r: RouteOptions) => `${String(r.method)} ${r.url}`;

describe("response schemas", () => {
  it("no route's response schema has a password, password hash or token hash field", () => {
    const walked: string[] = [];
    for (const r of apiRoutes()) {
      const response = (r.schema?.response ?? {}) as Record<string, z.ZodType>;
      for (const [status, schema] of Object.entries(response)) {
        const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
        const names = propertyNames(json);
        for (const field of FORBIDDEN_RESPONSE_FIELDS) expect(names.has(field), `${name(r)} ${status} has "${field}"`).toBe(false);
        walked.push(`${name(r)} ${status}`);
      }
    }
    expect(walked.length).toBeGreaterThan(50);
    // The walk sees nested fields: the auth answer's user.email is found.
    const login = apiRoutes().find((r) => name(r) === "POST /api/auth/login")!;
    expect(propertyNames(z.toJSONSchema((login.schema!.response as Record<string, z.ZodType>)["200"]))).toContain("email");
  });

  it("every route that answers JSON declares a success response schema (docs/architecture.md), so unlisted fields are stripped", () => {
    const missing = apiRoutes()
      .filter((r) => !Object.keys((r.schema?.response ?? {}) as object).some((s) => s.startsWith("2")))
      .map(name)
      .filter((n) => !NO_JSON_BODY.has(n));
    expect(missing, "declare a response schema, or list the route in NO_JSON_BODY if it answers no JSON").toEqual([]);
  });
});

describe("the response guard", () => {
  it("finds a forbidden field as a JSON key, not inside a member's text", () => {
    expect(forbiddenField(JSON.stringify({ user: { passwordHash: "x" } }))).toBe("passwordHash");
    expect(forbiddenField(JSON.stringify({ token_hash: "x" }))).toBe("token_hash");
    expect(forbiddenField(JSON.stringify({ password: "x" }))).toBe("password");
    expect(forbiddenField(JSON.stringify({ content: 'my note says {"passwordHash": 1}' }))).toBeNull();
    expect(forbiddenField(JSON.stringify({ message: "Your password has been changed. Please sign in." }))).toBeNull();
  });

  it("turns an answer that would carry a password hash into a masked 500, on a route registered by buildApp()", async () => {
    const member = await leaky.signUp();
    const res = await leaky.app.inject({ method: "GET", url: "/api/church/me", headers: member.auth });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal Server Error" });
    expect(res.body).not.toContain("$argon2");
    // Other routes are untouched.
    expect((await leaky.app.inject({ method: "GET", url: "/api/church/public" })).statusCode).toBe(200);
  });

  it("lets real answers through: sign-in, the session check, the people list", async () => {
    const owner = await t.signUp("OWNER");
    for (const url of ["/api/church/me", "/api/admin/users"]) {
      const res = await t.app.inject({ method: "GET", url, headers: owner.auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain("$argon2");
    }
  });
});
