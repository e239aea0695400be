import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";
import type { Deps } from "../../deps";
import type { RegisterInput } from "../../../contract/auth";
import { AUTH_TEXT } from "../../../contract/auth";
import { users } from "../../db/schema/users";
import { hashPassword } from "../../security/passwords";
import { conflict } from "../../http/app-error";
import { hitRateLimit } from "../../http/rate-limit";
import { createSession } from "./create-session";
import { normalizeEmail } from "../../shared/public-user";
import type { AuthUser } from "../../http/auth";
import { enqueueCrmSync } from "../../providers/crm/queue";

/** New accounts are always MEMBER. A taken email (any letter case) is a 409. New members are queued for the CRM. */
/** `locale`: the language the member registered in (their Accept-Language), for emails. */
export async function registerUser(deps: Deps, input: RegisterInput, ip: string, locale: Locale = DEFAULT_LOCALE, userAgent?: string) {
  const email = normalizeEmail(input.email);
  const { perIp, perEmail, windowSeconds } = deps.config.authRateLimit;
  const now = deps.now();
  await hitRateLimit(deps.db, `register:ip:${ip}`, perIp, windowSeconds, now);
  await hitRateLimit(deps.db, `register:email:${email}`, perEmail, windowSeconds, now);
  const passwordHash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash, firstName: input.firstName, lastName: input.lastName, role: "MEMBER", locale, createdAt: now })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw conflict(AUTH_TEXT.emailTaken);
    // Sent to the church's CRM later by server/jobs/crm-sync.ts (only while it is connected).
    await enqueueCrmSync(tx, "member", row.id, now);
    const session = await createSession(tx, row.id, deps.config.sessionTtlDays, now, userAgent);
    const user: AuthUser = { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role, finance: row.finance, createdAt: row.createdAt, phone: null, photoVersion: null };
    return { ...session, user };
  });
}
