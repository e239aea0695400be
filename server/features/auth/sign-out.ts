import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { sessions } from "../../db/schema/users";

/** Revokes the session the request was made with; the token stops working at once. */
export async function signOut(deps: Deps, sessionId: string) {
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
