/**
 * Sessions and sign-in, the promises of docs/security.md that auth.test.ts does not already
 * prove: tokens are 256-bit random and nowhere stored in clear; an expired or revoked session
 * is refused on every kind of route (member, staff, owner, state-changing, the event stream by
 * bearer and by cookie); only the newest password-reset link works, and using one retires the
 * rest; every stored password hash meets OWASP's argon2id recommendation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { hashToken, newToken } from "../../http/tokens";
import { hashPassword } from "../../security/passwords";
import { sessions, passwordResets, users } from "../../db/schema/users";
import { emailOutbox } from "../../db/schema/platform";
import { personalNotes } from "../../db/schema/notes";
import { EVENTS_COOKIE } from "../../http/auth";
import { seedDemo, DEMO_ACCOUNTS } from "../../seed/demo";
import { AUTH_TEXT } from "../../../contract/auth";

let t: TestApp;
let base: string;
beforeAll(async () => {
  // Several links for one account in a row: no cap on reset emails here (auth.test.ts tests it).
  t = await createTestApp({ env: { AUTH_RESET_EMAIL_SECONDS: "0" } });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers });

describe("tokens", () => {
  it("are 256 bits from the system's CSPRNG: 32 bytes each, all distinct, every bit position unbiased", () => {
    const N = 2000;
    const tokens = Array.from({ length: N }, newToken);
    expect(new Set(tokens).size).toBe(N);
    const ones = new Array<number>(256).fill(0);
    for (const tok of tokens) {
      expect(tok).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const bytes = Buffer.from(tok, "base64url");
      expect(bytes).toHaveLength(32);
      for (let bit = 0; bit < 256; bit++) ones[bit] += (bytes[bit >> 3] >> (bit & 7)) & 1;
    }
    // A fixed or counter-like byte shows as a bit position that is (almost) always 0 or 1.
    // With 2000 samples a fair bit stays within 1000 ± 200 (nine standard deviations).
    for (const count of ones) {
      expect(count).toBeGreaterThan(800);
      expect(count).toBeLessThan(1200);
    }
    const total = ones.reduce((a, b) => a + b, 0) / (N * 256);
    expect(total).toBeGreaterThan(0.49);
    expect(total).toBeLessThan(0.51);
  });

  it("are stored nowhere in clear: no text column of any table holds a session or reset token, only their SHA-256", async () => {
    const member = await t.signUp();
    const login = await post("/api/auth/login", { email: member.user.email, password: member.password });
    const second = login.json().token as string;
    await post("/api/auth/forgot-password", { email: member.user.email });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.user.email));
    const resetToken = decodeURIComponent(/\?token=([^\s"&<]+)/.exec(mail.text)![1]);

    const cols = (await t.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(cols.rows.length).toBeGreaterThan(10);
    for (const { table_name, column_name } of cols.rows) {
      // Without SMTP the reset email itself is kept in the outbox (hidden from staff, decision 0004).
      if (table_name === "email_outbox") continue;
      for (const secret of [member.token, second, resetToken]) {
        const hits = (await t.db.execute(
          sql.raw(`select count(*)::int as n from "${table_name}" where strpos("${column_name}"::text, '${secret}') > 0`),
        )) as unknown as { rows: { n: number }[] };
        expect(Number(hits.rows[0].n), `${table_name}.${column_name}`).toBe(0);
      }
    }
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, member.user.id));
    expect(stored.map((s) => s.tokenHash).sort()).toEqual([hashToken(member.token), hashToken(second)].sort());
    const [reset] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, member.user.id));
    expect(reset.tokenHash).toBe(hashToken(resetToken));
  });
});

describe("an expired or revoked session is refused on every kind of route", () => {
  type Ended = "expired" | "revoked";

  /** A STAFF and an OWNER with one session each, then ended the given way. */
  async function endedSessions(how: Ended) {
    const staff = await t.signUp("STAFF");
    const owner = await t.signUp("OWNER");
    for (const who of [staff, owner]) {
      // Each works before it ends (so a 401 below is the ending, not a bad token).
      expect((await t.app.inject({ method: "GET", url: "/api/church/me", headers: who.auth })).statusCode).toBe(200);
      if (how === "revoked") expect((await post("/api/auth/logout", undefined, who.auth)).statusCode).toBe(204);
      else {
        await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, hashToken(who.token)));
        await t.authSettled(); // the cached session heard of it (session-cache.ts)
      }
    }
    return { staff, owner };
  }

  for (const how of ["expired", "revoked"] as const) {
    it(`${how}: bearer on member, staff, owner and state-changing routes answers 401 and changes nothing`, async () => {
      const { staff, owner } = await endedSessions(how);
      const victim = await t.signUp();
      const calls = [
        { who: staff, method: "GET", url: "/api/church/me" },
        { who: staff, method: "GET", url: "/api/admin/outbox" },
        { who: owner, method: "GET", url: "/api/admin/users" },
        { who: owner, method: "PATCH", url: `/api/admin/users/${victim.user.id}`, payload: { role: "OWNER" } },
        { who: staff, method: "POST", url: "/api/personal-notes", payload: { title: "Kept?", content: "Should not be kept" } },
        { who: staff, method: "POST", url: "/api/auth/logout" },
      ] as const;
      for (const c of calls) {
        const res = await t.app.inject({ method: c.method, url: c.url, headers: c.who.auth, payload: "payload" in c ? c.payload : undefined });
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
        expect(res.json()).toEqual({ error: "Please sign in", code: "UNAUTHORIZED" });
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
      expect(row.role).toBe("MEMBER");
      expect(await t.db.select().from(personalNotes).where(eq(personalNotes.userId, staff.user.id))).toEqual([]);
    });

    it(`${how}: the event stream refuses it by bearer header and by the sign-in cookie`, async () => {
      const { staff } = await endedSessions(how);
      for (const headers of [staff.auth, { cookie: `${EVENTS_COOKIE}=${staff.token}` }]) {
        const res = await fetch(`${base}/api/events`, { headers });
        expect(res.status, Object.keys(headers)[0]).toBe(401);
        expect(await res.json()).toEqual({ error: "Please sign in", code: "UNAUTHORIZED" });
      }
    });
  }

  it("the same cookie opens the stream while the session lives (so the 401s above are the ending)", async () => {
    const member = await t.signUp();
    const ctrl = new AbortController();
    const res = await fetch(`${base}/api/events`, { headers: { cookie: `${EVENTS_COOKIE}=${member.token}` }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    ctrl.abort();
  });

  it("a password reset ends every session of the account, for the bearer header and the stream cookie alike", async () => {
    const member = await t.signUp();
    const other = (await post("/api/auth/login", { email: member.user.email, password: member.password })).json().token as string;
    await post("/api/auth/forgot-password", { email: member.user.email });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, member.user.email));
    const resetToken = decodeURIComponent(/\?token=([^\s"&<]+)/.exec(mail.text)![1]);
    expect((await post("/api/auth/reset-password", { token: resetToken, password: "brand-new-pass" })).statusCode).toBe(200);
    for (const token of [member.token, other]) {
      expect((await t.app.inject({ method: "GET", url: "/api/church/me", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
      const res = await fetch(`${base}/api/events`, { headers: { cookie: `${EVENTS_COOKIE}=${token}` } });
      expect(res.status).toBe(401);
      await res.body?.cancel();
    }
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.user.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
  });
});

describe("sessions unknown to this process, asked for all at once (decision 0133: looked up together)", () => {
  it("each request is answered as its own member; a revoked and an expired one among them are 401", async () => {
    const now = Date.now();
    const people = await Promise.all(Array.from({ length: 24 }, (_, i) => t.insertUser(`batch${i}-${now}@example.org`, "MEMBER")));
    // Sessions written straight to the database: no request of this process has seen them.
    const tokens = people.map(() => newToken());
    await t.db.insert(sessions).values(
      people.map((p, i) => ({
        userId: p.id,
        tokenHash: hashToken(tokens[i]),
        expiresAt: new Date(now + (i === 1 ? -1000 : 86_400_000)),
        revokedAt: i === 0 ? new Date(now) : null,
      })),
    );
    const answers = await Promise.all(
      tokens.map((token) => t.app.inject({ method: "GET", url: "/api/me/email", headers: { authorization: `Bearer ${token}` } })),
    );
    answers.forEach((res, i) => {
      if (i < 2) expect(res.statusCode, `session ${i}`).toBe(401);
      else expect(res.json(), `session ${i}`).toEqual({ email: people[i].email, pendingEmail: null });
    });
    // Their last use is written (together), and only for the sessions that were admitted.
    const used = async () =>
      (await t.db.select({ id: sessions.userId }).from(sessions).where(and(isNotNull(sessions.lastUsedAt), inArray(sessions.userId, people.map((p) => p.id))))).length;
    for (let i = 0; i < 50 && (await used()) < 22; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await used()).toBe(22);
  });
});

describe("password reset links: only the newest works, and using one retires the rest", () => {
  async function askForLinks(email: string, count: number) {
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      expect((await post("/api/auth/forgot-password", { email })).statusCode).toBe(202);
      const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))[0];
      tokens.push(decodeURIComponent(/\?token=([^\s"&<]+)/.exec(latest.text)![1]));
    }
    expect(new Set(tokens).size).toBe(count);
    return tokens;
  }
  const reset = (token: string, password: string) => post("/api/auth/reset-password", { token, password });

  it("a newer link retires the earlier ones: they are refused and change nothing", async () => {
    const member = await t.signUp();
    const [first, second, newest] = await askForLinks(member.user.email, 3);
    for (const old of [first, second]) {
      const res = await reset(old, "from-an-old-link");
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(AUTH_TEXT.resetInvalid);
    }
    expect((await post("/api/auth/login", { email: member.user.email, password: member.password })).statusCode).toBe(200);
    expect((await reset(newest, "from-the-newest")).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: member.user.email, password: "from-the-newest" })).statusCode).toBe(200);
  });

  it("using a link retires every other outstanding link of the account", async () => {
    const member = await t.signUp();
    const [older] = await askForLinks(member.user.email, 1);
    // A link issued before the newest was retired by it; make it look outstanding again, as a
    // link from before this rule would be, and check that the reset itself retires it.
    const [newest] = await askForLinks(member.user.email, 1);
    await t.db.update(passwordResets).set({ usedAt: null }).where(eq(passwordResets.tokenHash, hashToken(older)));
    expect((await reset(newest, "chosen-password")).statusCode).toBe(200);
    const outstanding = await t.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, member.user.id), isNull(passwordResets.usedAt)));
    expect(outstanding).toEqual([]);
    expect((await reset(older, "sneaky-password")).statusCode).toBe(400);
    expect((await post("/api/auth/login", { email: member.user.email, password: "chosen-password" })).statusCode).toBe(200);
  });

  it("many requests at once leave exactly one live link", async () => {
    const member = await t.signUp();
    const results = await Promise.all(Array.from({ length: 12 }, () => post("/api/auth/forgot-password", { email: member.user.email })));
    expect(results.map((r) => r.statusCode)).toEqual(new Array(12).fill(202));
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, member.user.id));
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => r.usedAt === null)).toHaveLength(1);
  });
});

