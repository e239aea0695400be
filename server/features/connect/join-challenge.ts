import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { challenges, userChallenges } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { CHALLENGE_TEXT } from "../../../contract/connect";
import { listMyChallenges } from "./list-my-challenges";

/** Idempotent: joining twice (or concurrently) leaves one membership, by the unique index. */
export async function joinChallenge(deps: Deps, user: AuthUser, challengeId: string) {
  const [c] = await deps.db.select({ id: challenges.id }).from(challenges).where(eq(challenges.id, challengeId));
  if (!c) throw notFound(CHALLENGE_TEXT.notFound);
  await deps.db.insert(userChallenges).values({ userId: user.id, challengeId, joinedAt: deps.now() }).onConflictDoNothing();
  const [mine] = await listMyChallenges(deps, user, challengeId);
  return mine;
}
