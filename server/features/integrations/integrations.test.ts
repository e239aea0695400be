/**
 * Integrations (spec sections 2, 3, 6, 7, 8): who may call each endpoint, GoHighLevel's OAuth 2
 * flow against a local stand-in (authorization URL, the state check, code exchange, tokens
 * sealed at rest, refresh before expiry with rotating refresh tokens), Test Connection and
 * Disconnect. ElevenLabs and the contact sync job have their own files.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { startGhlStandIn, type GhlStandIn } from "../../testing/ghl-stand-in";
import { integrations, oauthStates } from "../../db/schema/integrations";
import { INTEGRATION_TEXT, type Integration } from "../../../contract/integrations";
import { OAUTH_COOKIE, OAUTH_STATE_TTL_MS } from "./start-ghl-authorization";
import { OAUTH_POPUP_SCRIPT_PATH } from "./oauth-popup-page";
import { GHL_ACCESS_CONTEXT, GHL_REFRESH_CONTEXT, REFRESH_MARGIN_MS } from "./ghl-access";

let fixed: Date | null = null;
const now = () => fixed ?? new Date();

let ghl: GhlStandIn;
let t: TestApp;
beforeAll(async () => {
  ghl = await startGhlStandIn();
  t = await createTestApp({ now, env: ghl.env() });
});
afterAll(async () => {
  await t.close();
  await ghl.close();
});
beforeEach(() => {
  fixed = null;
});

type Auth = { authorization: string };
const list = async (auth: Auth) => (await t.app.inject({ method: "GET", url: "/api/integrations", headers: auth })).json() as Integration[];

/** GET authorize as `auth`: the authUrl and the browser cookie it set. */
async function authorize(auth: Auth) {
  const res = await t.app.inject({ method: "GET", url: "/api/integrations/ghl/authorize", headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === OAUTH_COOKIE);
  expect(cookie).toBeDefined();
  return { authUrl: (res.json() as { authUrl: string }).authUrl, cookie: cookie!.value, setCookie: cookie! };
}

/** The staff member signs in at the stand-in, which redirects back with a code: the callback URL (path and query). */
async function signInAtGhl(authUrl: string) {
  const res = await fetch(authUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  return `${back.pathname}${back.search}`;
}

const callback = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, ...(cookie ? { cookies: { [OAUTH_COOKIE]: cookie } } : {}) });
const okOf = (body: string) => /data-ok="(true|false)"/.exec(body)?.[1];

