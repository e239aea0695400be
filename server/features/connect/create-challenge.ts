import type { Deps } from "../../deps";
import { challenges } from "../../db/schema/connect";
import { conflict } from "../../http/app-error";
import { isUniqueViolation } from "./journey-clock";
import { ERROR_TEXT } from "../../../contract/errors-text";
import type { AdminChallenge } from "../../../contract/connect";

type ChallengeRow = typeof challenges.$inferSelect;
/** A challenge as Admin → Challenges shows it; `members` is the kept count (challenges.member_count, decision 0131). */
export const toAdminChallenge = (c: ChallengeRow): AdminChallenge => ({
  id: c.id,
  title: c.title,
  description: c.description,
  titleEs: c.titleEs,
  descriptionEs: c.descriptionEs,
  days: c.days,
  type: c.type,
  archived: c.archivedAt !== null,
  members: c.memberCount,
});

/** Staff add challenges (Admin → Challenges), in English and Spanish; English titles are unique. */
export async function createChallenge(
  deps: Deps,
  input: { title: string; description: string; titleEs: string; descriptionEs: string; days: number; type: string },
) {
  try {
    const [row] = await deps.db
      .insert(challenges)
      .values({ ...input, type: input.type.toUpperCase(), createdAt: deps.now(), updatedAt: deps.now() })
      .returning();
    return toAdminChallenge(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ERROR_TEXT.challengeExists);
    throw err;
  }
}
