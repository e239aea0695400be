/**
 * Passkeys and two-step sign-in through real HTTP handling (docs/decisions/0102): the
 * authenticator app with codes computed here (otpauth, RFC 6238), recovery codes, the pending
 * sign-in ticket, passkeys answered by a software authenticator (the real WebAuthn
 * verification runs), the owner's rule and member isolation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { createTestApp, type TestApp } from "../../testing/harness";
import { softPasskey, type SoftPasskey } from "../../testing/soft-authenticator";
import { passkeys, totpSecrets } from "../../db/schema/two-step";
import { PASSKEYS_MAX, RECOVERY_CODE_COUNT, TICKET_MAX_ATTEMPTS, TWO_STEP_TEXT } from "../../../contract/two-step";
import { API } from "../../../contract/api-paths";
import type { Role } from "../../../contract/roles";
import { BODY_LIMITS } from "../../http/json-body";
import { emailOutbox } from "../../db/schema/platform";
import { messagesFor } from "../../i18n";

/** A controllable clock: TOTP steps and ticket expiry follow it. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const ORIGIN = "https://church.example.org";
const RP_ID = "church.example.org";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now, env: { PUBLIC_URL: ORIGIN } });
}, 60_000);
afterAll(() => t.close());
afterEach(async () => {
  offsetMs = 0;
  await t.app.inject({ method: "PUT", url: API.auth.staffTwoStep(), headers: (await owner()).auth, payload: { required: false } });
});

const call = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => call("GET", API.church.me(), undefined, bearer(token));
const login = (email: string, password = "secret-pass") => call("POST", API.auth.login(), { email, password });

/** The code the member's app shows now (or `stepsAhead` 30-second steps later). */
const codeFor = (secret: string, stepsAhead = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now().getTime() + stepsAhead * 30_000 });
/** Moves the clock to the next 30-second step, so a new code is due. */
const nextStep = () => {
  offsetMs += 30_000;
};

/** Sets up the authenticator app for a signed-in member: its secret and recovery codes. */
async function turnOnTotp(auth: Record<string, string>) {
  const setup = await call("POST", API.auth.totpSetup(), undefined, auth);
  expect(setup.statusCode, setup.body).toBe(200);
  const { uri, secret, qr } = setup.json() as { uri: string; secret: string; qr: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  // The QR code: an SVG data: URL (the CSP allows data: images) of exactly this link.
  expect(qr.startsWith("data:image/svg+xml;base64,")).toBe(true);
  expect(Buffer.from(qr.slice(qr.indexOf(",") + 1), "base64").toString()).toBe(await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } }));
  expect(uri).toContain(`secret=${secret}`);
  const confirm = await call("POST", API.auth.totpConfirm(), { code: codeFor(secret) }, auth);
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

/** A member with a passkey registered through the API. */
async function withPasskey(auth: Record<string, string>) {
  const key = softPasskey();
  const options = await call("POST", API.auth.passkeyRegisterOptions(), undefined, auth);
  expect(options.statusCode, options.body).toBe(200);
  const credential = key.register(options.json(), ORIGIN);
  const res = await call("POST", API.auth.passkeyRegister(), { credential, name: "My phone" }, auth);
  expect(res.statusCode, res.body).toBe(201);
  return { key, passkey: res.json() as { id: string; name: string } };
}

async function passkeySignIn(key: SoftPasskey, tweak: { origin?: string; rpId?: string; userVerified?: boolean } = {}) {
  const options = await call("POST", API.auth.passkeySignInOptions());
  expect(options.statusCode).toBe(200);
  const { challenge, allowCredentials } = options.json() as { challenge: string; allowCredentials?: unknown[] };
  expect(allowCredentials ?? []).toEqual([]);
  const credential = key.assert(challenge, tweak.rpId ?? RP_ID, tweak.origin ?? ORIGIN, { userVerified: tweak.userVerified });
  return { res: await call("POST", API.auth.passkeySignIn(), { credential }), credential };
}

