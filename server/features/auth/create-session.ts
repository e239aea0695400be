import type { Db, Tx } from "../../db/client";
import { sessions } from "../../db/schema/users";
import { hashToken, newToken } from "../../http/tokens";

/** Issues an opaque 256-bit session token; only its hash is stored. */
export async function createSession(db: Db | Tx, userId: string, ttlDays: number, now: Date) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlDays * 86_400_000);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}
