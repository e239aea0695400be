/**
 * The authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps, what every app
 * reads from an otpauth:// link) and its one-time recovery codes (docs/decisions/0102).
 */
import { randomInt } from "node:crypto";
import { and, eq, isNull, isNotNull, or, lt } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { recoveryCodes, totpSecrets } from "../../db/schema/two-step";
import { users } from "../../db/schema/users";
import { AppError, conflict } from "../../http/app-error";
import { hashToken } from "../../http/tokens";
import { verifyPassword } from "../../security/passwords";
import { hitRateLimit } from "../../http/rate-limit";
import type { AuthUser } from "../../http/auth";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TWO_STEP_TEXT } from "../../../contract/two-step";
import { secondStepsOf, twoStepRequiredFor } from "./two-step-policy";

const PERIOD = 30;
/** Codes of the step before and after the server's clock are accepted (a phone's clock drifts). */
const WINDOW = 1;

const sealContext = (userId: string) => `totp:${userId}`;

/**
 * Counts a code attempt against the account (whatever the ticket or session): a stolen password
 * gets a handful of guesses at a 6-digit code per window, not thousands.
 */
export async function hitCodeLimit(deps: Deps, userId: string) {
  const { perEmail, windowSeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `two-step:user:${userId}`, perEmail, windowSeconds);
}

/** Starts (or restarts) setting up the app: a new secret, not counted until confirmed with a code. */
export async function startTotpSetup(deps: Deps, user: AuthUser) {
  const [existing] = await deps.db.select({ confirmedAt: totpSecrets.confirmedAt }).from(totpSecrets).where(eq(totpSecrets.userId, user.id));
  if (existing?.confirmedAt) throw conflict(TWO_STEP_TEXT.alreadyOn);
  const secret = new Secret({ size: 20 });
  const sealed = deps.secrets.seal(secret.base32, sealContext(user.id));
  await deps.db
    .insert(totpSecrets)
    .values({ userId: user.id, secretSealed: sealed, createdAt: deps.now() })
    .onConflictDoUpdate({ target: totpSecrets.userId, set: { secretSealed: sealed, lastStep: null, createdAt: deps.now() } });
  const totp = new TOTP({ issuer: deps.church.name, label: user.email, secret, digits: TOTP_DIGITS, period: PERIOD });
  const uri = totp.toString();
  return { uri, secret: secret.base32, qr: await qrDataUrl(uri) };
}

/**
 * The otpauth:// link as a QR code for the phone's camera: an SVG made here (the `qrcode`
 * package), sent as a data: URL the page shows in an <img> (the CSP allows data: images; no
 * script, inline or not, and no QR library in the browser's bundle). Dark on white with a quiet
 * zone, whatever the app's theme, so every authenticator app's scanner reads it.
 */
async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * Checks a code against the member's secret and takes its time step: a code, or one from an
 * earlier step, is accepted once (the conditional update is the lock, so two requests racing
 * with the same code cannot both pass). `confirmed`: only a set-up that is on (sign-in, turning
 * off), or only one still pending (confirming it).
 */
async function takeCode(deps: Deps, db: Db | Tx, userId: string, code: string, confirmed: boolean): Promise<boolean> {
  const [row] = await db
    .select()
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), confirmed ? isNotNull(totpSecrets.confirmedAt) : isNull(totpSecrets.confirmedAt)));
  if (!row) return false;
  const secret = Secret.fromBase32(deps.secrets.open(row.secretSealed, sealContext(userId)));
  const timestamp = deps.now().getTime();
  const delta = TOTP.validate({ token: code, secret, digits: TOTP_DIGITS, period: PERIOD, timestamp, window: WINDOW });
  if (delta === null) return false;
  const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
  const taken = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))))
    .returning({ userId: totpSecrets.userId });
  return taken.length === 1;
}

/** A code from the app of a member who has it on. */
export const checkTotpCode = (deps: Deps, userId: string, code: string) => takeCode(deps, deps.db, userId, code, true);

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
/** 12 characters of 31 (59 bits), printed "abcd-efgh-jkmn"; only the SHA-256 is kept. */
function newRecoveryCode() {
  let s = "";
  for (let i = 0; i < 12; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
}
const recoveryHash = (code: string) => hashToken(`recovery:${code.toLowerCase().replace(/[\s-]/g, "")}`);

/** Uses one recovery code of the member, once. */
export async function useRecoveryCode(deps: Deps, userId: string, code: string): Promise<boolean> {
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** Confirms the set-up with a first code: the app is on, and the recovery codes (shown this once) replace any earlier ones. */
export async function confirmTotp(deps: Deps, userId: string, code: string): Promise<string[]> {
  await hitCodeLimit(deps, userId);
  return deps.db.transaction(async (tx) => {
    const [pending] = await tx.select({ userId: totpSecrets.userId }).from(totpSecrets).where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)));
    if (!pending) throw conflict(TWO_STEP_TEXT.setupNotStarted);
    if (!(await takeCode(deps, tx, userId, code, false))) throw new AppError("BAD_REQUEST", TWO_STEP_TEXT.badCode, { issues: [{ path: "body.code", message: TWO_STEP_TEXT.badCode }] });
    await tx.update(totpSecrets).set({ confirmedAt: deps.now() }).where(eq(totpSecrets.userId, userId));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c), createdAt: deps.now() })));
    return codes;
  });
}

/**
 * Turns the app off with a current code or the password. A staff member whom the church
 * requires a second step of keeps at least one: the app goes only if a passkey remains.
 */
export async function disableTotp(deps: Deps, user: AuthUser, proof: { code?: string; password?: string }) {
  await hitCodeLimit(deps, user.id);
  const steps = await secondStepsOf(deps.db, user.id);
  if (!steps.totp) throw conflict(TWO_STEP_TEXT.notOn);
  let ok = false;
  if (proof.code !== undefined) ok = await checkTotpCode(deps, user.id, proof.code);
  else if (proof.password !== undefined) {
    const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    ok = await verifyPassword(row?.hash ?? null, proof.password);
  }
  if (!ok) throw new AppError("BAD_REQUEST", TWO_STEP_TEXT.proofNeeded, { issues: [{ path: "body", message: TWO_STEP_TEXT.proofNeeded }] });
  if (steps.passkeys === 0 && (await twoStepRequiredFor(deps.db, user))) throw conflict(TWO_STEP_TEXT.lastSecondStep);
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpSecrets).where(eq(totpSecrets.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}
