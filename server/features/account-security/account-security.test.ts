/**
 * Profile → Sign-in and security (issue 20), on a real database over real HTTP handling:
 * change password (wrong current password, limits, other sessions out on every instance, this
 * one kept, the email in the same transaction), change email (link to the new address only,
 * single-use, expiring, taken meanwhile, no account revealed), devices (own sessions only, 404
 * for anyone else's, sign out one or all others) and the throttled last use.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, eventually, sameDatabase, type TestApp } from "../../testing/harness";
import { sessions, users, emailChanges } from "../../db/schema/users";
import { emailOutbox } from "../../db/schema/platform";
import { verifyPassword } from "../../security/passwords";
import { SESSION_TOUCH_MS } from "../../http/session-touch";
import { ACCOUNT_SECURITY_TEXT, DEVICE_SESSIONS_MAX, EMAIL_CHANGE_TTL_HOURS } from "../../../contract/account-security";
import { AUTH_TEXT } from "../../../contract/auth";
import { messagesFor } from "../../i18n";

let clock = new Date("2026-11-26T10:00:00Z");
const now = () => new Date(clock);
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
let t: TestApp;
let b: TestApp;
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

beforeAll(async () => {
  t = await createTestApp({ now, env: { SESSION_CACHE_SECONDS: "300", AUTH_RATE_LIMIT_PER_EMAIL: "3", AUTH_RATE_LIMIT_DELAY_SECONDS: "30" } });
  b = await createTestApp({ now, env: { SESSION_CACHE_SECONDS: "300" }, sameDatabaseAs: sameDatabase(t) });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const call = (app: TestApp, method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });
const me = (app: TestApp, token: string) => call(app, "GET", "/api/church/me", token);
async function signIn(email: string, password: string, ua = WINDOWS) {
  const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password }, headers: { "user-agent": ua } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
const exec = async (...statements: string[]) => {
  for (const s of statements) await t.db.execute(sql.raw(s));
};
const mailTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("change password", () => {
  it("refuses a wrong current password with a 400 on currentPassword, in the member's language, and changes nothing", async () => {
    const m = await t.signUp();
    const res = await call(t, "POST", "/api/me/password", m.token, { currentPassword: "wrong-one", newPassword: "brand-new-pass" });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: "body.currentPassword", message: ACCOUNT_SECURITY_TEXT.wrongCurrentPassword }]);
    const es = await call(t, "POST", "/api/me/password", m.token, { currentPassword: "wrong-one", newPassword: "brand-new-pass" }, { "accept-language": "es" });
    expect(es.json().issues[0].message).toBe(messagesFor("es").accountSecurity.wrongCurrentPassword);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(await verifyPassword(row.passwordHash, m.password)).toBe(true);
    expect(await mailTo(m.user.email)).toHaveLength(0);
  });

  it("applies the registration rules to the new password", async () => {
    const m = await t.signUp();
    const res = await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "12345" });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(AUTH_TEXT.passwordMin);
  });

  it("slows wrong guesses down like sign-in (429 with Retry-After), and the right password still works after the wait", async () => {
    const m = await t.signUp();
    const wrong = () => call(t, "POST", "/api/me/password", m.token, { currentPassword: "guess", newPassword: "brand-new-pass" });
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(400);
    const refused = await wrong();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Even the right password waits out the streak: a stolen session cannot guess at speed.
    expect((await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "brand-new-pass" })).statusCode).toBe(429);
    advance(31_000);
    expect((await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "brand-new-pass" })).statusCode).toBe(204);
  });

  it("signs out every other session, on every instance, keeps this one, and emails the member without the password", async () => {
    const m = await t.signUp();
    const other = await signIn(m.user.email, m.password);
    // The other session is cached on instance b, which must hear of the revocation.
    expect((await me(b, other)).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(200);
    const res = await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "my-new-secret" });
    expect(res.statusCode).toBe(204);
    expect((await me(t, m.token)).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    expect(await eventually(async () => (await me(b, other)).statusCode === 401)).toBe(true);
    expect((await me(b, m.token)).statusCode).toBe(200);
    // The new password signs in, the old one does not.
    await signIn(m.user.email, "my-new-secret");
    const old = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: m.user.email, password: m.password } });
    expect(old.statusCode).toBe(401);
    const mails = await mailTo(m.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(messagesFor("en").email.passwordChanged.subject(t.deps.church.name));
    expect(mails[0].text).not.toContain("my-new-secret");
    expect(mails[0].html).not.toContain("my-new-secret");
  });

  it("leaves every other member's sessions signed in, on every instance, and sends them nothing", async () => {
    const m = await t.signUp();
    const n = await t.signUp();
    const nSecond = await signIn(n.user.email, n.password, IPHONE);
    for (const app of [t, b]) for (const token of [n.token, nSecond]) expect((await me(app, token)).statusCode).toBe(200);
    expect((await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "only-mine-changed" })).statusCode).toBe(204);
    for (const app of [t, b]) for (const token of [n.token, nSecond]) expect((await me(app, token)).statusCode).toBe(200);
    expect(await t.db.select().from(sessions).where(and(eq(sessions.userId, n.user.id), sql`${sessions.revokedAt} is not null`))).toEqual([]);
    // n's password is untouched and n was told nothing.
    await signIn(n.user.email, n.password);
    expect(await mailTo(n.user.email)).toHaveLength(0);
  });

  it("tells a Spanish-speaking member in Spanish", async () => {
    const m = await t.signUp();
    await t.app.inject({ method: "PUT", url: "/api/auth/locale", headers: m.auth, payload: { locale: "es" } });
    expect((await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "otra-clave-1" })).statusCode).toBe(204);
    const [mail] = await mailTo(m.user.email);
    expect(mail.subject).toBe(messagesFor("es").email.passwordChanged.subject(t.deps.church.name));
  });

  it("queues the email in the same transaction: when the email cannot be queued, nothing changes", async () => {
    const m = await t.signUp();
    const other = await signIn(m.user.email, m.password);
    await exec(
      `create or replace function test_refuse_mail() returns trigger language plpgsql as $$
       begin if new."to" = '${m.user.email}' then raise exception 'outbox refused'; end if; return new; end $$`,
      `create trigger test_refuse_mail before insert on email_outbox for each row execute function test_refuse_mail()`,
    );
    try {
      const res = await call(t, "POST", "/api/me/password", m.token, { currentPassword: m.password, newPassword: "never-stored" });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger test_refuse_mail on email_outbox`);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(await verifyPassword(row.passwordHash, m.password)).toBe(true);
    expect((await me(t, other)).statusCode).toBe(200);
  });
});

describe("change email", () => {
  const tokenOf = (text: string) => decodeURIComponent(/confirm-email\?token=([^\s"&<]+)/.exec(text)![1]);
  const confirm = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/confirm-email", payload: { token } });

  it("sends the link to the new address only, keeps the old email until it is opened, then switches once", async () => {
    const m = await t.signUp();
    const newEmail = `moved-${m.user.id.slice(0, 8)}@example.org`;
    const res = await call(t, "POST", "/api/me/email", m.token, { newEmail: newEmail.toUpperCase(), currentPassword: m.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: m.user.email, pendingEmail: newEmail });
    expect((await call(t, "GET", "/api/me/email", m.token)).json()).toEqual({ email: m.user.email, pendingEmail: newEmail });
    const [toNew] = await mailTo(newEmail);
    const [toOld] = await mailTo(m.user.email);
    expect(toNew.sensitive).toBe(true);
    const token = tokenOf(toNew.text);
    expect(toOld.text).toContain(newEmail);
    expect(toOld.text).not.toContain("confirm-email");
    expect(toOld.html).not.toContain(token);
    // Only the hash is stored.
    const stored = await t.db.select().from(emailChanges).where(eq(emailChanges.userId, m.user.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    const [before] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(before.email).toBe(m.user.email);

    expect((await confirm(token)).statusCode).toBe(204);
    const [after] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(after.email).toBe(newEmail);
    expect((await call(t, "GET", "/api/me/email", m.token)).json()).toEqual({ email: newEmail, pendingEmail: null });
    // The old address is told it changed.
    const old = await mailTo(m.user.email);
    expect(old).toHaveLength(2);
    expect(old[1].subject).toBe(messagesFor("en").email.emailChanged.subject(t.deps.church.name));
    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ACCOUNT_SECURITY_TEXT.emailConfirmInvalid);
    // Signs in with the new email.
    await signIn(newEmail, m.password);
  });

  it("expires after EMAIL_CHANGE_TTL_HOURS, and asking again retires the earlier link", async () => {
    const m = await t.signUp();
    const first = `first-${m.user.id.slice(0, 8)}@example.org`;
    const second = `second-${m.user.id.slice(0, 8)}@example.org`;
    await call(t, "POST", "/api/me/email", m.token, { newEmail: first, currentPassword: m.password });
    await call(t, "POST", "/api/me/email", m.token, { newEmail: second, currentPassword: m.password });
    const firstToken = tokenOf((await mailTo(first))[0].text);
    const secondToken = tokenOf((await mailTo(second))[0].text);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    advance(EMAIL_CHANGE_TTL_HOURS * 3_600_000 + 1000);
    expect((await confirm(secondToken)).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.email).toBe(m.user.email);
  });

  it("answers the same when the new address has an account, sends it a note without a link, and never switches", async () => {
    const m = await t.signUp();
    const owner = await t.signUp();
    const res = await call(t, "POST", "/api/me/email", m.token, { newEmail: owner.user.email, currentPassword: m.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ email: m.user.email, pendingEmail: owner.user.email });
    expect((await call(t, "GET", "/api/me/email", m.token)).json().pendingEmail).toBe(owner.user.email);
    const [note] = await mailTo(owner.user.email);
    expect(note.subject).toBe(messagesFor("en").email.emailChangeTaken.subject(t.deps.church.name));
    expect(note.text).not.toContain("confirm-email");
    expect(note.text).not.toContain(m.user.email);
    expect(await mailTo(m.user.email)).toHaveLength(1);
  });

  it("409 when another account took the address between the link and its use; the email stays", async () => {
    const m = await t.signUp();
    const wanted = `wanted-${m.user.id.slice(0, 8)}@example.org`;
    await call(t, "POST", "/api/me/email", m.token, { newEmail: wanted, currentPassword: m.password });
    const token = tokenOf((await mailTo(wanted))[0].text);
    await t.signUp("MEMBER", { email: wanted });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(ACCOUNT_SECURITY_TEXT.emailTakenMeanwhile);
    const [row] = await t.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row.email).toBe(m.user.email);
  });

  it("needs the current password, and refuses the email the member already has", async () => {
    const m = await t.signUp();
    const wrong = await call(t, "POST", "/api/me/email", m.token, { newEmail: "x-new@example.org", currentPassword: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe("body.currentPassword");
    expect(await mailTo("x-new@example.org")).toHaveLength(0);
    const same = await call(t, "POST", "/api/me/email", m.token, { newEmail: m.user.email, currentPassword: m.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues[0]).toEqual({ path: "body.newEmail", message: ACCOUNT_SECURITY_TEXT.sameEmail });
    const bad = await call(t, "POST", "/api/me/email", m.token, { newEmail: "not an email", currentPassword: m.password });
    expect(bad.statusCode).toBe(400);
  });
});

describe("devices", () => {
  it("lists the member's own live sessions with device, browser and this one marked", async () => {
    const m = await t.signUp();
    const phone = await signIn(m.user.email, m.password, IPHONE);
    const laptop = await signIn(m.user.email, m.password, WINDOWS);
    await call(t, "POST", "/api/auth/logout", laptop);
    const someoneElse = await t.signUp();
    const res = await call(t, "GET", "/api/me/sessions", phone);
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions as { id: string; device: string | null; browser: string | null; os: string | null; current: boolean }[];
    expect(list).toHaveLength(2); // registration and the phone; the signed-out laptop is gone
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ device: "iPhone", browser: "Safari 17", os: "iOS 17" });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const theirs = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, someoneElse.user.id));
    for (const s of theirs) expect(list.map((x) => x.id)).not.toContain(s.id);
  });

  it("keeps only the first 400 characters of a user agent", async () => {
    const m = await t.signUp();
    await signIn(m.user.email, m.password, WINDOWS + " x".repeat(1000));
    const rows = await t.db.select({ ua: sessions.userAgent }).from(sessions).where(eq(sessions.userId, m.user.id));
    expect(Math.max(...rows.map((r) => r.ua?.length ?? 0))).toBe(400);
  });

  it("signs out one device (on every instance); 404 for another member's session or an unknown one, which stays signed in", async () => {
    const m = await t.signUp();
    const other = await signIn(m.user.email, m.password);
    const stranger = await t.signUp();
    const [theirs] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, stranger.user.id));
    const notMine = await call(t, "DELETE", `/api/me/sessions/${theirs.id}`, m.token);
    expect(notMine.statusCode).toBe(404);
    expect((await me(t, stranger.token)).statusCode).toBe(200);
    expect((await call(t, "DELETE", "/api/me/sessions/00000000-0000-0000-0000-000000000000", m.token)).statusCode).toBe(404);
    expect((await call(t, "DELETE", "/api/me/sessions/not-a-uuid", m.token)).statusCode).toBe(404);

    expect((await me(b, other)).statusCode).toBe(200);
    const list = (await call(t, "GET", "/api/me/sessions", m.token)).json().sessions as { id: string; current: boolean }[];
    const target = list.find((s) => !s.current)!;
    expect((await call(t, "DELETE", `/api/me/sessions/${target.id}`, m.token)).statusCode).toBe(204);
    expect((await me(t, other)).statusCode).toBe(401);
    expect(await eventually(async () => (await me(b, other)).statusCode === 401)).toBe(true);
    expect((await me(t, m.token)).statusCode).toBe(200);
    // Already signed out: nothing left to sign out.
    expect((await call(t, "DELETE", `/api/me/sessions/${target.id}`, m.token)).statusCode).toBe(404);
  });

  it("signs out all others and keeps this one; another member's sessions are untouched", async () => {
    const m = await t.signUp();
    const others = [await signIn(m.user.email, m.password), await signIn(m.user.email, m.password, IPHONE)];
    const stranger = await t.signUp();
    expect((await call(t, "POST", "/api/me/sessions/sign-out-others", m.token)).statusCode).toBe(204);
    for (const o of others) expect((await me(t, o)).statusCode).toBe(401);
    expect((await me(t, m.token)).statusCode).toBe(200);
    expect((await me(t, stranger.token)).statusCode).toBe(200);
    const list = (await call(t, "GET", "/api/me/sessions", m.token)).json().sessions;
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);
  });

  it(`lists at most ${DEVICE_SESSIONS_MAX} sessions, the most recently used first; expired and signed-out ones never`, async () => {
    const m = await t.signUp();
    const [mine] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, m.user.id));
    const at = (minutesAgo: number) => new Date(clock.getTime() - minutesAgo * 60_000);
    const expires = new Date(clock.getTime() + 86_400_000);
    await t.db.insert(sessions).values([
      ...Array.from({ length: DEVICE_SESSIONS_MAX + 5 }, (_, i) => ({
        userId: m.user.id,
        tokenHash: `cap-${m.user.id}-${i}`,
        expiresAt: expires,
        userAgent: i % 2 ? IPHONE : WINDOWS,
        createdAt: at(10_000),
        lastUsedAt: at(i + 1),
      })),
      { userId: m.user.id, tokenHash: `cap-${m.user.id}-expired`, expiresAt: at(1), createdAt: at(10_000), lastUsedAt: at(0) },
      { userId: m.user.id, tokenHash: `cap-${m.user.id}-revoked`, expiresAt: expires, revokedAt: at(1), createdAt: at(10_000), lastUsedAt: at(0) },
    ]);
    // This session was used just now (its last use is written by the request itself, or is its start).
    await t.db.update(sessions).set({ lastUsedAt: clock }).where(eq(sessions.id, mine.id));
    const list = (await call(t, "GET", "/api/me/sessions", m.token)).json().sessions as { id: string; current: boolean; browser: string | null; lastUsedAt: string }[];
    expect(list).toHaveLength(DEVICE_SESSIONS_MAX);
    expect(list[0]).toMatchObject({ id: mine.id, current: true });
    const times = list.map((s) => Date.parse(s.lastUsedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(times.at(-1)).toBe(at(DEVICE_SESSIONS_MAX - 1).getTime());
    expect(list.slice(1, 3).map((s) => s.browser)).toEqual(["Chrome 120", "Safari 17"]);
  });

  it("needs a signed-in member", async () => {
    for (const [method, url] of [["GET", "/api/me/sessions"], ["POST", "/api/me/sessions/sign-out-others"], ["GET", "/api/me/email"]] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe("last use", () => {
  it("is written at most once per SESSION_TOUCH_MS per session, not on every request", async () => {
    const m = await t.signUp();
    const lastUsed = async () => (await t.db.select({ at: sessions.lastUsedAt }).from(sessions).where(eq(sessions.userId, m.user.id)))[0].at!.getTime();
    const start = clock.getTime();
    expect(await lastUsed()).toBe(start);
    let writes = 0;
    // Count the writes: a trigger on the column is the one honest witness.
    await exec(
      `create table if not exists test_touch_writes (session_id uuid, at timestamptz)`,
      `create or replace function test_touch() returns trigger language plpgsql as $$
       begin insert into test_touch_writes values (new.id, new.last_used_at); return new; end $$`,
      `drop trigger if exists test_touch on sessions`,
      `create trigger test_touch after update of last_used_at on sessions for each row execute function test_touch()`,
    );
    try {
      for (let i = 0; i < 20; i++) {
        advance(30_000); // 20 requests over 10 minutes
        expect((await me(t, m.token)).statusCode).toBe(200);
        expect((await me(b, m.token)).statusCode).toBe(200);
      }
      await eventually(async () => (await lastUsed()) > start);
      const rows = (await t.db.execute(sql.raw(`select count(*)::int as n from test_touch_writes t join sessions s on s.id = t.session_id where s.user_id = '${m.user.id}'`))) as unknown as { rows: { n: number }[] };
      writes = Number(rows.rows[0].n);
    } finally {
      await t.db.execute(sql.raw(`drop trigger test_touch on sessions`));
    }
    // 40 requests on two instances over 10 minutes: one write (the first request past the 10 minutes).
    expect(writes).toBe(1);
    expect(await lastUsed()).toBeGreaterThanOrEqual(start + SESSION_TOUCH_MS);
    const [row] = await t.db.select().from(sessions).where(and(eq(sessions.userId, m.user.id)));
    expect(row.revokedAt).toBeNull();
  });
});
