/**
 * The role matrix (route-matrix.ts) against the app buildApp() really registers: no route is
 * missing from the table, the table names no route that does not exist, every route's own
 * `config.access` agrees with the table, and every route answers anonymous, MEMBER, STAFF,
 * PASTOR and OWNER callers as the table says: 401 for anonymous on signed-in routes, 403 for
 * roles below the route's, and neither 401 nor 403 for roles at or above it.
 * Requests carry no valid body: who may call a route is decided before validation, so a caller
 * who may not call a route gets 401/403, never a 400 that tells them about the body.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/harness";
import { ROUTE_ACCESS } from "./route-matrix";
import type { Access } from "../http/auth";
import type { Role } from "../../contract/roles";

type Caller = "anonymous" | Role;
const CALLERS: Caller[] = ["anonymous", "MEMBER", "STAFF", "PASTOR", "OWNER"];

/** What the table promises a caller: refused with this status, or let through (null). */
function refusal(access: Access, caller: Caller): 401 | 403 | null {
  if (access === "public") return null;
  if (caller === "anonymous") return 401;
  if (access === "member") return null;
  if (access === "staff") return caller === "MEMBER" ? 403 : null;
  if (access === "pastor") return caller === "OWNER" || caller === "PASTOR" ? null : 403;
  // No caller here holds the finance permission, so only the OWNER passes (giving-admin tests grant it).
  if (access === "finance") return caller === "OWNER" ? null : 403;
  // Staff, or a finance holder (none here is one without a staff role): MEMBER is refused.
  if (access === "staffOrFinance") return caller === "MEMBER" ? 403 : null;
  return caller === "OWNER" ? null : 403;
}

const routes: RouteOptions[] = [];
let t: TestApp;
const tokens = new Map<Caller, string | null>();
const passwords = new Map<Caller, { email: string; password: string }>();

beforeAll(async () => {
  // GHL configured (never called: authorize only builds a URL), so its routes answer rather than 503.
  t = await createTestApp({
    env: { GHL_CLIENT_ID: "matrix-client", GHL_CLIENT_SECRET: "matrix-secret" },
    build: { onRoute: (r) => void routes.push(r) },
  });
  tokens.set("anonymous", null);
  for (const role of ["MEMBER", "STAFF", "PASTOR", "OWNER"] as const) {
    const u = await t.signUp(role);
    tokens.set(role, u.token);
    passwords.set(role, { email: u.user.email, password: u.password });
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

const key = (r: RouteOptions) => `${String(r.method)} ${r.url}`;
const apiRoutes = () => routes.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");

/** A URL for a route pattern: parameters filled with values of the right shape. */
function sampleUrl(pattern: string) {
  return pattern
    .replace(":action", "pause")
    .replace(":provider", "voice_ai")
    .replace(":token", "a".repeat(43))
    .replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000")
    .replace("*", "not-a-registered-token");
}

async function call(method: string, url: string, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (url === "/api/events") {
    // The event stream never ends: open it over real HTTP, read the status, hang up.
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" }).catch(() => t.app.server.address());
    const base = typeof address === "string" ? address : `http://127.0.0.1:${(address as { port: number }).port}`;
    const ctrl = new AbortController();
    const res = await fetch(`${base}${url}`, { headers, signal: ctrl.signal });
    ctrl.abort();
    return { status: res.status, body: "" };
  }
  const withBody = method === "POST" || method === "PUT" || method === "PATCH";
  const res = await t.app.inject({ method: method as "GET", url, headers, ...(withBody ? { payload: {} } : {}) });
  return { status: res.statusCode, body: res.body };
}

describe("the route table", () => {
  it("lists every registered route, and only registered routes", () => {
    const registered = new Set(apiRoutes().map(key));
    expect(registered.size).toBeGreaterThan(90);
    const missing = [...registered].filter((k) => !(k in ROUTE_ACCESS));
    const extra = Object.keys(ROUTE_ACCESS).filter((k) => !registered.has(k));
    expect(missing, "routes missing from server/security/route-matrix.ts").toEqual([]);
    expect(extra, "routes in server/security/route-matrix.ts that the app does not register").toEqual([]);
  });

  it("agrees with every route's own config.access", () => {
    const disagree = apiRoutes()
      .filter((r) => r.config?.access !== ROUTE_ACCESS[key(r) as keyof typeof ROUTE_ACCESS])
      .map((r) => `${key(r)}: route says ${r.config?.access}, table says ${ROUTE_ACCESS[key(r) as keyof typeof ROUTE_ACCESS]}`);
    expect(disagree).toEqual([]);
  });

  it("would catch a route added without a table entry", () => {
    // The check above is only as good as the route list it reads: a route registered the usual
    // way in a plugin shows up in it.
    expect(apiRoutes().some((r) => key(r) === "GET /api/giving/statement")).toBe(true);
  });
});

describe("every route as every role", () => {
  it("answers each caller as the table says", async () => {
    const wrong: string[] = [];
    let calls = 0;
    // Sign-out ends the caller's session: it goes last.
    const ordered = apiRoutes().sort((a, b) => Number(key(a) === "POST /api/auth/logout") - Number(key(b) === "POST /api/auth/logout"));
    for (const caller of CALLERS) {
      for (const r of ordered) {
        const access = ROUTE_ACCESS[key(r) as keyof typeof ROUTE_ACCESS];
        const { status, body } = await call(String(r.method), sampleUrl(r.url), tokens.get(caller)!);
        calls++;
        const expected = refusal(access, caller);
        if (expected === null ? status === 401 || status === 403 : status !== expected) {
          wrong.push(`${caller} ${key(r)} (${access}): got ${status}, expected ${expected ?? "not 401/403"} ${body.slice(0, 120)}`);
        }
        if (status >= 500) wrong.push(`${caller} ${key(r)}: ${status} ${body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBe(apiRoutes().length * CALLERS.length);
  }, 120_000);

  it("decides access before validation: an invalid body from a caller without the role is 401/403, not 400", async () => {
    const member = passwords.get("MEMBER")!;
    // A fresh member session (the walk above signed the first one out).
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: member });
    const token = (login.json() as { token: string }).token;
    const staffOnly = await t.app.inject({
      method: "POST",
      url: "/api/services",
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 42, nonsense: "x".repeat(10_000) },
    });
    expect(staffOnly.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "PUT", url: "/api/personal-notes/not-a-uuid", payload: "{not json" , headers: { "content-type": "application/json" } });
    expect(anonymous.statusCode).toBe(401);
    // With the right role, the same invalid body is a validation error.
    const asMember = await t.app.inject({
      method: "PUT",
      url: "/api/personal-notes/not-a-uuid",
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 42 },
    });
    expect(asMember.statusCode).toBe(400);
  });

  it("treats an expired, revoked or made-up token as anonymous", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/church/me", headers: { authorization: `Bearer ${"x".repeat(43)}` } });
    expect(res.statusCode).toBe(401);
    const stale = await t.app.inject({ method: "GET", url: "/api/church/me", headers: { authorization: `Bearer ${tokens.get("OWNER")}` } });
    expect(stale.statusCode, "the owner signed out in the walk above").toBe(401);
  });
});