async function connect(auth: Auth) {
  const { authUrl, cookie } = await authorize(auth);
  const res = await callback(await signInAtGhl(authUrl), cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(okOf(res.body)).toBe("true");
}

async function disconnectAll(auth: Auth) {
  for (const i of await list(auth)) await t.app.inject({ method: "DELETE", url: `/api/integrations/${i.id}`, headers: auth });
}

describe("who may call what", () => {
  it("lists integrations for OWNER, PASTOR and STAFF; 403 for members, 401 signed out", async () => {
    for (const role of ["OWNER", "PASTOR", "STAFF"] as const) {
      const u = await t.signUp(role);
      const res = await t.app.inject({ method: "GET", url: "/api/integrations", headers: u.auth });
      expect(res.statusCode, role).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
    const member = await t.signUp();
    expect((await t.app.inject({ method: "GET", url: "/api/integrations", headers: member.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/integrations" })).statusCode).toBe(401);
  });

  it("authorize, test, voice connect and delete: 401 signed out, 403 members", async () => {
    const member = await t.signUp();
    const id = "00000000-0000-4000-8000-000000000000";
    const calls = [
      { method: "GET" as const, url: "/api/integrations/ghl/authorize" },
      { method: "POST" as const, url: "/api/integrations/ghl/test" },
      { method: "POST" as const, url: "/api/integrations/voice_ai/test" },
      { method: "POST" as const, url: "/api/integrations/voice_ai/connect", payload: { apiKey: "xi-test-key" } },
      { method: "DELETE" as const, url: `/api/integrations/${id}` },
    ];
    for (const c of calls) {
      expect((await t.app.inject(c)).statusCode, `${c.method} ${c.url}`).toBe(401);
      expect((await t.app.inject({ ...c, headers: member.auth })).statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    // The callback is public (the popup carries no bearer token) but refuses a request without a valid state.
    const res = await callback("/api/integrations/ghl/callback?code=x&state=y");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INTEGRATION_TEXT.stateInvalid);
  });

  it("shows the popup page in the browser's language, and still tells the app in English (the app localizes it)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/integrations/ghl/callback?code=x&state=y", headers: { "accept-language": "es-US,es;q=0.9" } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain("La conexión falló");
    expect(res.body).toContain("Este enlace de inicio de sesión no es válido o ya venció.");
    expect(res.body).toContain("Cerrar esta ventana");
    expect(res.body).toContain(`data-message="${INTEGRATION_TEXT.stateInvalid}"`);
  });

  it("an unknown provider is a 400; deleting an unknown integration is a 404", async () => {
    const staff = await t.signUp("STAFF");
    expect((await t.app.inject({ method: "POST", url: "/api/integrations/zapier/test", headers: staff.auth })).statusCode).toBe(400);
    const res = await t.app.inject({ method: "DELETE", url: "/api/integrations/00000000-0000-4000-8000-000000000000", headers: staff.auth });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: "/api/integrations/not-a-uuid", headers: staff.auth })).statusCode).toBe(400);
  });
});

describe("GoHighLevel not configured", () => {
  it("Connect answers a clear message when there is no client id", async () => {
    const staff = await t.signUp("PASTOR");
    const saved = t.deps.config.ghl;
    t.deps.config.ghl = { ...saved, clientId: undefined, clientSecret: undefined };
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/integrations/ghl/authorize", headers: staff.auth });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(INTEGRATION_TEXT.ghlNotConfigured);
      expect(res.cookies.find((c) => c.name === OAUTH_COOKIE)).toBeUndefined();
    } finally {
      t.deps.config.ghl = saved;
    }
  });
});

describe("GoHighLevel OAuth 2", () => {
  it("authorize returns the marketplace chooselocation URL with a fresh state, and sets a callback-only cookie", async () => {
    const staff = await t.signUp("STAFF");
    const a = await authorize(staff.auth);
    const b = await authorize(staff.auth);
    const url = new URL(a.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${ghl.url}/oauth/chooselocation`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: ghl.clientId,
      redirect_uri: `${t.deps.config.publicUrl}/api/integrations/ghl/callback`,
      scope: "contacts.readonly contacts.write locations.readonly",
    });
    const state = url.searchParams.get("state")!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(b.authUrl).searchParams.get("state")).not.toBe(state);
    expect(a.setCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/integrations/ghl/callback", maxAge: OAUTH_STATE_TTL_MS / 1000 });
    // Stored server-side as a hash only, bound to the staff member.
    const rows = await t.db.select().from(oauthStates).where(eq(oauthStates.userId, staff.user.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(state);
  });

  it("the callback exchanges the code (form-encoded), stores the tokens sealed and shows Connected", async () => {
    const staff = await t.signUp("STAFF");
    await disconnectAll(staff.auth);
    const before = ghl.state.tokenCalls.length;
    const { authUrl, cookie } = await authorize(staff.auth);
    const res = await callback(await signInAtGhl(authUrl), cookie);
    expect(res.statusCode).toBe(200);
    expect(okOf(res.body)).toBe("true");
    // CSP-safe page: the script is a file, no inline script; the cookie is cleared.
    expect(res.body).toContain(`<script src="${OAUTH_POPUP_SCRIPT_PATH}"></script>`);
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.cookies.find((c) => c.name === OAUTH_COOKIE)?.value).toBe("");

    const calls = ghl.state.tokenCalls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      grant_type: "authorization_code",
      client_id: ghl.clientId,
      client_secret: ghl.clientSecret,
      redirect_uri: `${t.deps.config.publicUrl}/api/integrations/ghl/callback`,
      user_type: "Location",
    });
    expect(calls[0].code).toMatch(/^code_/);

    const [item] = await list(staff.auth);
    expect(item).toMatchObject({ provider: "ghl", isActive: true, accountName: "Koinonia Church Orlando", lastError: null });
    expect(item.sync).toEqual({ pending: 0, sent: 0, failed: 0, lastError: null });
    expect(Date.now() - Date.parse(item.createdAt)).toBeLessThan(60_000);

    // Tokens at rest: the raw row holds neither token, only sealed values that open with their own context.
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    const raw = await t.db.execute(sql`select row_to_json(i)::text as j from integrations i where provider = 'ghl'`);
    const rawText = JSON.stringify(raw);
    const access = t.deps.secrets.open(row.accessTokenSealed, GHL_ACCESS_CONTEXT);
    const refresh = t.deps.secrets.open(row.refreshTokenSealed!, GHL_REFRESH_CONTEXT);
    expect(ghl.state.accessTokens.has(access)).toBe(true);
    expect(ghl.state.refreshTokens.has(refresh)).toBe(true);
    expect(rawText).not.toContain(access);
    expect(rawText).not.toContain(refresh);
    expect(() => t.deps.secrets.open(row.accessTokenSealed, GHL_REFRESH_CONTEXT)).toThrow();
    expect(row).toMatchObject({ locationId: ghl.locationId, companyId: ghl.companyId, connectedBy: staff.user.id });
    expect(row.expiresAt!.getTime() - Date.now()).toBeGreaterThan(86_000_000);
    // The API never returns credentials.
    const listed = JSON.stringify(await list(staff.auth));
    expect(listed).not.toContain(access);
    expect(listed).not.toContain("sealed");
  });

  it("refuses a forged state, an expired one, a replayed one, and another staff member's", async () => {
    const alice = await t.signUp("STAFF");
    const bob = await t.signUp("PASTOR");
    await disconnectAll(alice.auth);
    const exchanges = () => ghl.state.tokenCalls.filter((c) => c.grant_type === "authorization_code").length;
    const start = exchanges();

    // Forged: a state we never issued (with a real code and a real cookie).
    const real = await authorize(alice.auth);
    const back = new URL(await signInAtGhl(real.authUrl), "http://x");
    back.searchParams.set("state", "forged-state-forged-state-forged-state-1234");
    let res = await callback(`${back.pathname}${back.search}`, real.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INTEGRATION_TEXT.stateInvalid);
    expect(okOf(res.body)).toBe("false");

    // Another staff member's state: Bob's browser (his own cookie) presents Alice's state.
    const bobs = await authorize(bob.auth);
    const aliceUrl = await signInAtGhl(real.authUrl);
    res = await callback(aliceUrl, bobs.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INTEGRATION_TEXT.stateOtherBrowser);
    // ... or no cookie at all (a link opened elsewhere).
    res = await callback(aliceUrl);
    expect(res.body).toContain(INTEGRATION_TEXT.stateOtherBrowser);
    expect(exchanges()).toBe(start);

    // Alice's own browser: accepted once.
    res = await callback(aliceUrl, real.cookie);
    expect(okOf(res.body)).toBe("true");
    expect(exchanges()).toBe(start + 1);
    // Replayed: the same state again (even with the right cookie) is refused.
    const again = new URL(await signInAtGhl(real.authUrl), "http://x");
    res = await callback(`${again.pathname}${again.search}`, real.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INTEGRATION_TEXT.stateInvalid);

    // Expired: older than the state's lifetime.
    const late = await authorize(alice.auth);
    const lateUrl = await signInAtGhl(late.authUrl);
    fixed = new Date(Date.now() + OAUTH_STATE_TTL_MS + 1000);
    res = await callback(lateUrl, late.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INTEGRATION_TEXT.stateInvalid);
    expect(exchanges()).toBe(start + 1);
  });

  it("refuses the callback when the staff member lost the role, or GoHighLevel denied access", async () => {
    const staff = await t.signUp("STAFF");
    const denied = await authorize(staff.auth);
    ghl.state.denyNext = true;
    let res = await callback(await signInAtGhl(denied.authUrl), denied.cookie);
    expect(res.body).toContain(INTEGRATION_TEXT.authorizationDenied);

    const demoted = await authorize(staff.auth);
    const url = await signInAtGhl(demoted.authUrl);
    const { users } = await import("../../db/schema/users");
    await t.db.update(users).set({ role: "MEMBER" }).where(eq(users.id, staff.user.id));
    await t.authSettled();
    res = await callback(url, demoted.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(INTEGRATION_TEXT.accessText);
  });

  it("a company-level sign-in without a location is refused with a clear message", async () => {
    const staff = await t.signUp("OWNER");
    const a = await authorize(staff.auth);
    ghl.state.withoutLocation = true;
    try {
      const res = await callback(await signInAtGhl(a.authUrl), a.cookie);
      expect(res.body).toContain(INTEGRATION_TEXT.noLocation);
    } finally {
      ghl.state.withoutLocation = false;
    }
  });

  it("serves the popup script as a file", async () => {
    const res = await t.app.inject({ method: "GET", url: OAUTH_POPUP_SCRIPT_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.body).toContain("postMessage(msg, window.location.origin)");
    expect(res.body).toContain("window.close()");
  });
});

describe("Test Connection and token refresh", () => {
  it("tests with a real call to the connected location", async () => {
    const staff = await t.signUp("STAFF");
    await disconnectAll(staff.auth);
    await connect(staff.auth);
    const res = await t.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain("Koinonia Church Orlando");
    const call = ghl.apiCalls(`/locations/${ghl.locationId}`).at(-1)!;
    expect(call.headers.version).toBe("2021-07-28");
    expect(call.headers.authorization).toMatch(/^Bearer at_/);

    ghl.failNext("/locations/", 503);
    const failed = await t.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe(INTEGRATION_TEXT.ghlUnreachable);
  });

  it("refreshes before expiry, stores the rotated refresh token, and only one instance refreshes at a time", async () => {
    const staff = await t.signUp("STAFF");
    await disconnectAll(staff.auth);
    await connect(staff.auth);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    const oldRefresh = t.deps.secrets.open(row.refreshTokenSealed!, GHL_REFRESH_CONTEXT);
    const oldAccess = t.deps.secrets.open(row.accessTokenSealed, GHL_ACCESS_CONTEXT);
    const refreshes = () => ghl.state.tokenCalls.filter((c) => c.grant_type === "refresh_token");
    const before = refreshes().length;

    // Still well before expiry: no refresh.
    fixed = new Date(row.expiresAt!.getTime() - REFRESH_MARGIN_MS - 60_000);
    expect((await t.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth })).statusCode).toBe(200);
    expect(refreshes().length).toBe(before);

    // Inside the margin, with two server instances asking at once: one refresh, both succeed.
    const second = await createTestApp({ now, env: ghl.env(), sameDatabaseAs: t.databaseUrl ? { databaseUrl: t.databaseUrl } : { database: t.database } });
    try {
      // The second instance opens the sealed tokens with the same key as the first (as SECRETS_KEY would give it).
      (second.deps as { secrets: unknown }).secrets = t.deps.secrets;
      fixed = new Date(row.expiresAt!.getTime() - 60_000);
      const results = await Promise.all([
        t.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth }),
        second.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      await second.close();
    }
    const done = refreshes().slice(before);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ refresh_token: oldRefresh, client_id: ghl.clientId, client_secret: ghl.clientSecret });

    const [after] = await t.db.select().from(integrations).where(eq(integrations.provider, "ghl"));
    const newRefresh = t.deps.secrets.open(after.refreshTokenSealed!, GHL_REFRESH_CONTEXT);
    const newAccess = t.deps.secrets.open(after.accessTokenSealed, GHL_ACCESS_CONTEXT);
    expect(newRefresh).not.toBe(oldRefresh);
    expect(newAccess).not.toBe(oldAccess);
    expect(ghl.state.refreshTokens.has(oldRefresh)).toBe(false); // spent at the provider
    expect(after.expiresAt!.getTime()).toBeGreaterThan(fixed!.getTime() + 86_000_000);
    expect(ghl.apiCalls("/locations/").at(-1)!.headers.authorization).toBe(`Bearer ${newAccess}`);
  });

  it("a revoked connection turns inactive with a reason, and the test says to reconnect", async () => {
    const staff = await t.signUp("STAFF");
    await disconnectAll(staff.auth);
    await connect(staff.auth);
    ghl.revokeAll();
    const res = await t.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(INTEGRATION_TEXT.reconnectNeeded);
    const [item] = await list(staff.auth);
    expect(item).toMatchObject({ provider: "ghl", isActive: false, lastError: INTEGRATION_TEXT.reconnectNeeded });
    // Connecting again makes it active.
    await connect(staff.auth);
    expect((await list(staff.auth))[0]).toMatchObject({ isActive: true, lastError: null });
  });
});

describe("Disconnect", () => {
  it("removes the integration and its sealed tokens", async () => {
    const staff = await t.signUp("PASTOR");
    await disconnectAll(staff.auth);
    await connect(staff.auth);
    const [item] = await list(staff.auth);
    const res = await t.app.inject({ method: "DELETE", url: `/api/integrations/${item.id}`, headers: staff.auth });
    expect(res.statusCode).toBe(204);
    expect(await list(staff.auth)).toEqual([]);
    expect(await t.db.select().from(integrations)).toHaveLength(0);
    expect((await t.app.inject({ method: "DELETE", url: `/api/integrations/${item.id}`, headers: staff.auth })).statusCode).toBe(404);
    const test = await t.app.inject({ method: "POST", url: "/api/integrations/ghl/test", headers: staff.auth });
    expect(test.statusCode).toBe(404);
    expect(test.json().error).toBe(INTEGRATION_TEXT.notConnected404("Go High Level"));
  });
});
