/**
 * Auth through real HTTP handling: register, login, sessions, logout, rate limits and the
 * password reset flow (spec sections 5, 6, 7, 8; docs/architecture.md, Security baseline).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import argon2 from "argon2";
import { createTestApp, type TestApp } from "../../testing/harness";
import { AUTH_TEXT } from "../../../contract/auth";
import { users, sessions, passwordResets } from "../../db/schema/users";
import { emailOutbox, rateDelays, rateLimits } from "../../db/schema/platform";
import { KNOWN_DEVICE_COOKIE } from "./known-device";
import { hashToken } from "../../http/tokens";
import { hitRateLimit } from "../../http/rate-limit";
import { AppError } from "../../http/app-error";
import { readChurchConfig } from "../../shared/church-profile";

/** A controllable clock: tests move it with `offsetMs`, afterEach puts it back. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t.close());
afterEach(() => {
  offsetMs = 0;
});

let n = 0;
const freshEmail = (tag = "user") => `${tag}${++n}-${Math.random().toString(36).slice(2, 8)}@example.org`;

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token?: string) =>
  t.app.inject({ method: "GET", url: "/api/church/me", headers: token ? bearer(token) : {} });

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** Parses a PHC string "$argon2id$v=19$m=..,t=..,p=..$salt$hash" (parameter order is not fixed). */
function argon2Params(phc: string) {
  const m = /^\$argon2id\$v=19\$([a-z]=\d+(?:,[a-z]=\d+)*)\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/.exec(phc);
  if (!m) throw new Error(`not an argon2id v19 hash: ${phc}`);
  return Object.fromEntries(m[1].split(",").map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]));
}

async function register(fields: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {}) {
  const body = {
    email: fields.email ?? freshEmail(),
    password: fields.password ?? "secret-pass",
    firstName: fields.firstName ?? "Ada",
    lastName: fields.lastName ?? "Lovelace",
  };
  const res = await post("/api/auth/register", body);
  expect(res.statusCode, res.body).toBe(201);
  const json = res.json() as { token: string; user: { id: string; email: string; role: string } };
  return { ...json, body, res };
}

const validRegister = () => ({ email: freshEmail(), password: "secret-pass", firstName: "Ada", lastName: "Lovelace" });

