import { and, eq, gt, lt, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { webauthnChallenges } from "../../db/schema/two-step";

/** As long as the browser's own WebAuthn timeout (60 s) plus a little for the round trips. */
const CHALLENGE_TTL_MS = 90_000;

type Purpose = "register" | "sign-in" | "second-step";
type Binding = { sessionId?: string; ticketId?: string };

/** Keeps a challenge the server just put in WebAuthn options (and clears the expired ones). */
export async function keepChallenge(db: Db | Tx, challenge: string, purpose: Purpose, binding: Binding, now: Date) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    sessionId: binding.sessionId ?? null,
    ticketId: binding.ticketId ?? null,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes a challenge the browser signed, once: true only if this server issued it for this purpose
 * and this session or ticket, and it has not expired or been used. For @simplewebauthn's
 * `expectedChallenge` callback.
 */
export function challengeTaker(db: Db | Tx, purpose: Purpose, binding: Binding, now: Date) {
  return async (challenge: string) => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          binding.sessionId ? eq(webauthnChallenges.sessionId, binding.sessionId) : isNull(webauthnChallenges.sessionId),
          binding.ticketId ? eq(webauthnChallenges.ticketId, binding.ticketId) : isNull(webauthnChallenges.ticketId),
          gt(webauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length === 1;
  };
}