/**
 * OWASP Password Storage Cheat Sheet, argon2id: p=1 with any of these memory (KiB) and
 * iteration pairs, all of equal strength. A hash meets it when it is argon2id v19 and at least
 * one row is met or exceeded.
 */
const OWASP_ARGON2ID = [
  { m: 47_104, t: 1 },
  { m: 19_456, t: 2 },
  { m: 12_288, t: 3 },
  { m: 9_216, t: 4 },
  { m: 7_168, t: 5 },
];

function meetsOwasp(phc: string) {
  // PHC string: $argon2id$v=19$<m=..,t=..,p=.. in any order>$<salt>$<hash>, base64 without padding.
  const m = /^\$argon2id\$v=19\$([a-z]=\d+(?:,[a-z]=\d+)*)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!m) return { ok: false, why: `not argon2id v19: ${phc.slice(0, 12)}` };
  const params = Object.fromEntries(m[1].split(",").map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]));
  const [mem, iter, par] = [params.m ?? 0, params.t ?? 0, params.p ?? 0];
  const saltBytes = Buffer.from(m[2], "base64").length;
  const hashBytes = Buffer.from(m[3], "base64").length;
  const ok = par >= 1 && saltBytes >= 16 && hashBytes >= 32 && OWASP_ARGON2ID.some((row) => mem >= row.m && iter >= row.t);
  return { ok, why: `m=${mem} t=${iter} p=${par} salt=${saltBytes}B hash=${hashBytes}B` };
}

