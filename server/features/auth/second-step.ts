/**
 * The second step of a password sign-in (docs/decisions/0102). A password that needs one is
 * answered with a ticket, not a session: a random value (its hash only is stored) good for five
 * minutes, a few attempts and one completed sign-in. The second call brings the ticket and a
 * code from the authenticator app, a recovery code or a passkey assertion, and gets the session.
 */
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { signInTickets } from "../../db/schema/two-step";
import { memberPhotos, users } from "../../db/schema/users";
import { AppError } from "../../http/app-error";
import { hashToken, newToken } from "../../http/tokens";
import type { AuthUser } from "../../http/auth";
import { TICKET_MAX_ATTEMPTS, TICKET_TTL_SECONDS, TWO_STEP_TEXT, type SecondStepMethod, type TwoStepPending, type ZAuthenticationCredential } from "../../../contract/two-step";
import type { z } from "zod";
import { createSession } from "./create-session";
import { secondStepsOf, twoStepRequiredFor } from "./two-step-policy";
import { checkTotpCode, hitCodeLimit, useRecoveryCode } from "./totp";
import { passkeyAuthenticationOptions, verifyPasskey } from "./passkeys";

/**
 * After a correct password: a pending second step when the member has the authenticator app on,
 * or when the church requires one of this staff member and they have set one up. A staff
 * member the church requires it of who has none yet is let in with `twoStepSetup` (the app
 * sends them to Profile to set one up; the decision record says why).
 */
export async function afterPassword(deps: Deps, user: AuthUser): Promise<TwoStepPending | { twoStepSetup: boolean }> {
  const [steps, required] = await Promise.all([secondStepsOf(deps.db, user.id), twoStepRequiredFor(deps.db, user)]);
  if (steps.totp || (required && steps.methods.length > 0)) {
    const ticket = newToken();
    const now = deps.now();
    // Tickets nobody finished are of no use a day later.
    await deps.db.delete(signInTickets).where(lt(signInTickets.expiresAt, new Date(now.getTime() - 86_400_000)));
    await deps.db.insert(signInTickets).values({
      userId: user.id,
      tokenHash: hashToken(ticket),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TICKET_TTL_SECONDS * 1000),
    });
    return { twoStepRequired: true, methods: steps.methods as SecondStepMethod[], ticket };
  }
  return { twoStepSetup: required && steps.methods.length === 0 };
}

const expired = () => new AppError("UNAUTHORIZED", TWO_STEP_TEXT.ticketExpired);

/**
 * Counts one attempt on a live ticket and returns it (null when it is unknown, used, expired or
 * out of attempts). The count is kept even when the proof then fails.
 */
async function countAttempt(deps: Deps, ticket: string) {
  const [row] = await deps.db
    .update(signInTickets)
    .set({ attempts: sql`${signInTickets.attempts} + 1` })
    .where(
      and(
        eq(signInTickets.tokenHash, hashToken(ticket)),
        isNull(signInTickets.usedAt),
        gt(signInTickets.expiresAt, deps.now()),
        lt(signInTickets.attempts, TICKET_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: signInTickets.id, userId: signInTickets.userId });
  return row ?? null;
}

/** Passkey options for the second step: only the ticket's member's passkeys, the challenge bound to the ticket. */
export async function secondStepPasskeyOptions(deps: Deps, ticket: string) {
  const [row] = await deps.db
    .select({ id: signInTickets.id, userId: signInTickets.userId })
    .from(signInTickets)
    .where(and(eq(signInTickets.tokenHash, hashToken(ticket)), isNull(signInTickets.usedAt), gt(signInTickets.expiresAt, deps.now())));
  if (!row) throw expired();
  return passkeyAuthenticationOptions(deps, deps.db, { ticketId: row.id, userId: row.userId });
}

type Proof = { code: string } | { recoveryCode: string } | { credential: z.infer<typeof ZAuthenticationCredential> };

/** Completes a pending sign-in: the session, or 401 (a wrong proof, or a ticket that is no longer good). */
export async function completeSecondStep(deps: Deps, input: { ticket: string } & Proof, userAgent?: string) {
  const ticket = await countAttempt(deps, input.ticket);
  if (!ticket) throw expired();
  await hitCodeLimit(deps, ticket.userId);
  let ok: boolean;
  if ("code" in input) ok = await checkTotpCode(deps, ticket.userId, input.code);
  else if ("recoveryCode" in input) ok = await useRecoveryCode(deps, ticket.userId, input.recoveryCode);
  else ok = (await verifyPasskey(deps, deps.db, input.credential, { ticketId: ticket.id, userId: ticket.userId })) === ticket.userId;
  const byPasskey = "credential" in input;
  if (!ok) throw new AppError("UNAUTHORIZED", byPasskey ? TWO_STEP_TEXT.passkeyFailed : TWO_STEP_TEXT.badCode);
  const now = deps.now();
  // Used once: of two requests racing with good proofs, one gets the session.
  const [used] = await deps.db
    .update(signInTickets)
    .set({ usedAt: now })
    .where(and(eq(signInTickets.id, ticket.id), isNull(signInTickets.usedAt)))
    .returning({ id: signInTickets.id });
  if (!used) throw expired();
  return sessionFor(deps, ticket.userId, userAgent);
}

/** A new session for a member who has proved who they are, with the member as the API shows them. */
export async function sessionFor(deps: Deps, userId: string, userAgent?: string) {
  const [found] = await deps.db
    .select({ row: users, photoVersion: memberPhotos.version })
    .from(users)
    .leftJoin(memberPhotos, eq(memberPhotos.userId, users.id))
    .where(eq(users.id, userId));
  if (!found) throw expired();
  const { row, photoVersion } = found;
  const session = await createSession(deps.db, row.id, deps.config.sessionTtlDays, deps.now(), userAgent);
  const { passwordHash: _omit, ...rest } = row;
  const user = { ...rest, photoVersion };
  return { ...session, user };
}
