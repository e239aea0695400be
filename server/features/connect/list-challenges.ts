import { asc } from "drizzle-orm";
import type { Deps } from "../../deps";
import { challenges } from "../../db/schema/connect";

export async function listChallenges(deps: Deps) {
  return deps.db
    .select({ id: challenges.id, title: challenges.title, description: challenges.description, days: challenges.days, type: challenges.type })
    .from(challenges)
    .orderBy(asc(challenges.createdAt), asc(challenges.title));
}
