import { and, eq, gt, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users, passwordResets, sessions } from "../../db/schema/users";
import { hashToken } from "../../http/tokens";
import { hashPassword } from "../../security/passwords";
import { AppError } from "../../http/app-error";
import { AUTH_TEXT } from "../../../contract/auth";

/**
 * Uses the token once (atomically), sets the new password, revokes every session of the
 * account (a member who resets because someone else knew the password wants them out, on every
 * device) and retires every other outstanding reset link of the account.
 */
/** Returns the user whose password changed (all their sessions are revoked). */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new AppError("BAD_REQUEST", AUTH_TEXT.resetInvalid, { issues: [{ path: "body.token", message: AUTH_TEXT.resetInvalid }] });
    await tx.update(users).set({ passwordHash }).where(eq(users.id, reset.userId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    return reset.userId;
  });
}
