import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { challengeCheckins, challenges, userChallenges } from "../../db/schema/connect";
import { conflict, notFound } from "../../http/app-error";
import { CHALLENGE_TEXT } from "../../../contract/connect";
import { churchToday } from "./journey-clock";
import { listMyChallenges } from "./list-my-challenges";

/** Complete Today: marks today's church-time-zone date once (a second mark is a no-op). */
export async function recordChallengeProgress(deps: Deps, user: AuthUser, challengeId: string) {
  const [row] = await deps.db
    .select({ challengeId: challenges.id, userChallengeId: userChallenges.id })
    .from(challenges)
    .leftJoin(userChallenges, and(eq(userChallenges.challengeId, challenges.id), eq(userChallenges.userId, user.id)))
    .where(eq(challenges.id, challengeId));
  if (!row) throw notFound(CHALLENGE_TEXT.notFound);
  if (!row.userChallengeId) throw conflict(CHALLENGE_TEXT.notJoined);
  await deps.db
    .insert(challengeCheckins)
    .values({ userChallengeId: row.userChallengeId, day: churchToday(deps), createdAt: deps.now() })
    .onConflictDoNothing();
  const [mine] = await listMyChallenges(deps, user, challengeId);
  return mine;
}
