import type { Db, Tx } from "../../db/client";
import { sessions } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";
import { SESSION_USER_AGENT_MAX } from "../../../contract/account-security-text";

/**
 * Issues an opaque 256-bit session token; only its hash is stored. `userAgent` (the browser's
 * header, cut to SESSION_USER_AGENT_MAX) lets Profile → devices say which device it is.
 */
export async function createSession(db: Db | Tx, userId: string, ttlDays: number, now: Date, userAgent?: string) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    createdAt: now,
    lastUsedAt: now,
    userAgent: userAgent ? userAgent.slice(0, SESSION_USER_AGENT_MAX) : null,
  });
  return { token, expiresAt };
}
