import { and, asc, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { challengeCheckins, userChallenges } from "../../db/schema/connect";
import { streakOf, type UserChallenge } from "../../../contract/connect";
import { churchToday } from "./journey-clock";

/** The member's challenges with their completed days (church-time-zone dates) and current streak. */
export async function listMyChallenges(deps: Deps, user: AuthUser, challengeId?: string): Promise<UserChallenge[]> {
  const rows = await deps.db
    .select({ id: userChallenges.id, challengeId: userChallenges.challengeId, day: challengeCheckins.day })
    .from(userChallenges)
    .leftJoin(challengeCheckins, eq(challengeCheckins.userChallengeId, userChallenges.id))
    .where(and(eq(userChallenges.userId, user.id), challengeId ? eq(userChallenges.challengeId, challengeId) : undefined))
    .orderBy(asc(userChallenges.joinedAt), asc(challengeCheckins.day));
  const byId = new Map<string, { id: string; challengeId: string; days: string[] }>();
  for (const r of rows) {
    const uc = byId.get(r.id) ?? { id: r.id, challengeId: r.challengeId, days: [] };
    if (r.day) uc.days.push(r.day);
    byId.set(r.id, uc);
  }
  const today = churchToday(deps);
  return [...byId.values()].map((uc) => ({
    id: uc.id,
    challengeId: uc.challengeId,
    streak: streakOf(uc.days, today),
    progressJson: { completedDays: uc.days },
  }));
}
