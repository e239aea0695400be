import { and, asc, eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db } from "../../db/client";
import type { AuthUser } from "../../http/auth";
import { prepared } from "../../db/prepared";
import { userChallenges } from "../../db/schema/connect";
import { streakOf, type UserChallenge } from "../../../contract/connect";
import { churchToday } from "./journey-clock";

/** Each of the member's challenges with its completed days in order, one row each (the days gathered by PostgreSQL). */
const joined = (db: Db, one: boolean) =>
  db
    .select({
      id: userChallenges.id,
      challengeId: userChallenges.challengeId,
      // Written out: drizzle leaves a one-table select's columns unqualified, and "id" must be the membership's.
      days: sql<string[]>`array(select c.day::text from challenge_checkins c where c.user_challenge_id = user_challenges.id order by c.day)`,
    })
    .from(userChallenges)
    .where(
      one
        ? and(eq(userChallenges.userId, sql.placeholder("userId")), eq(userChallenges.challengeId, sql.placeholder("challengeId")))
        : eq(userChallenges.userId, sql.placeholder("userId")),
    )
    .orderBy(asc(userChallenges.joinedAt));
/** Built and planned once (db/prepared.ts; issue 23). */
const allJoined = prepared("connect.my-challenges", (db) => joined(db, false));
const oneJoined = prepared("connect.my-challenge", (db) => joined(db, true));

/** The member's challenges with their completed days (church-time-zone dates) and current streak. */
export async function listMyChallenges(deps: Deps, user: AuthUser, challengeId?: string): Promise<UserChallenge[]> {
  const rows = challengeId ? await oneJoined(deps.db, { userId: user.id, challengeId }) : await allJoined(deps.db, { userId: user.id });
  const today = churchToday(deps);
  return rows.map((uc) => ({
    id: uc.id,
    challengeId: uc.challengeId,
    streak: streakOf(uc.days, today),
    progressJson: { completedDays: uc.days },
  }));
}