describe("argon2id parameters", () => {
  it("the check itself refuses weaker parameters and other algorithms", async () => {
    const argon2 = (await import("argon2")).default;
    expect(meetsOwasp(await argon2.hash("x", { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 })).ok).toBe(true);
    expect(meetsOwasp(await argon2.hash("x", { type: argon2.argon2id, memoryCost: 4_096, timeCost: 3, parallelism: 1 })).ok).toBe(false);
    expect(meetsOwasp(await argon2.hash("x", { type: argon2.argon2id, memoryCost: 19_456, timeCost: 1, parallelism: 1 })).ok).toBe(false);
    expect(meetsOwasp(await argon2.hash("x", { type: argon2.argon2i, memoryCost: 19_456, timeCost: 2, parallelism: 1 })).ok).toBe(false);
  });

  it("every stored hash meets OWASP's recommendation: registration, reset, the demo seed and hashPassword itself", async () => {
    const registered = await t.signUp();
    const resetOne = await t.signUp();
    await post("/api/auth/forgot-password", { email: resetOne.user.email });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, resetOne.user.email));
    const token = decodeURIComponent(/\?token=([^\s"&<]+)/.exec(mail.text)![1]);
    expect((await post("/api/auth/reset-password", { token, password: "after-reset-pass" })).statusCode).toBe(200);
    await seedDemo(t.db);

    const rows = await t.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users);
    const emails = rows.map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining([registered.user.email, resetOne.user.email, ...DEMO_ACCOUNTS.map((a) => a.email)]));
    for (const row of rows) {
      const verdict = meetsOwasp(row.passwordHash);
      expect(verdict.ok, `${row.email}: ${verdict.why}`).toBe(true);
    }
    expect(meetsOwasp(await hashPassword("any-password")).ok).toBe(true);
  });
});
