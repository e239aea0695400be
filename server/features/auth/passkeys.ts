/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a member adds them on Profile, and signs
 * in with one instead of a password (docs/decisions/0102). They are discoverable credentials
 * with user verification (the phone's Face ID, fingerprint or screen lock), so a passkey alone
 * is possession and the member's biometric: it counts as two-step sign-in.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { z } from "zod";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { passkeys } from "../../db/schema/two-step";
import { users } from "../../db/schema/users";
import { prepared } from "../../db/prepared";
import { isoOf, timeText } from "../../db/iso-time";
import { AppError, conflict, notFound } from "../../http/app-error";
import type { AuthUser } from "../../http/auth";
import { PASSKEYS_MAX, TWO_STEP_TEXT, type Passkey, type ZAuthenticationCredential, type ZRegistrationCredential } from "../../../contract/two-step";
import { challengeTaker, keepChallenge } from "./webauthn-challenges";
import { secondStepsOf, twoStepRequiredFor } from "./two-step-policy";

type RegistrationCredential = z.infer<typeof ZRegistrationCredential>;
type AuthenticationCredential = z.infer<typeof ZAuthenticationCredential>;

/** The WebAuthn user handle: the member's id, so a passkey names its account without an email. */
const userHandle = (userId: string) => new TextEncoder().encode(userId);

export const toPasskey = (row: { id: string; name: string; createdAt: Date | string; lastUsedAt: Date | string | null }): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: isoOf(row.createdAt),
  lastUsedAt: row.lastUsedAt ? isoOf(row.lastUsedAt) : null,
});

/** The four columns Profile shows, not the keys themselves; built and planned once (db/prepared.ts, issue 23). */
const memberPasskeys = prepared("auth.passkeys", (db) =>
  db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: timeText(passkeys.createdAt), lastUsedAt: timeText(passkeys.lastUsedAt) })
    .from(passkeys)
    .where(eq(passkeys.userId, sql.placeholder("userId")))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id)),
);

/** The member's passkeys, newest first (a handful: each is a device they registered, at most 30 an hour). */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await memberPasskeys(db, { userId });
  return rows.map(toPasskey);
}

/** Options for navigator.credentials.create(), with a challenge bound to the asking session. */
export async function passkeyRegistrationOptions(deps: Deps, user: AuthUser, sessionId: string) {
  const existing = await deps.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  // Refused before the member's device makes a key that could not be kept.
  if (existing.length >= PASSKEYS_MAX) throw conflict(TWO_STEP_TEXT.passkeysFull);
  const options = await generateRegistrationOptions({
    rpName: deps.church.name,
    rpID: deps.config.passkeys.rpId,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: `${user.firstName} ${user.lastName}`,
    attestationType: "none",
    // The same authenticator twice would be two rows for one key.
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    // Discoverable (sign-in without typing an email) and verified (biometric or screen lock).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(deps.db, options.challenge, "register", { sessionId }, deps.now());
  return options;
}

export async function registerPasskey(deps: Deps, user: AuthUser, sessionId: string, credential: RegistrationCredential, name: string | undefined) {
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challengeTaker(deps.db, "register", { sessionId }, deps.now()),
      expectedOrigin: deps.config.passkeys.origin,
      expectedRPID: deps.config.passkeys.rpId,
      requireUserVerification: true,
    });
  } catch {
    // The library says why (a challenge not ours, another origin...); the member needs only to try again.
    verification = { verified: false as const };
  }
  if (!verification.verified) throw new AppError("BAD_REQUEST", TWO_STEP_TEXT.passkeyNotAdded);
  const { credential: key } = verification.registrationInfo;
  // The count and the insert under the member's row lock: two adds at once cannot pass PASSKEYS_MAX.
  const row = await deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(passkeys).where(eq(passkeys.userId, user.id));
    if (n >= PASSKEYS_MAX) throw conflict(TWO_STEP_TEXT.passkeysFull);
    const [inserted] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: key.id,
        publicKey: Buffer.from(key.publicKey).toString("base64url"),
        counter: key.counter,
        transports: key.transports ?? credential.response.transports ?? [],
        name: name ?? TWO_STEP_TEXT.defaultPasskeyName,
        createdAt: deps.now(),
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    return inserted;
  });
  if (!row) throw conflict(TWO_STEP_TEXT.passkeyNotAdded);
  return toPasskey(row);
}

export async function renamePasskey(deps: Deps, userId: string, id: string, name: string) {
  const [row] = await deps.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(TWO_STEP_TEXT.passkeyNotFound);
  return toPasskey(row);
}

/** Removes one of the member's passkeys; not the last second step of a staff member the church requires one of. */
export async function deletePasskey(deps: Deps, user: AuthUser, id: string) {
  const [mine] = await deps.db.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
  if (!mine) throw notFound(TWO_STEP_TEXT.passkeyNotFound);
  const steps = await secondStepsOf(deps.db, user.id);
  if (steps.passkeys === 1 && !steps.totp && (await twoStepRequiredFor(deps.db, user))) throw conflict(TWO_STEP_TEXT.lastSecondStep);
  await deps.db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)));
}

/**
 * Options for navigator.credentials.get(). With no `userId` (passkey sign-in) the list of
 * credentials is empty: the browser offers whichever passkeys it holds for this site, and the
 * answer is the same whoever asks, so it tells nobody whether an email has passkeys.
 */
export async function passkeyAuthenticationOptions(deps: Deps, db: Db | Tx, binding: { ticketId?: string; userId?: string }) {
  const allow = binding.userId
    ? await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, binding.userId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: deps.config.passkeys.rpId,
    userVerification: "required",
    allowCredentials: allow.map((c) => ({ id: c.id, transports: c.transports })),
  });
  await keepChallenge(db, options.challenge, binding.ticketId ? "second-step" : "sign-in", { ticketId: binding.ticketId }, deps.now());
  return options;
}

/**
 * Verifies a passkey assertion and returns the member it belongs to (their id), or null. With
 * `userId` (the second step of a password sign-in) only that member's passkeys count. The
 * signature counter and the last use are updated.
 */
export async function verifyPasskey(deps: Deps, db: Db | Tx, credential: AuthenticationCredential, binding: { ticketId?: string; userId?: string }): Promise<string | null> {
  const take = challengeTaker(db, binding.ticketId ? "second-step" : "sign-in", { ticketId: binding.ticketId }, deps.now());
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credential.id));
  if (!key || (binding.userId && key.userId !== binding.userId)) {
    // Still used up: a challenge is good for one try, whatever the credential.
    const clientData = safeJson(Buffer.from(credential.response.clientDataJSON, "base64url").toString("utf8"));
    if (typeof clientData?.challenge === "string") await take(clientData.challenge);
    return null;
  }
  if (credential.response.userHandle && credential.response.userHandle !== Buffer.from(userHandle(key.userId)).toString("base64url")) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: take,
      expectedOrigin: deps.config.passkeys.origin,
      expectedRPID: deps.config.passkeys.rpId,
      credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, "base64url"), counter: key.counter, transports: key.transports },
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: deps.now() }).where(eq(passkeys.id, key.id));
    return key.userId;
  } catch {
    return null;
  }
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
