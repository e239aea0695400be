import { and, asc, count, eq, exists, isNull, or, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { challenges, userChallenges } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import type { Challenge } from "../../../contract/connect";
import { toAdminChallenge } from "./create-challenge";

/**
 * The challenges on Connect, in the member's language: every open one, and the archived ones
 * the member joined (marked `archived`, so their streak and progress stay in view).
 */
export async function listChallenges(deps: Deps, user: AuthUser): Promise<Challenge[]> {
  const joined = deps.db
    .select({ one: userChallenges.id })
    .from(userChallenges)
    .where(and(eq(userChallenges.challengeId, challenges.id), eq(userChallenges.userId, user.id)));
  // The member's language comes with the rows (one round trip, not two: issue 23); no row, no text to choose.
  const found = await deps.db
    .select({ c: challenges, locale: sql<string | null>`(select ${users.locale} from ${users} where ${users.id} = ${user.id})` })
    .from(challenges)
    .where(or(isNull(challenges.archivedAt), exists(joined)))
    .orderBy(asc(challenges.createdAt), asc(challenges.title));
  const es = found[0]?.locale === "es";
  return found.map(({ c }) => ({
    id: c.id,
    title: es && c.titleEs ? c.titleEs : c.title,
    description: es && c.descriptionEs ? c.descriptionEs : c.description,
    days: c.days,
    type: c.type,
    ...(c.archivedAt ? { archived: true } : {}),
  }));
}

/** Admin → Challenges: all of them, archived too, with how many members joined each. */
export async function listAdminChallenges(deps: Deps) {
  const rows = await deps.db
    .select({ c: challenges, n: count(userChallenges.id) })
    .from(challenges)
    .leftJoin(userChallenges, eq(userChallenges.challengeId, challenges.id))
    .groupBy(challenges.id)
    .orderBy(asc(challenges.createdAt), asc(challenges.title));
  return rows.map((r) => toAdminChallenge(r.c, Number(r.n)));
}
