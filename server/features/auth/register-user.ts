import type { Deps } from "../../deps";
import type { RegisterInput } from "../../../contract/auth";
import { AUTH_TEXT } from "../../../contract/auth";
import { users } from "../../db/schema/users";
import { hashPassword } from "../../http/passwords";
import { conflict } from "../../http/app-error";
import { hitRateLimit } from "../../http/rate-limit";
import { createSession } from "./create-session";
import { normalizeEmail } from "./public-user";
import type { AuthUser } from "../../http/auth";

/** New accounts are always MEMBER. A taken email (any letter case) is a 409. */
export async function registerUser(deps: Deps, input: RegisterInput, ip: string) {
  const email = normalizeEmail(input.email);
  const { perIp, perEmail, windowSeconds } = deps.config.authRateLimit;
  await hitRateLimit(deps.db, `register:ip:${ip}`, perIp, windowSeconds);
  await hitRateLimit(deps.db, `register:email:${email}`, perEmail, windowSeconds);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: "MEMBER", createdAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw conflict(AUTH_TEXT.emailTaken);
    const session = await createSession(tx, row.id, deps.config.sessionTtlDays, now);
    const user: AuthUser = { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role, createdAt: row.createdAt };
    return { ...session, user };
  });
}