describe("POST /api/auth/register", () => {
  it("creates a MEMBER and answers 201 with a token and the public user", async () => {
    const body = validRegister();
    const res = await post("/api/auth/register", body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(Object.keys(json).sort()).toEqual(["token", "user"]);
    expect(json.token).toMatch(TOKEN_RE);
    expect(json.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: body.email,
      firstName: "Ada",
      lastName: "Lovelace",
      role: "MEMBER",
      finance: false,
      createdAt: expect.any(String),
      // The member's own user: no phone or photo yet (Profile → Edit).
      phone: null,
      photoUrl: null,
    });
    expect(Number.isNaN(Date.parse(json.user.createdAt))).toBe(false);
    // The new token is a working session.
    const check = await me(json.token);
    expect(check.statusCode).toBe(200);
    expect(check.json().user).toEqual(json.user);
  });

  it("never returns a password or a hash", async () => {
    const res = await post("/api/auth/register", { ...validRegister(), password: "visible-secret" });
    expect(res.statusCode).toBe(201);
    expect(res.body.toLowerCase()).not.toContain("password");
    expect(res.body).not.toContain("$argon2");
    expect(res.body).not.toContain("visible-secret");
    const check = await me(res.json().token);
    expect(check.body.toLowerCase()).not.toContain("password");
    expect(check.body).not.toContain("$argon2");
  });

  it("makes every new account a MEMBER, whatever role the body asks for", async () => {
    const res = await post("/api/auth/register", { ...validRegister(), role: "OWNER" });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe("MEMBER");
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(row.role).toBe("MEMBER");
  });

  it("stores the email trimmed and lower-cased and the names trimmed", async () => {
    const email = freshEmail("mixed");
    const res = await post("/api/auth/register", {
      email: `  ${email.toUpperCase()}  `,
      password: "secret-pass",
      firstName: "  Grace ",
      lastName: " Hopper  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email, firstName: "Grace", lastName: "Hopper" });
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(row.email).toBe(email);
  });

  it("stores the password as an argon2id hash (m=19456, t=2, p=1)", async () => {
    const { user } = await register({ password: "hash-me-please" });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).not.toBe("hash-me-please");
    expect(row.passwordHash).not.toContain("hash-me-please");
    expect(argon2Params(row.passwordHash)).toEqual({ m: 19456, t: 2, p: 1 });
    expect(await argon2.verify(row.passwordHash, "hash-me-please")).toBe(true);
    expect(await argon2.verify(row.passwordHash, "hash-me-pleasE")).toBe(false);
  });

  it("salts every hash: the same password gives different hashes", async () => {
    const a = await register({ password: "same-password" });
    const b = await register({ password: "same-password" });
    const rows = await t.db.select().from(users).where(inArray(users.id, [a.user.id, b.user.id]));
    expect(rows).toHaveLength(2);
    expect(rows[0].passwordHash).not.toBe(rows[1].passwordHash);
  });

  describe("validation (400 with the contract's messages)", () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["an invalid email", { email: "not-an-email" }, "body.email", AUTH_TEXT.invalidEmail],
      ["an email without a domain", { email: "ada@" }, "body.email", AUTH_TEXT.invalidEmail],
      ["an empty email", { email: "" }, "body.email", AUTH_TEXT.invalidEmail],
      ["a too long email", { email: `${"a".repeat(250)}@example.org` }, "body.email", AUTH_TEXT.invalidEmail],
      ["a short password", { password: "12345" }, "body.password", AUTH_TEXT.passwordMin],
      ["an empty password", { password: "" }, "body.password", AUTH_TEXT.passwordMin],
      ["an empty first name", { firstName: "" }, "body.firstName", AUTH_TEXT.firstNameRequired],
      ["a blank first name", { firstName: "   " }, "body.firstName", AUTH_TEXT.firstNameRequired],
      ["an empty last name", { lastName: "" }, "body.lastName", AUTH_TEXT.lastNameRequired],
      ["a blank last name", { lastName: "  " }, "body.lastName", AUTH_TEXT.lastNameRequired],
      ["a missing first name", { firstName: undefined }, "body.firstName", "Required"],
      ["a missing last name", { lastName: undefined }, "body.lastName", "Required"],
      ["a missing password", { password: undefined }, "body.password", "Required"],
      ["a non-string first name", { firstName: 42 }, "body.firstName", "Invalid input"],
    ];

    for (const [what, patch, path, message] of cases) {
      it(`refuses ${what}: '${message}'`, async () => {
        const body: Record<string, unknown> = { ...validRegister(), ...patch };
        for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
        const res = await post("/api/auth/register", body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: message, code: "BAD_REQUEST", issues: [{ path, message }] });
        // Nothing was created.
        if (typeof body.email === "string" && body.email.includes("@example.org") && body.email.length < 254) {
          const rows = await t.db.select().from(users).where(eq(users.email, body.email));
          expect(rows).toHaveLength(0);
        }
      });
    }

    it("gives one issue per bad field", async () => {
      const res = await post("/api/auth/register", { email: "nope", password: "1", firstName: "", lastName: "" });
      expect(res.statusCode).toBe(400);
      const issues = res.json().issues as { path: string; message: string }[];
      expect(issues).toHaveLength(4);
      expect(issues).toEqual(
        expect.arrayContaining([
          { path: "body.email", message: AUTH_TEXT.invalidEmail },
          { path: "body.password", message: AUTH_TEXT.passwordMin },
          { path: "body.firstName", message: AUTH_TEXT.firstNameRequired },
          { path: "body.lastName", message: AUTH_TEXT.lastNameRequired },
        ]),
      );
    });

    it("answers 'Required' for every field of an empty object", async () => {
      const res = await post("/api/auth/register", {});
      expect(res.statusCode).toBe(400);
      const issues = res.json().issues as { path: string; message: string }[];
      expect(issues.map((i) => i.path).sort()).toEqual(["body.email", "body.firstName", "body.lastName", "body.password"]);
      for (const i of issues.filter((x) => x.path !== "body.email")) expect(i.message).toBe("Required");
    });

    it("refuses a password over 200 characters (no megabyte hashing)", async () => {
      const res = await post("/api/auth/register", { ...validRegister(), password: "x".repeat(201) });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: "body.password", message: "Password must be at most 200 characters" }]);
    });

    it("refuses a body that is not JSON with 400", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    });
  });

  describe("duplicate email", () => {
    it("answers 409 for the same email", async () => {
      const { body } = await register();
      const res = await post("/api/auth/register", { ...body, firstName: "Other" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: AUTH_TEXT.emailTaken, code: "CONFLICT" });
    });

    it("answers 409 for the same email in another letter case and with surrounding spaces", async () => {
      const { body } = await register();
      for (const variant of [body.email.toUpperCase(), `  ${body.email}  `, `\t${body.email.replace(/^./, (c) => c.toUpperCase())} `]) {
        const res = await post("/api/auth/register", { ...body, email: variant });
        expect(res.statusCode, variant).toBe(409);
        expect(res.json().error).toBe(AUTH_TEXT.emailTaken);
      }
      const rows = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(1);
    });

    it("lets exactly one of many simultaneous registrations of one email through", async () => {
      const body = validRegister();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post("/api/auth/register", { ...body, email: i % 2 ? body.email.toUpperCase() : body.email })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(1);
    });
  });
});

