import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { users } from "../../db/schema/users";
import { verifyPassword } from "../../security/passwords";
import { AppError, badRequest } from "../../http/app-error";
import { clearDelay, hitDelay } from "../../http/rate-limit";
import { AUTH_TEXT } from "../../../contract/auth-text";
import { ACCOUNT_SECURITY_TEXT } from "../../../contract/account-security-text";

/**
 * Checks a signed-in member's current password before a change of password or email. Wrong
 * guesses are limited as sign-in's are (decision 0095): a few are free, then each waits longer
 * (429 with Retry-After), so a stolen session cannot be used to guess the password at speed.
 * The streak is the member's own (`password-check:<id>`) and ends with the right password.
 * A wrong password is a 400 on `currentPassword`.
 */
export async function checkCurrentPassword(deps: Deps, userId: string, password: string) {
  const { perEmail, windowSeconds, delaySeconds } = deps.config.authRateLimit;
  const key = `password-check:${userId}`;
  const wait = await hitDelay(deps.db, key, { free: perEmail, firstDelaySeconds: delaySeconds, maxDelaySeconds: windowSeconds, forgetSeconds: 86_400 }, deps.now());
  if (wait !== null) throw new AppError("RATE_LIMITED", AUTH_TEXT.tooManyAttempts, { retryAfterSeconds: wait });
  const [row] = await deps.db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, firstName: users.firstName, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw badRequest("body.currentPassword", ACCOUNT_SECURITY_TEXT.wrongCurrentPassword);
  }
  await clearDelay(deps.db, key);
  const { passwordHash: _omit, ...user } = row;
  return user;
}
