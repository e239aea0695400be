/**
 * Email choices (issue 20, decision 0118): church news (announcements) follows "Email updates"
 * and carries a one-click unsubscribe (RFC 8058: List-Unsubscribe + List-Unsubscribe-Post) with
 * a signed per-member token; POST /api/email/unsubscribe works without signing in, only for the
 * token's member, answers every token the same; GET never unsubscribes. Account emails (reset,
 * receipts) carry no unsubscribe and always go.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { emailOptOuts } from "../../db/schema/notifications";
import { emailOutbox } from "../../db/schema/platform";
import { announcements } from "../../db/schema/announcements";
import { sendDueAnnouncements } from "../announcements/send-announcements";
import { unsubscribeToken, verifyUnsubscribeToken } from "../../shared/email/unsubscribe";
import { createSecretBox } from "../../security/secret-box";
import { createSmtpSender } from "../../providers/email/smtp";
import { runEmailDelivery } from "../../jobs/email-delivery";
import { startSmtpStandIn, type SmtpStandIn } from "../../testing/smtp-stand-in";
import { UNSUBSCRIBE_TEXT } from "../../../contract/directory";

type Account = Awaited<ReturnType<TestApp["signUp"]>>;
let t: TestApp;
let staff: Account;
let smtp: SmtpStandIn;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: "announcement=1000,emailUnsubscribe=1000", EMAIL_MAX_PER_SECOND: "1000" } });
  staff = await t.signUp("STAFF");
  smtp = await startSmtpStandIn("ok");
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(announcements);
  await t.db.delete(emailOutbox);
});

const optedOut = async (userId: string) => (await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, userId))).length === 1;
const oneClick = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: "List-Unsubscribe=One-Click",
  });
async function announce() {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/announcements",
    headers: staff.auth,
    payload: { title: "Potluck", body: "Bring a dish.", audience: "everyone", channels: ["inbox", "email"] },
  });
  expect(res.statusCode, res.body).toBe(201);
  await sendDueAnnouncements(t.deps);
}
const mailsTo = (address: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, address));

describe("the token", () => {
  it("is the member's, signed: a forged mac, another key's token or garbage does not verify", () => {
    const id = randomUUID();
    const token = unsubscribeToken(t.deps.secrets, id);
    expect(verifyUnsubscribeToken(t.deps.secrets, token)).toBe(id);
    const [, mac] = token.split(".");
    expect(verifyUnsubscribeToken(t.deps.secrets, `${randomUUID()}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(t.deps.secrets, `${id}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(verifyUnsubscribeToken(createSecretBox(Buffer.alloc(32, 7)), token)).toBeNull();
    for (const junk of ["", ".", id, `${id}.`, "not-a-token", `x.${mac}`]) expect(verifyUnsubscribeToken(t.deps.secrets, junk)).toBeNull();
  });
});

describe("POST /api/email/unsubscribe", () => {
  it("one click (form body, token in the query, no session) turns Email updates off for that member only; replay is harmless", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const res = await oneClick(unsubscribeToken(t.deps.secrets, a.user.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBE_TEXT.done });
    expect(await optedOut(a.user.id)).toBe(true);
    expect(await optedOut(b.user.id)).toBe(false);
    // The member's own preferences now say off.
    const prefs = await t.app.inject({ method: "GET", url: "/api/notifications/preferences", headers: a.auth });
    expect(prefs.json()).toMatchObject({ emailUpdates: false });
    // Replay: same answer, still one row, b untouched.
    const again = await oneClick(unsubscribeToken(t.deps.secrets, a.user.id));
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(res.body);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, a.user.id))).toHaveLength(1);
    expect(await optedOut(b.user.id)).toBe(false);
  });

  it("the landing page's JSON body works too, and a signed-in caller cannot use another member's id without their token", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const res = await t.app.inject({ method: "POST", url: "/api/email/unsubscribe", headers: b.auth, payload: { token: unsubscribeToken(t.deps.secrets, a.user.id) } });
    expect(res.statusCode).toBe(200);
    expect(await optedOut(a.user.id)).toBe(true);
    // b is signed in, but the session does not matter: only the token names who is unsubscribed.
    expect(await optedOut(b.user.id)).toBe(false);
  });

  it("a forged token, another member's id with a stolen mac, or none: nothing changes, and the answer is the same", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const real = await oneClick(unsubscribeToken(t.deps.secrets, randomUUID()));
    const [, bMac] = unsubscribeToken(t.deps.secrets, b.user.id).split(".");
    for (const token of [`${a.user.id}.${bMac}`, `${a.user.id}.forged`, "garbage", unsubscribeToken(createSecretBox(Buffer.alloc(32, 9)), a.user.id)]) {
      const res = await oneClick(token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(real.body);
    }
    const none = await t.app.inject({ method: "POST", url: "/api/email/unsubscribe", payload: {} });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe(real.body);
    expect(await optedOut(a.user.id)).toBe(false);
    expect(await optedOut(b.user.id)).toBe(false);
  });

  it("GET never unsubscribes (mail scanners follow links): it sends the person to the landing page", async () => {
    const a = await t.signUp();
    const token = unsubscribeToken(t.deps.secrets, a.user.id);
    const res = await t.app.inject({ method: "GET", url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/email/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await optedOut(a.user.id)).toBe(false);
  });
});

describe("which emails carry it", () => {
  it("an announcement carries the member's own List-Unsubscribe and List-Unsubscribe-Post; the link unsubscribes that member", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await announce();
    const [mailA] = await mailsTo(a.user.email);
    const [mailB] = await mailsTo(b.user.email);
    expect(mailA.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(https?:\/\/[^>]+)>$/.exec(mailA.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(link).toBe(`${t.deps.config.publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(unsubscribeToken(t.deps.secrets, a.user.id))}`);
    expect(mailB.headers?.["List-Unsubscribe"]).not.toBe(mailA.headers?.["List-Unsubscribe"]);

    // The header's URL, POSTed as a mail client does, turns off a's news and nobody else's.
    const url = new URL(link!);
    const res = await t.app.inject({ method: "POST", url: url.pathname + url.search, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "List-Unsubscribe=One-Click" });
    expect(res.statusCode).toBe(200);
    expect(await optedOut(a.user.id)).toBe(true);
    expect(await optedOut(b.user.id)).toBe(false);

    // The next announcement skips a, still reaches b.
    await t.db.delete(emailOutbox);
    await announce();
    expect(await mailsTo(a.user.email)).toHaveLength(0);
    expect(await mailsTo(b.user.email)).toHaveLength(1);
  });

  it("a password reset carries none, and still goes to a member who turned news off", async () => {
    const a = await t.signUp();
    await oneClick(unsubscribeToken(t.deps.secrets, a.user.id));
    const res = await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: a.user.email } });
    expect(res.statusCode).toBeLessThan(300);
    const mails = await mailsTo(a.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers).toBeNull();
  });

  it("the sender puts the stored headers on the wire, and none on an email without them", async () => {
    const a = await t.signUp();
    await announce();
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: a.user.email } });
    const before = await mailsTo(a.user.email);
    const news = before.find((r) => r.headers);
    const reset = before.find((r) => !r.headers);
    expect(news && reset).toBeTruthy();
    const sender = createSmtpSender(smtp.url, "Koinonia <no-reply@koinonia.test>");
    const stats = await runEmailDelivery({ ...t.deps, email: sender });
    sender.close();
    expect(stats.sent).toBeGreaterThanOrEqual(2);
    // Sent: the stored headers (a member's unsubscribe link) are not kept.
    expect((await mailsTo(a.user.email)).every((r) => r.status === "sent" && r.headers === null)).toBe(true);
    const received = (id: string) => smtp.received.find((m) => m.messageId === `<${id}@koinonia.test>`);
    expect(received(news!.id)?.head).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/email\/unsubscribe\?token=[^>]+>$/m);
    expect(received(news!.id)?.head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(received(reset!.id)?.head).not.toMatch(/List-Unsubscribe/i);
  });
});