let ownerAccount: Awaited<ReturnType<TestApp["signUp"]>> | null = null;
/** The church's owner, with the authenticator app on (so they may require two-step of staff). */
async function owner() {
  if (!ownerAccount) {
    ownerAccount = await t.signUp("OWNER");
    await turnOnTotp(ownerAccount.auth);
  }
  return ownerAccount;
}
const requireForStaff = async (required: boolean) => {
  const res = await call("PUT", API.auth.staffTwoStep(), { required }, (await owner()).auth);
  expect(res.statusCode, res.body).toBe(200);
};
const signUp = (role: Role = "MEMBER") => t.signUp(role);

describe("the authenticator app (TOTP)", () => {
  it("is turned on with a code computed from its secret, and shows ten recovery codes once", async () => {
    const u = await signUp();
    const before = (await call("GET", API.auth.twoStep(), undefined, u.auth)).json();
    expect(before).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0, required: false });
    const { recoveryCodes } = await turnOnTotp(u.auth);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await call("GET", API.auth.twoStep(), undefined, u.auth)).json()).toMatchObject({ totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    // Kept sealed: the stored value is not the secret.
    const [row] = await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, u.user.id));
    expect(row.secretSealed).toMatch(/^v1\./);
    // Set up already: a second set-up is refused rather than silently replacing the secret.
    expect((await call("POST", API.auth.totpSetup(), undefined, u.auth)).statusCode).toBe(409);
  });

  it("refuses a wrong code when confirming, and counts nothing until confirmed", async () => {
    const u = await signUp();
    const { secret } = (await call("POST", API.auth.totpSetup(), undefined, u.auth)).json() as { secret: string };
    const wrong = String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, "0");
    const res = await call("POST", API.auth.totpConfirm(), { code: wrong }, u.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TWO_STEP_TEXT.badCode);
    // Not confirmed: the password alone still signs in.
    expect((await login(u.user.email)).json()).toHaveProperty("token");
  });

  it("asks for a code after the password: no session until then, and a code is good once", async () => {
    const u = await signUp();
    const { secret } = await turnOnTotp(u.auth);
    const first = await login(u.user.email);
    expect(first.statusCode).toBe(200);
    const pending = first.json() as { twoStepRequired: boolean; methods: string[]; ticket: string; token?: string };
    expect(pending).toMatchObject({ twoStepRequired: true, methods: ["totp", "recovery"] });
    expect(pending.token).toBeUndefined();
    expect(first.headers["set-cookie"]).toBeUndefined();
    // The ticket is not a session.
    expect((await me(pending.ticket)).statusCode).toBe(401);
    // The code that confirmed the set-up is of the same step: used already.
    const reused = await call("POST", API.auth.secondStep(), { ticket: pending.ticket, code: codeFor(secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe(TWO_STEP_TEXT.badCode);
    nextStep();
    const code = codeFor(secret);
    const done = await call("POST", API.auth.secondStep(), { ticket: pending.ticket, code });
    expect(done.statusCode, done.body).toBe(200);
    // The completed sign-in makes this browser a known device (its own sign-in allowance).
    expect(String(done.headers["set-cookie"])).toContain("koinonia_device=");
    const session = done.json() as { token: string; user: { id: string } };
    expect(session.user.id).toBe(u.user.id);
    expect((await me(session.token)).statusCode).toBe(200);
    expect(done.headers["set-cookie"]).toBeDefined();
    // The same code again, on a new sign-in within the same step: refused.
    const again = (await login(u.user.email)).json() as { ticket: string };
    expect((await call("POST", API.auth.secondStep(), { ticket: again.ticket, code })).statusCode).toBe(401);
  });

  it("uses a ticket once, and not after five minutes", async () => {
    const u = await signUp();
    const { secret } = await turnOnTotp(u.auth);
    nextStep();
    const { ticket } = (await login(u.user.email)).json() as { ticket: string };
    expect((await call("POST", API.auth.secondStep(), { ticket, code: codeFor(secret) })).statusCode).toBe(200);
    nextStep();
    const twice = await call("POST", API.auth.secondStep(), { ticket, code: codeFor(secret) });
    expect(twice.statusCode).toBe(401);
    expect(twice.json().error).toBe(TWO_STEP_TEXT.ticketExpired);

    const late = (await login(u.user.email)).json() as { ticket: string };
    offsetMs += 301_000;
    const expired = await call("POST", API.auth.secondStep(), { ticket: late.ticket, code: codeFor(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(TWO_STEP_TEXT.ticketExpired);
    // A made-up ticket is the same answer.
    expect((await call("POST", API.auth.secondStep(), { ticket: "made-up", code: codeFor(secret) })).json().error).toBe(TWO_STEP_TEXT.ticketExpired);
  });

  it("gives a ticket a few attempts, then not even the right code passes", async () => {
    const u = await signUp();
    const { secret } = await turnOnTotp(u.auth);
    nextStep();
    const { ticket } = (await login(u.user.email)).json() as { ticket: string };
    for (let i = 0; i < TICKET_MAX_ATTEMPTS; i++) {
      expect((await call("POST", API.auth.secondStep(), { ticket, code: "000000" })).statusCode).toBe(401);
    }
    const right = await call("POST", API.auth.secondStep(), { ticket, code: codeFor(secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe(TWO_STEP_TEXT.ticketExpired);
  });

  it("limits code attempts per account, across tickets", async () => {
    const limited = await createTestApp({ now, env: { PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT_PER_EMAIL: "6" } });
    try {
      const u = await limited.signUp();
      const setup = (await limited.app.inject({ method: "POST", url: API.auth.totpSetup(), headers: u.auth })).json() as { secret: string };
      await limited.app.inject({ method: "POST", url: API.auth.totpConfirm(), headers: u.auth, payload: { code: codeFor(setup.secret) } });
      const statuses: number[] = [];
      // Two tickets of at most 5 attempts each (the login limit of 6 per email allows both).
      for (let k = 0; k < 2; k++) {
        const { ticket } = (await limited.app.inject({ method: "POST", url: API.auth.login(), payload: { email: u.user.email, password: "secret-pass" } })).json() as { ticket: string };
        for (let i = 0; i < 4; i++) {
          statuses.push((await limited.app.inject({ method: "POST", url: API.auth.secondStep(), payload: { ticket, code: "000000" } })).statusCode);
        }
      }
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it("takes each recovery code once", async () => {
    const u = await signUp();
    const { recoveryCodes } = await turnOnTotp(u.auth);
    const first = (await login(u.user.email)).json() as { ticket: string };
    // Case and dashes are forgiven.
    const done = await call("POST", API.auth.secondStep(), { ticket: first.ticket, recoveryCode: recoveryCodes[0].toUpperCase().replace(/-/g, " ") });
    expect(done.statusCode, done.body).toBe(200);
    const second = (await login(u.user.email)).json() as { ticket: string };
    const again = await call("POST", API.auth.secondStep(), { ticket: second.ticket, recoveryCode: recoveryCodes[0] });
    expect(again.statusCode).toBe(401);
    expect((await call("POST", API.auth.secondStep(), { ticket: second.ticket, recoveryCode: recoveryCodes[1] })).statusCode).toBe(200);
    expect((await call("GET", API.auth.twoStep(), undefined, u.auth)).json()).toMatchObject({ recoveryCodesLeft: RECOVERY_CODE_COUNT - 2 });
    // Another member's code is no good here.
    const other = await signUp();
    const theirs = await turnOnTotp(other.auth);
    const third = (await login(u.user.email)).json() as { ticket: string };
    expect((await call("POST", API.auth.secondStep(), { ticket: third.ticket, recoveryCode: theirs.recoveryCodes[0] })).statusCode).toBe(401);
  });

  it("turns off with a current code or the password, not with a wrong one", async () => {
    const u = await signUp();
    const { secret } = await turnOnTotp(u.auth);
    expect((await call("POST", API.auth.totpDisable(), {}, u.auth)).statusCode).toBe(400);
    expect((await call("POST", API.auth.totpDisable(), { password: "not-the-password" }, u.auth)).statusCode).toBe(400);
    expect((await call("POST", API.auth.totpDisable(), { code: codeFor(secret) }, u.auth)).statusCode).toBe(400); // this step's code was used
    nextStep();
    expect((await call("POST", API.auth.totpDisable(), { code: codeFor(secret) }, u.auth)).statusCode).toBe(204);
    expect((await login(u.user.email)).json()).toHaveProperty("token");
    const again = await turnOnTotp(u.auth);
    expect(again.secret).not.toBe(secret);
    expect((await call("POST", API.auth.totpDisable(), { password: "secret-pass" }, u.auth)).statusCode).toBe(204);
  });
});

describe("passkeys", () => {
  it("are added on Profile, listed, renamed, and sign a member in without an email", async () => {
    const u = await signUp();
    const { key, passkey } = await withPasskey(u.auth);
    const list = await call("GET", API.auth.passkeys(), undefined, u.auth);
    expect(list.json()).toEqual([{ id: passkey.id, name: "My phone", createdAt: expect.any(String), lastUsedAt: null }]);
    const renamed = await call("PATCH", API.auth.passkey({ id: passkey.id }), { name: "Work laptop" }, u.auth);
    expect(renamed.json()).toMatchObject({ name: "Work laptop" });

    const { res } = await passkeySignIn(key);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as { token: string; user: { id: string } };
    expect(session.user.id).toBe(u.user.id);
    expect((await me(session.token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row.lastUsedAt).not.toBeNull();
    expect(row.counter).toBe(1);
  });

  it("refuse a used challenge, another site's assertion, an unverified user and an unknown passkey alike", async () => {
    const u = await signUp();
    const { key } = await withPasskey(u.auth);
    const { res, credential } = await passkeySignIn(key);
    expect(res.statusCode).toBe(200);
    // The same assertion again: its challenge is used up.
    const replay = await call("POST", API.auth.passkeySignIn(), { credential });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(TWO_STEP_TEXT.passkeyFailed);
    expect((await passkeySignIn(key, { origin: "https://evil.example" })).res.statusCode).toBe(401);
    expect((await passkeySignIn(key, { rpId: "evil.example" })).res.statusCode).toBe(401);
    expect((await passkeySignIn(key, { userVerified: false })).res.statusCode).toBe(401);
    const stranger = await passkeySignIn(softPasskey());
    expect(stranger.res.statusCode).toBe(401);
    expect(stranger.res.json().error).toBe(TWO_STEP_TEXT.passkeyFailed);
  });

  it("the largest assertion the contract allows fits the public routes' body limits", () => {
    const b = (n: number) => "A".repeat(n);
    const credential = {
      id: b(1024),
      rawId: b(1024),
      type: "public-key",
      authenticatorAttachment: "cross-platform",
      clientExtensionResults: {},
      response: { clientDataJSON: b(2048), authenticatorData: b(2048), signature: b(1024), userHandle: b(128) },
    };
    expect(Buffer.byteLength(JSON.stringify({ credential }))).toBeLessThan(BODY_LIMITS[`POST ${API.auth.passkeySignIn.pattern}`]);
    expect(Buffer.byteLength(JSON.stringify({ ticket: b(200), credential }))).toBeLessThan(BODY_LIMITS[`POST ${API.auth.secondStep.pattern}`]);
  });

  it(`stop at ${PASSKEYS_MAX} for one account, checked when the options are asked and again when the key is kept`, async () => {
    const u = await signUp();
    const other = await signUp();
    const fake = (userId: string, i: number) => ({
      userId,
      credentialId: `fake-${userId}-${i}`,
      publicKey: "AAAA",
      counter: 0,
      transports: [],
      name: `Key ${i}`,
      createdAt: new Date(),
    });
    await t.db.insert(passkeys).values(Array.from({ length: PASSKEYS_MAX - 2 }, (_, i) => fake(u.user.id, i)));
    await withPasskey(u.auth); // the last but one: still allowed
    // Options asked at one below the limit, then another key kept meanwhile: the add is refused when it is kept.
    const key = softPasskey();
    const options = await call("POST", API.auth.passkeyRegisterOptions(), undefined, u.auth);
    expect(options.statusCode, options.body).toBe(200);
    await t.db.insert(passkeys).values(fake(u.user.id, 99));
    const late = await call("POST", API.auth.passkeyRegister(), { credential: key.register(options.json(), ORIGIN), name: "Late" }, u.auth);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(TWO_STEP_TEXT.passkeysFull);
    const full = await call("POST", API.auth.passkeyRegisterOptions(), undefined, { ...u.auth, "accept-language": "es" });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toBe(messagesFor("es").twoStep.passkeysFull);
    expect((await t.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id))).length).toBe(PASSKEYS_MAX);
    // Another member is not counted against this one.
    await withPasskey(other.auth);
  });

  it("are the member's own: another member's passkey is not found", async () => {
    const a = await signUp();
    const b = await signUp();
    const { passkey } = await withPasskey(a.auth);
    expect((await call("GET", API.auth.passkeys(), undefined, b.auth)).json()).toEqual([]);
    const rename = await call("PATCH", API.auth.passkey({ id: passkey.id }), { name: "Mine now" }, b.auth);
    expect(rename.statusCode).toBe(404);
    expect((await call("DELETE", API.auth.passkey({ id: passkey.id }), undefined, b.auth)).statusCode).toBe(404);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row.name).toBe("My phone");
    expect((await call("DELETE", API.auth.passkey({ id: passkey.id }), undefined, a.auth)).statusCode).toBe(204);
  });

  it("bind a registration's challenge to the session that asked for it", async () => {
    const u = await signUp();
    const otherSession = (await login(u.user.email)).json() as { token: string };
    const key = softPasskey();
    const options = (await call("POST", API.auth.passkeyRegisterOptions(), undefined, u.auth)).json();
    const credential = key.register(options, ORIGIN);
    const res = await call("POST", API.auth.passkeyRegister(), { credential }, bearer(otherSession.token));
    expect(res.statusCode).toBe(400);
    expect((await call("GET", API.auth.passkeys(), undefined, u.auth)).json()).toEqual([]);
  });
});

describe("the owner's rule: two-step sign-in for staff", () => {
  it("is the owner's alone to read and set", async () => {
    for (const role of ["MEMBER", "STAFF", "PASTOR"] as const) {
      const u = await signUp(role);
      expect((await call("GET", API.auth.staffTwoStep(), undefined, u.auth)).statusCode).toBe(403);
      expect((await call("PUT", API.auth.staffTwoStep(), { required: true }, u.auth)).statusCode).toBe(403);
    }
    const o = await owner();
    expect((await call("GET", API.auth.staffTwoStep(), undefined, o.auth)).json()).toEqual({ required: false });
  });

  it("needs the owner's own second step before it can be turned on", async () => {
    const second = await signUp("OWNER");
    const res = await call("PUT", API.auth.staffTwoStep(), { required: true }, second.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(TWO_STEP_TEXT.ownerNeedsSecondStep);
  });

  it("asks staff for a second step, lets members in with the password, and lets staff without one in to set it up", async () => {
    const staff = await signUp("STAFF");
    const pastor = await signUp("PASTOR");
    const member = await signUp();
    const { secret } = await turnOnTotp(staff.auth);
    const { key } = await withPasskey(pastor.auth);
    const bare = await signUp("STAFF");
    await requireForStaff(true);

    expect((await call("GET", API.auth.twoStep(), undefined, staff.auth)).json()).toMatchObject({ required: true });
    expect((await call("GET", API.auth.twoStep(), undefined, member.auth)).json()).toMatchObject({ required: false });
    expect((await login(member.user.email)).json()).toHaveProperty("token");

    const staffLogin = (await login(staff.user.email)).json() as { ticket: string; methods: string[] };
    expect(staffLogin.methods).toEqual(["totp", "recovery"]);
    nextStep();
    expect((await call("POST", API.auth.secondStep(), { ticket: staffLogin.ticket, code: codeFor(secret) })).statusCode).toBe(200);

    // The pastor has only a passkey: it completes the password sign-in too.
    const pastorLogin = (await login(pastor.user.email)).json() as { ticket: string; methods: string[] };
    expect(pastorLogin.methods).toEqual(["passkey"]);
    const options = await call("POST", API.auth.secondStepPasskeyOptions(), { ticket: pastorLogin.ticket });
    const { challenge, allowCredentials } = options.json() as { challenge: string; allowCredentials: { id: string }[] };
    expect(allowCredentials.map((c) => c.id)).toEqual([key.credentialId]);
    const done = await call("POST", API.auth.secondStep(), { ticket: pastorLogin.ticket, credential: key.assert(challenge, RP_ID, ORIGIN) });
    expect(done.statusCode, done.body).toBe(200);
    // ...and so does signing in with the passkey alone.
    expect((await passkeySignIn(key)).res.statusCode).toBe(200);

    const bareLogin = (await login(bare.user.email)).json() as { token: string; twoStepSetup?: boolean };
    expect(bareLogin.token).toBeDefined();
    expect(bareLogin.twoStepSetup).toBe(true);

    // Required: the pastor's last passkey stays until another second step exists.
    const [pk] = (await call("GET", API.auth.passkeys(), undefined, pastor.auth)).json() as { id: string }[];
    const refused = await call("DELETE", API.auth.passkey({ id: pk.id }), undefined, pastor.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TWO_STEP_TEXT.lastSecondStep);

    await requireForStaff(false);
    const free = (await login(pastor.user.email)).json() as { token?: string };
    expect(free.token).toBeDefined();
  });
});

describe("a lost second step: the owner resets it from Admin, People", () => {
  const reset = (userId: string, auth: Record<string, string>) => call("POST", API.admin.resetSecondStep({ id: userId }), undefined, auth);

  it("removes the member's passkeys, app and recovery codes, signs them out everywhere and emails them in their language", async () => {
    const staff = await signUp("STAFF");
    const { key } = await withPasskey(staff.auth);
    const { secret, recoveryCodes } = await turnOnTotp(staff.auth);
    expect((await call("PUT", API.auth.locale(), { locale: "es" }, staff.auth)).statusCode).toBe(204);
    // A second session (another device) and a sign-in waiting for its second step.
    const other = (await login(staff.user.email)).json() as { ticket: string };
    expect(other.ticket).toBeDefined();
    await requireForStaff(true);

    const res = await reset(staff.user.id, (await owner()).auth);
    expect(res.statusCode, res.body).toBe(204);

    // Signed out: the session is refused at once.
    expect((await me(staff.token)).statusCode).toBe(401);
    // Nothing of the second step is left, and what was pending cannot complete.
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, staff.user.id))).toEqual([]);
    expect(await t.db.select().from(totpSecrets).where(eq(totpSecrets.userId, staff.user.id))).toEqual([]);
    nextStep();
    expect((await call("POST", API.auth.secondStep(), { ticket: other.ticket, code: codeFor(secret) })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await passkeySignIn(key)).res.statusCode).toBe(401);
    // With the church's rule on, the password lets them in to set up a new one (decision 0102).
    const again = (await login(staff.user.email)).json() as { token?: string; twoStepSetup?: boolean; ticket?: string };
    expect(again.ticket).toBeUndefined();
    expect(again.twoStepSetup).toBe(true);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    // The email, through the outbox, in Spanish.
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, staff.user.email));
    expect(mail.subject).toBe(messagesFor("es").email.secondStepReset.subject(t.deps.church.name));
    expect(mail.text).toContain(`${ORIGIN}/auth/login`);
  });

  it("is the owner's alone: a member, staff and a pastor get 403 and nothing changes", async () => {
    const target = await signUp("STAFF");
    await withPasskey(target.auth);
    for (const role of ["MEMBER", "STAFF", "PASTOR"] as const) {
      const caller = await signUp(role);
      expect((await reset(target.user.id, caller.auth)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, target.user.id))).toHaveLength(1);
    expect((await me(target.token)).statusCode).toBe(200);
  });

  it("is not for the owner's own second step (so the last owner cannot strip theirs), nor for a member who has none, nor an unknown id", async () => {
    const o = await owner();
    const self = await reset(o.user.id, o.auth);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe(TWO_STEP_TEXT.resetSelf);
    expect((await call("GET", API.auth.twoStep(), undefined, o.auth)).json()).toMatchObject({ totp: true });
    const none = await signUp("STAFF");
    const nothing = await reset(none.user.id, o.auth);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe(TWO_STEP_TEXT.resetNothing);
    expect((await me(none.token)).statusCode).toBe(200);
    expect((await reset("00000000-0000-4000-8000-000000000000", o.auth)).statusCode).toBe(404);
  });

  it("lets one owner reset another owner's second step", async () => {
    const second = await signUp("OWNER");
    await turnOnTotp(second.auth);
    expect((await reset(second.user.id, (await owner()).auth)).statusCode).toBe(204);
    expect((await me(second.token)).statusCode).toBe(401);
  });
});
