import { and, asc, eq, exists, isNull, or, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import type { AuthUser } from "../../http/auth";
import { challenges, userChallenges } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import type { Challenge } from "../../../contract/connect";
import { toAdminChallenge } from "./create-challenge";

/**
 * The member's language comes with the rows (one round trip, not two), and the statement is
 * built and planned once (db/prepared.ts; issue 23).
 */
const connectChallenges = prepared("connect.challenges", (db) => {
  const joined = db
    .select({ one: userChallenges.id })
    .from(userChallenges)
    .where(and(eq(userChallenges.challengeId, challenges.id), eq(userChallenges.userId, sql.placeholder("userId"))));
  return db
    .select({ c: challenges, locale: sql<string | null>`(select ${users.locale} from ${users} where ${users.id} = ${sql.placeholder("userId")})` })
    .from(challenges)
    .where(or(isNull(challenges.archivedAt), exists(joined)))
    .orderBy(asc(challenges.createdAt), asc(challenges.title));
});

/**
 * The challenges on Connect, in the member's language: every open one, and the archived ones
 * the member joined (marked `archived`, so their streak and progress stay in view).
 */
export async function listChallenges(deps: Deps, user: AuthUser): Promise<Challenge[]> {
  const found = await connectChallenges(deps.db, { userId: user.id });
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

/**
 * Admin → Challenges: all of them, archived too, with how many members joined each: the kept
 * count on the row (decision 0131; issue 23: before, every membership row was read and grouped,
 * 10 ms at 10,000 memberships), in a statement built once.
 */
const adminChallenges = prepared("connect.admin-challenges", (db) => db.select().from(challenges).orderBy(asc(challenges.createdAt), asc(challenges.title)));

export async function listAdminChallenges(deps: Deps) {
  return (await adminChallenges(deps.db)).map(toAdminChallenge);
}