describe("POST /api/auth/login", () => {
  it("answers 200 with a new token and the user", async () => {
    const { user, body, token: registerToken } = await register();
    const res = await post("/api/auth/login", { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.token).toMatch(TOKEN_RE);
    expect(json.token).not.toBe(registerToken);
    expect(json.user).toEqual(user);
    expect(res.body.toLowerCase()).not.toContain("password");
    expect(res.body).not.toContain("$argon2");
    expect((await me(json.token)).statusCode).toBe(200);
  });

  it("matches the email case-insensitively and ignores surrounding spaces", async () => {
    const { user, body } = await register();
    for (const variant of [body.email.toUpperCase(), `  ${body.email} `]) {
      const res = await post("/api/auth/login", { email: variant, password: body.password });
      expect(res.statusCode, variant).toBe(200);
      expect(res.json().user.id).toBe(user.id);
    }
  });

  it("gives the same 401 body for a wrong password and for an unknown email", async () => {
    const { body } = await register();
    const wrongPassword = await post("/api/auth/login", { email: body.email, password: "wrong-pass" });
    const unknownEmail = await post("/api/auth/login", { email: freshEmail("nobody"), password: body.password });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: AUTH_TEXT.badCredentials, code: "UNAUTHORIZED" });
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(unknownEmail.headers["content-type"]).toBe(wrongPassword.headers["content-type"]);
  });

  it("does not accept the password in another letter case", async () => {
    const { body } = await register({ password: "CaseSensitive" });
    const res = await post("/api/auth/login", { email: body.email, password: "casesensitive" });
    expect(res.statusCode).toBe(401);
  });

  it("creates no session on a failed login", async () => {
    const { user, body } = await register();
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await post("/api/auth/login", { email: body.email, password: "wrong-pass" });
    const after = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length);
  });

  it("answers 'Password is required' for an empty password", async () => {
    const res = await post("/api/auth/login", { email: freshEmail(), password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: AUTH_TEXT.passwordRequired,
      code: "BAD_REQUEST",
      issues: [{ path: "body.password", message: AUTH_TEXT.passwordRequired }],
    });
  });

  it("accepts a short password at login (the 6-character rule is for new passwords only)", async () => {
    const res = await post("/api/auth/login", { email: freshEmail(), password: "abc" });
    expect(res.statusCode).toBe(401);
  });

  it("answers 'Invalid email address' for a malformed email", async () => {
    const res = await post("/api/auth/login", { email: "ada.example.org", password: "secret-pass" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.email", message: AUTH_TEXT.invalidEmail }]);
  });

  it("answers 'Required' for a missing password and 400 for a missing body", async () => {
    const res = await post("/api/auth/login", { email: freshEmail() });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.password", message: "Required" }]);
    const empty = await t.app.inject({ method: "POST", url: "/api/auth/login" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("BAD_REQUEST");
  });

  it("sets the HttpOnly events cookie scoped to /api/events", async () => {
    const { body } = await register();
    const res = await post("/api/auth/login", { email: body.email, password: body.password });
    const cookie = res.cookies.find((c) => c.name === "koinonia_events");
    expect(cookie).toBeDefined();
    expect(cookie!.value).toBe(res.json().token);
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.path).toBe("/api/events");
    expect(String(cookie!.sameSite).toLowerCase()).toBe("strict");
  });

  it("does not accept the events cookie as a credential on ordinary routes", async () => {
    const { token } = await register();
    const res = await t.app.inject({ method: "GET", url: "/api/church/me", cookies: { koinonia_events: token } });
    expect(res.statusCode).toBe(401);
  });
});

describe("sessions and GET /api/church/me", () => {
  it("answers 401 without a token", async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Please sign in", code: "UNAUTHORIZED" });
  });

  it("answers 401 for a garbage token and a malformed header", async () => {
    const { token } = await register();
    for (const headers of [
      bearer("garbage"),
      bearer("x".repeat(43)),
      bearer(`${token}x`),
      bearer(token.slice(0, -1)),
      { authorization: `Basic ${token}` },
      { authorization: token },
      { authorization: `Bearer ${token} extra` },
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/api/church/me", headers });
      expect(res.statusCode, headers.authorization).toBe(401);
    }
  });

  it("answers 200 with the church and the user for a valid token", async () => {
    const { token, user } = await register();
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.user).toEqual(user);
    const church = readChurchConfig(t.deps.config.churchConfigPath);
    expect(json.church).toEqual(church);
    expect(json.church).toMatchObject({ name: "Koinonia Church Orlando", slug: "koinonia-orlando" });
  });

  it("accepts the scheme in any letter case", async () => {
    const { token } = await register();
    const res = await t.app.inject({ method: "GET", url: "/api/church/me", headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it("issues 256-bit base64url tokens, stored only as their SHA-256", async () => {
    const { token, user } = await register();
    expect(token).toMatch(TOKEN_RE);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // No column holds the token itself.
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it("issues a different token at every sign-in", async () => {
    const { body } = await register();
    const tokens = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await post("/api/auth/login", { email: body.email, password: body.password });
      tokens.add(res.json().token);
    }
    expect(tokens.size).toBe(4);
  });

  it("sets the session to expire after SESSION_TTL_DAYS", async () => {
    const { token } = await register();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    const ttlMs = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttlMs).toBe(t.deps.config.sessionTtlDays * 86_400_000);
    expect(t.deps.config.sessionTtlDays).toBe(30);
  });

  it("answers 401 for an expired token (expiry moved into the past)", async () => {
    const { token } = await register();
    expect((await me(token)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await t.authSettled(); // the cached session heard of it (session-cache.ts)
    const res = await me(token);
    expect(res.statusCode).toBe(401);
  });

  it("answers 401 for a session issued more than the TTL ago (clock moved back) and 200 within it", async () => {
    const { body } = await register();
    offsetMs = -31 * 86_400_000;
    const old = await post("/api/auth/login", { email: body.email, password: body.password });
    offsetMs = -29 * 86_400_000;
    const recent = await post("/api/auth/login", { email: body.email, password: body.password });
    offsetMs = 0;
    expect(old.statusCode).toBe(200);
    expect(recent.statusCode).toBe(200);
    expect((await me(old.json().token)).statusCode).toBe(401);
    expect((await me(recent.json().token)).statusCode).toBe(200);
  });

  it("expires a session once the clock passes its 30 days", async () => {
    const { token } = await register();
    offsetMs = 29 * 86_400_000;
    expect((await me(token)).statusCode).toBe(200);
    offsetMs = 31 * 86_400_000;
    expect((await me(token)).statusCode).toBe(401);
    offsetMs = 0;
  });

  it("shows the user's current role (not frozen in the token, nor in the session cache)", async () => {
    const { token, user } = await register();
    expect((await me(token)).json().user.role).toBe("MEMBER"); // now cached
    await t.db.update(users).set({ role: "STAFF" }).where(eq(users.id, user.id));
    await t.authSettled();
    const res = await me(token);
    expect(res.json().user.role).toBe("STAFF");
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes that session only: other sessions of the same user keep working", async () => {
    const { body, token: first } = await register();
    const second = (await post("/api/auth/login", { email: body.email, password: body.password })).json().token as string;
    const third = (await post("/api/auth/login", { email: body.email, password: body.password })).json().token as string;

    const res = await post("/api/auth/logout", undefined, bearer(second));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");

    expect((await me(second)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(third)).statusCode).toBe(200);

    const [row] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(second)));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  it("clears the events cookie", async () => {
    const { token } = await register();
    const res = await post("/api/auth/logout", undefined, bearer(token));
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === "koinonia_events");
    expect(cookie).toBeDefined();
    expect(cookie!.value).toBe("");
    expect(cookie!.path).toBe("/api/events");
  });

  it("answers 401 without a token, with a garbage token and with an already revoked token", async () => {
    expect((await post("/api/auth/logout")).statusCode).toBe(401);
    expect((await post("/api/auth/logout", undefined, bearer("garbage"))).statusCode).toBe(401);
    const { token } = await register();
    expect((await post("/api/auth/logout", undefined, bearer(token))).statusCode).toBe(204);
    const again = await post("/api/auth/logout", undefined, bearer(token));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe("UNAUTHORIZED");
  });

  it("does not make the account unusable: signing in again works", async () => {
    const { token, body } = await register();
    await post("/api/auth/logout", undefined, bearer(token));
    const res = await post("/api/auth/login", { email: body.email, password: body.password });
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token)).statusCode).toBe(200);
  });
});

describe("forgot and reset password", () => {
  const outboxFor = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

  async function requestResetToken(email: string) {
    const res = await post("/api/auth/forgot-password", { email });
    expect(res.statusCode).toBe(202);
    const rows = await outboxFor(email.trim().toLowerCase());
    const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    const m = /\?token=([^\s"&<]+)/.exec(latest.text);
    expect(m).not.toBeNull();
    return decodeURIComponent(m![1]);
  }

  it("answers 202 with the same body whether the account exists or not", async () => {
    const { body } = await register();
    const known = await post("/api/auth/forgot-password", { email: body.email });
    const unknown = await post("/api/auth/forgot-password", { email: freshEmail("ghost") });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: AUTH_TEXT.resetRequested });
    expect(unknown.body).toBe(known.body);
  });

  it("writes one sensitive email with a single-use link for an existing account", async () => {
    const { body, user } = await register({ firstName: "Lydia" });
    const res = await post("/api/auth/forgot-password", { email: `  ${body.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(202);
    const rows = await outboxFor(body.email);
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail.sensitive).toBe(true);
    expect(mail.subject).toBe(`Reset your ${t.deps.church.name} password`);
    expect(mail.text).toContain("Hello Lydia");
    const link = /(\S+\/auth\/reset-password\?token=)([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    expect(link![1]).toBe(`${t.deps.config.publicUrl}/auth/reset-password?token=`);
    const token = decodeURIComponent(link![2]);
    expect(token).toMatch(TOKEN_RE);
    expect(mail.html).toContain(`?token=${link![2]}`);
    // Only the hash of the reset token is stored.
    const resets = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(resets).toHaveLength(1);
    expect(resets[0].tokenHash).toBe(hashToken(token));
    expect(resets[0].usedAt).toBeNull();
    expect(resets[0].expiresAt.getTime() - resets[0].createdAt.getTime()).toBe(60 * 60_000);
  });

  it("writes nothing for an unknown email", async () => {
    const ghost = freshEmail("ghost");
    const before = await t.db.select().from(emailOutbox);
    const res = await post("/api/auth/forgot-password", { email: ghost });
    expect(res.statusCode).toBe(202);
    expect(await outboxFor(ghost)).toHaveLength(0);
    const after = await t.db.select().from(emailOutbox);
    expect(after).toHaveLength(before.length);
  });

  it("escapes the name in the HTML email", async () => {
    const { body } = await register({ firstName: `<img src=x onerror="alert(1)">` });
    await post("/api/auth/forgot-password", { email: body.email });
    const [mail] = await outboxFor(body.email);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("refuses a malformed email with 400", async () => {
    const res = await post("/api/auth/forgot-password", { email: "nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.email", message: AUTH_TEXT.invalidEmail }]);
  });

  it("sets the new password, revokes every earlier session and works only once", async () => {
    const { body, token: sessionA } = await register({ password: "old-password" });
    const sessionB = (await post("/api/auth/login", { email: body.email, password: "old-password" })).json().token as string;
    expect((await me(sessionA)).statusCode).toBe(200);

    const resetToken = await requestResetToken(body.email);
    const res = await post("/api/auth/reset-password", { token: resetToken, password: "new-password" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_TEXT.resetDone });

    // Every earlier session is gone.
    expect((await me(sessionA)).statusCode).toBe(401);
    expect((await me(sessionB)).statusCode).toBe(401);

    // The new password works, the old one does not.
    const oldLogin = await post("/api/auth/login", { email: body.email, password: "old-password" });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post("/api/auth/login", { email: body.email, password: "new-password" });
    expect(newLogin.statusCode).toBe(200);
    expect((await me(newLogin.json().token)).statusCode).toBe(200);

    // The stored hash is a fresh argon2id hash.
    const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(argon2Params(row.passwordHash)).toEqual({ m: 19456, t: 2, p: 1 });
    expect(await argon2.verify(row.passwordHash, "new-password")).toBe(true);

    // A second use of the same link is refused and changes nothing.
    const again = await post("/api/auth/reset-password", { token: resetToken, password: "third-password" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: AUTH_TEXT.resetInvalid,
      code: "BAD_REQUEST",
      issues: [{ path: "body.token", message: AUTH_TEXT.resetInvalid }],
    });
    expect((await post("/api/auth/login", { email: body.email, password: "third-password" })).statusCode).toBe(401);
    expect((await me(newLogin.json().token)).statusCode).toBe(200);
  });

  it("lets only one of two simultaneous uses of a link succeed", async () => {
    const { body } = await register();
    const resetToken = await requestResetToken(body.email);
    const results = await Promise.all([
      post("/api/auth/reset-password", { token: resetToken, password: "choice-one" }),
      post("/api/auth/reset-password", { token: resetToken, password: "choice-two" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? "choice-one" : "choice-two";
    const loser = winner === "choice-one" ? "choice-two" : "choice-one";
    expect((await post("/api/auth/login", { email: body.email, password: winner })).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: body.email, password: loser })).statusCode).toBe(401);
  });

  it("refuses an unknown token", async () => {
    const res = await post("/api/auth/reset-password", { token: "a".repeat(43), password: "new-password" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_TEXT.resetInvalid);
  });

  it("refuses a link older than 60 minutes and accepts one just within", async () => {
    const { body } = await register({ password: "old-password" });
    const expired = await requestResetToken(body.email);
    offsetMs = 61 * 60_000;
    const late = await post("/api/auth/reset-password", { token: expired, password: "new-password" });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(AUTH_TEXT.resetInvalid);
    expect((await post("/api/auth/login", { email: body.email, password: "old-password" })).statusCode).toBe(200);

    offsetMs = 0;
    const fresh = await requestResetToken(body.email);
    offsetMs = 59 * 60_000;
    const inTime = await post("/api/auth/reset-password", { token: fresh, password: "new-password" });
    expect(inTime.statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: body.email, password: "new-password" })).statusCode).toBe(200);
  });

  it("refuses a short new password without using up the link", async () => {
    const { body } = await register({ password: "old-password" });
    const resetToken = await requestResetToken(body.email);
    const res = await post("/api/auth/reset-password", { token: resetToken, password: "12345" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: AUTH_TEXT.passwordMin,
      code: "BAD_REQUEST",
      issues: [{ path: "body.password", message: AUTH_TEXT.passwordMin }],
    });
    expect((await post("/api/auth/login", { email: body.email, password: "old-password" })).statusCode).toBe(200);
    const [reset] = await t.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(resetToken)), isNull(passwordResets.usedAt)));
    expect(reset).toBeDefined();
    // The link still works with a valid password.
    const ok = await post("/api/auth/reset-password", { token: resetToken, password: "123456" });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a missing token with 400", async () => {
    const res = await post("/api/auth/reset-password", { password: "new-password" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.token", message: "Required" }]);
  });
});

describe("rate limits", () => {
  let r: TestApp;
  const PER_IP = 5;
  const PER_EMAIL = 3;
  beforeAll(async () => {
    r = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
        AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
        // A window far longer than the test, so no window boundary falls inside it; and a first
        // wait far longer than a burst of 200 requests takes.
        AUTH_RATE_LIMIT_WINDOW_SECONDS: String(1_000_000_000),
        AUTH_RATE_LIMIT_DELAY_SECONDS: "1000",
      },
    });
  });
  afterAll(() => r.close());

  let ipCounter = 0;
  const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const login = (email: string, password: string, ip: string, cookie?: string) =>
    r.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip, ...(cookie ? { cookies: { [KNOWN_DEVICE_COOKIE]: cookie } } : {}) });
  const deviceCookie = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)?.value;

  it(`slows down the ${PER_EMAIL + 1}th login attempt for one email from unknown devices with 429 and retry-after`, async () => {
    const email = freshEmail("limited");
    await r.insertUser(email, "MEMBER", "right-pass");
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_EMAIL; i++) codes.push((await login(email, "wrong-pass", ip)).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const blocked = await login(email, "right-pass", ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: AUTH_TEXT.tooManyAttempts, code: "RATE_LIMITED" });
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(999);
    expect(retryAfter).toBeLessThanOrEqual(1000);
    // The email is slowed down from another unknown address too, even with the right password.
    const elsewhere = await login(email.toUpperCase(), "right-pass", freshIp());
    expect(elsewhere.statusCode).toBe(429);
    // Another email from the first address is not affected by the email limit.
    const other = freshEmail("other");
    await r.insertUser(other, "MEMBER", "right-pass");
    expect((await login(other, "right-pass", ip)).statusCode).toBe(200);
  });

  it("a lock-out attempt from another address leaves the member able to sign in from their known device", async () => {
    const email = freshEmail("target");
    await r.insertUser(email, "MEMBER", "right-pass");
    const home = freshIp();
    const first = await login(email, "right-pass", home);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(cookie.value).not.toContain(email);
    // An attacker elsewhere types wrong passwords for the member's email until refused.
    const attacker = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_EMAIL + 5; i++) codes.push((await login(email, "guess", attacker)).statusCode);
    expect(codes.slice(0, PER_EMAIL)).toEqual([401, 401, 401]);
    expect(codes.slice(PER_EMAIL).every((c) => c === 429)).toBe(true);
    // The member's phone (its cookie), at home or on the road, signs in at once.
    expect((await login(email, "right-pass", home, cookie.value)).statusCode).toBe(200);
    expect((await login(email, "right-pass", freshIp(), cookie.value)).statusCode).toBe(200);
    // The attacker cannot make up the cookie: a tampered one, or one for another account, is an unknown device.
    const tampered = `${cookie.value.slice(0, -4)}AAAA`;
    expect((await login(email, "guess", attacker, tampered)).statusCode).toBe(429);
    const other = freshEmail("attacker");
    await r.insertUser(other, "MEMBER", "own-pass");
    const ownCookie = deviceCookie(await login(other, "own-pass", attacker))!;
    expect((await login(email, "guess", attacker, ownCookie)).statusCode).toBe(429);
    // The known device's allowance is its own, and limited too.
    const known: number[] = [];
    for (let i = 0; i < PER_EMAIL + 1; i++) known.push((await login(email, "typo-pass", home, cookie.value)).statusCode);
    expect(known).toEqual([401, 429, 429, 429]); // the two sign-ins above used two of the three
  });

  it("a device remembers several accounts (a family's tablet)", async () => {
    const ip = freshIp();
    const [a, b] = [freshEmail("parent"), freshEmail("child")];
    await r.insertUser(a, "MEMBER", "pass-a");
    await r.insertUser(b, "MEMBER", "pass-b");
    let cookie = deviceCookie(await login(a, "pass-a", ip))!;
    cookie = deviceCookie(await login(b, "pass-b", ip, cookie))!;
    for (let i = 0; i < PER_EMAIL + 1; i++) await login(a, "guess", freshIp());
    for (let i = 0; i < PER_EMAIL + 1; i++) await login(b, "guess", freshIp());
    expect((await login(a, "pass-a", ip, cookie)).statusCode).toBe(200);
    expect((await login(b, "pass-b", ip, cookie)).statusCode).toBe(200);
  });

  it("registration marks the device as known", async () => {
    const body = validRegister();
    const res = await r.app.inject({ method: "POST", url: "/api/auth/register", payload: body, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(201);
    const cookie = deviceCookie(res)!;
    for (let i = 0; i < PER_EMAIL + 1; i++) await login(body.email, "guess", freshIp());
    expect((await login(body.email, body.password, freshIp(), cookie)).statusCode).toBe(200);
  });

  it("is exact under concurrency: of 200 parallel attempts against one email, exactly the allowance get through", async () => {
    const email = freshEmail("burst");
    await r.insertUser(email, "MEMBER", "right-pass");
    // Each request from its own address, so only the per-email gate decides.
    const results = await Promise.all(Array.from({ length: 200 }, () => login(email, "wrong-pass", freshIp())));
    const notLimited = results.filter((res) => res.statusCode !== 429);
    expect(notLimited).toHaveLength(PER_EMAIL);
    for (const res of notLimited) expect(res.statusCode).toBe(401);
    for (const res of results.filter((x) => x.statusCode === 429)) {
      expect(res.json().error).toBe(AUTH_TEXT.tooManyAttempts);
      expect(res.headers["retry-after"]).toBeDefined();
    }
    // Only the attempts let through are counted.
    const [row] = await r.db.select().from(rateDelays).where(eq(rateDelays.key, `login:email:${email}`));
    expect(row.attempts).toBe(PER_EMAIL);
  });

  it("limits per address across different emails", async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_IP + 2; i++) codes.push((await login(freshEmail("spray"), "wrong-pass", ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // A real account is blocked from that address too; another address is fine.
    const email = freshEmail("victim");
    await r.insertUser(email, "MEMBER", "right-pass");
    expect((await login(email, "right-pass", ip)).statusCode).toBe(429);
    expect((await login(email, "right-pass", freshIp())).statusCode).toBe(200);
  });

  it("is exact per address under concurrency too (200 parallel attempts)", async () => {
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 200 }, () => login(freshEmail("par"), "wrong-pass", ip)));
    expect(results.filter((res) => res.statusCode !== 429)).toHaveLength(PER_IP);
  });

  it("sends at most one reset email per account, answering 202 the same to 200 parallel requests", async () => {
    const email = freshEmail("resetburst");
    await r.insertUser(email, "MEMBER");
    const results = await Promise.all(
      Array.from({ length: 200 }, () => r.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email }, remoteAddress: freshIp() })),
    );
    // Nobody can lock a member out of resetting: every request gets the same answer...
    expect(results.filter((res) => res.statusCode === 202)).toHaveLength(200);
    expect(new Set(results.map((res) => res.body)).size).toBe(1);
    // ...and the member gets one email, not 200.
    expect(await r.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(1);
  });

  it("holds for registration under 200 parallel attempts from one address: exactly the limit of accounts are created", async () => {
    const ip = freshIp();
    const emails = Array.from({ length: 200 }, () => freshEmail("regburst"));
    const results = await Promise.all(
      emails.map((email) => r.app.inject({ method: "POST", url: "/api/auth/register", payload: { ...validRegister(), email }, remoteAddress: ip })),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(PER_IP);
    expect(results.filter((res) => res.statusCode === 429)).toHaveLength(200 - PER_IP);
    expect(await r.db.select().from(users).where(inArray(users.email, emails))).toHaveLength(PER_IP);
  });

  it("limits registration and password-reset requests per address too", async () => {
    const ip = freshIp();
    const reg = [];
    for (let i = 0; i < PER_IP + 1; i++) {
      reg.push(
        (
          await r.app.inject({
            method: "POST",
            url: "/api/auth/register",
            payload: validRegister(),
            remoteAddress: ip,
          })
        ).statusCode,
      );
    }
    expect(reg).toEqual([201, 201, 201, 201, 201, 429]);

    const resetIp = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_IP + 1; i++) {
      codes.push((await r.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: freshEmail("resetflood") }, remoteAddress: resetIp })).statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("housekeeping drops windows that ended over a day ago but never a live one, however long the window", async () => {
    const forceHousekeeping = () => vi.spyOn(Math, "random").mockReturnValue(0); // the 1% branch
    // 10-minute windows: one from 3 days ago is dropped, one from an hour ago is kept.
    const stale = `test:stale:${freshEmail()}`;
    const recent = `test:recent:${freshEmail()}`;
    await r.db.insert(rateLimits).values([
      { key: stale, windowStart: new Date(Date.now() - 3 * 86_400_000), count: 7 },
      { key: recent, windowStart: new Date(Date.now() - 3_600_000), count: 7 },
    ]);
    let spy = forceHousekeeping();
    try {
      await hitRateLimit(r.db, `test:short:${freshEmail()}`, 100, 600);
    } finally {
      spy.mockRestore();
    }
    let rows = await r.db.select().from(rateLimits).where(inArray(rateLimits.key, [stale, recent]));
    expect(rows.map((row) => row.key)).toEqual([recent]);

    // A window of ~31 years started long ago but is live: its counter must survive.
    const live = `test:live:${freshEmail()}`;
    await hitRateLimit(r.db, live, 100, 1_000_000_000);
    spy = forceHousekeeping();
    try {
      await hitRateLimit(r.db, live, 100, 1_000_000_000);
    } finally {
      spy.mockRestore();
    }
    await hitRateLimit(r.db, live, 100, 1_000_000_000);
    rows = await r.db.select().from(rateLimits).where(eq(rateLimits.key, live));
    expect(rows).toHaveLength(1);
    expect(rows[0].count).toBe(3);
  });

  it("computes retry-after as the time until the sliding window has room again", async () => {
    const windowStart = Date.UTC(2030, 0, 1, 12, 0, 0);
    const at = (s: number) => new Date(windowStart + s * 1000);
    const refusal = (key: string, limit: number, when: Date) =>
      hitRateLimit(r.db, key, limit, 600, when).then(
        () => null,
        (e: unknown) => e as AppError,
      );
    // Limit 4: four attempts 100 s into a 600 s window; the fifth waits for the next window,
    // where this one's count fades: 4 * (1 - s/600) + 1 <= 4 at s = 150, so 500 + 150 s.
    const key = `test:${freshEmail()}`;
    for (let i = 0; i < 4; i++) await hitRateLimit(r.db, key, 4, 600, at(100));
    const err = await refusal(key, 4, at(100));
    expect(err).toBeInstanceOf(AppError);
    expect(err!.status).toBe(429);
    expect(err!.extra.retryAfterSeconds).toBe(650);
    // Just before that it is still refused (the previous window weighs 4 * 451/600 > 3); at it, allowed.
    expect(await refusal(key, 4, at(749))).toBeInstanceOf(AppError);
    expect(await refusal(key, 4, at(750))).toBeNull();
    // One window later still, the first window weighs nothing.
    expect(await refusal(key, 4, at(1200))).toBeNull();
  });

  it("does not count refused attempts: retrying while refused does not push the wait back", async () => {
    const start = Date.UTC(2030, 0, 2, 12, 0, 0);
    const key = `test:${freshEmail()}`;
    await hitRateLimit(r.db, key, 1, 600, new Date(start));
    for (let s = 1; s < 1200; s += 60) await expect(hitRateLimit(r.db, key, 1, 600, new Date(start + s * 1000))).rejects.toBeInstanceOf(AppError);
    await expect(hitRateLimit(r.db, key, 1, 600, new Date(start + 1200_000))).resolves.toBeUndefined();
  });
});

describe("sliding windows and progressive delays (a clock the test moves)", () => {
  let r: TestApp;
  let clock = Date.UTC(2031, 5, 1, 9, 0, 0);
  const WINDOW = 600;
  const PER_IP = 10;
  const PER_EMAIL = 5;
  const DELAY = 30;
  const RESET_EMAIL = 300;
  beforeAll(async () => {
    r = await createTestApp({
      now: () => new Date(clock),
      env: {
        AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
        AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
        AUTH_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW),
        AUTH_RATE_LIMIT_DELAY_SECONDS: String(DELAY),
        AUTH_RESET_EMAIL_SECONDS: String(RESET_EMAIL),
      },
    });
  });
  afterAll(() => r.close());
  const advance = (seconds: number) => {
    clock += seconds * 1000;
  };
  let ipCounter = 0;
  const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const login = (email: string, password: string, ip: string) =>
    r.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress: ip });

  it("20 attempts straddling a window boundary are limited: only the limit gets through", async () => {
    // 3 s before a window boundary.
    clock = Math.ceil(clock / (WINDOW * 1000)) * WINDOW * 1000 + 10 * WINDOW * 1000 - 3000;
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < PER_IP; i++) codes.push((await login(freshEmail("edge"), "wrong-pass", ip)).statusCode);
    advance(6); // 3 s into the next window
    for (let i = 0; i < PER_IP; i++) codes.push((await login(freshEmail("edge"), "wrong-pass", ip)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(PER_IP);
    expect(codes.slice(PER_IP).every((c) => c === 429)).toBe(true);
    // The allowance comes back as the earlier attempts slide out of the window.
    advance(WINDOW);
    expect((await login(freshEmail("edge"), "wrong-pass", ip)).statusCode).toBe(401);
  });

  it("slows failures down progressively (30 s, 60 s, 120 s ... at most the window) instead of a wall", async () => {
    const email = freshEmail("slow");
    await r.insertUser(email, "MEMBER", "right-pass");
    for (let i = 0; i < PER_EMAIL; i++) expect((await login(email, "wrong-pass", freshIp())).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await login(email, "wrong-pass", freshIp());
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      waits.push(wait);
      // Asking again too early changes nothing; waiting a second less is still refused.
      advance(wait - 1);
      const early = await login(email, "wrong-pass", freshIp());
      expect(early.statusCode).toBe(429);
      expect(early.headers["retry-after"]).toBe("1");
      advance(1);
      expect((await login(email, "wrong-pass", freshIp())).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 600]);
    // The right password, once let through, ends the slow-down.
    advance(WINDOW);
    expect((await login(email, "right-pass", freshIp())).statusCode).toBe(200);
    for (let i = 0; i < PER_EMAIL; i++) expect((await login(email, "wrong-pass", freshIp())).statusCode).toBe(401);
    expect((await login(email, "wrong-pass", freshIp())).statusCode).toBe(429);
    // A day without attempts forgets the streak too.
    advance(86_400 + 1);
    for (let i = 0; i < PER_EMAIL; i++) expect((await login(email, "wrong-pass", freshIp())).statusCode).toBe(401);
  });

  it("caps reset emails per account; each request answers 202 the same, for a real account or not", async () => {
    const email = freshEmail("resetcap");
    await r.insertUser(email, "MEMBER");
    const ghost = freshEmail("ghost");
    const ask = (who: string) => r.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: who }, remoteAddress: freshIp() });
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await ask(email), await ask(ghost));
    for (const a of answers) {
      expect(a.statusCode).toBe(202);
      expect(a.body).toBe(answers[0].body);
    }
    const mails = () => r.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(await mails()).toHaveLength(1);
    // The link that was sent still works: suppressed requests retired nothing.
    const link = decodeURIComponent(/\?token=([^\s"&<]+)/.exec((await mails())[0].text)![1]);
    const [live] = await r.db.select().from(passwordResets).where(and(eq(passwordResets.tokenHash, hashToken(link)), isNull(passwordResets.usedAt)));
    expect(live).toBeDefined();
    advance(RESET_EMAIL - 1);
    await ask(email);
    expect(await mails()).toHaveLength(1);
    advance(1);
    await ask(email);
    expect(await mails()).toHaveLength(2);
  });
});
