import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { AUTH_TEXT, type LoginInput } from "../../../contract/auth";
import { users } from "../../db/schema/users";
import { verifyPassword } from "../../security/passwords";
import { AppError } from "../../http/app-error";
import { hitRateLimit } from "../../http/rate-limit";
import { createSession } from "./create-session";
import { normalizeEmail } from "../../shared/public-user";

/**
 * Wrong email and wrong password get the same 401 and take the same time (no account
 * enumeration). Attempts are limited per IP and per email before any hashing is done.
 */
export async function signIn(deps: Deps, input: LoginInput, ip: string) {
  const email = normalizeEmail(input.email);
  const { perIp, perEmail, windowSeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `login:ip:${ip}`, perIp, windowSeconds);
  await hitRateLimit(deps.db, `login:email:${email}`, perEmail, windowSeconds);
  const [row] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !ok) throw new AppError("UNAUTHORIZED", AUTH_TEXT.badCredentials);
  const session = await createSession(deps.db, row.id, deps.config.sessionTtlDays, deps.now());
  const { passwordHash: _omit, ...user } = row;
  return { ...session, user };
}
