import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { challenges, userChallenges } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { CHALLENGE_TEXT } from "../../../contract/connect";
import { listMyChallenges } from "./list-my-challenges";

/** Idempotent: joining twice (or concurrently) leaves one membership, by the unique index. An archived challenge takes no new members (404), but joining it again is still the no-op it was. */
export async function joinChallenge(deps: Deps, user: AuthUser, challengeId: string) {
  const [c] = await deps.db.select({ id: challenges.id, archivedAt: challenges.archivedAt }).from(challenges).where(eq(challenges.id, challengeId));
  if (!c) throw notFound(CHALLENGE_TEXT.notFound);
  if (c.archivedAt) {
    const [mine] = await listMyChallenges(deps, user, challengeId);
    if (!mine) throw notFound(CHALLENGE_TEXT.notFound);
    return mine;
  }
  await deps.db.insert(userChallenges).values({ userId: user.id, challengeId, joinedAt: deps.now() }).onConflictDoNothing();
  const [mine] = await listMyChallenges(deps, user, challengeId);
  return mine;
}
