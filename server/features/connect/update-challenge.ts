import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { challenges } from "../../db/schema/connect";
import { conflict, notFound } from "../../http/app-error";
import { ERROR_TEXT } from "../../../contract/errors-text";
import { CHALLENGE_TEXT, type ChallengePatch } from "../../../contract/connect";
import { isUniqueViolation } from "./journey-clock";
import { toAdminChallenge } from "./create-challenge";

/**
 * Edit a challenge, or archive/restore it (`archived`). Archiving only closes it to new members:
 * members who joined keep it on Connect with their check-ins and streak, and may still complete
 * days; nothing is deleted. Changing `days` changes every member's progress bar (completed days
 * over days), never their check-ins.
 */
export async function updateChallenge(deps: Deps, id: string, patch: ChallengePatch) {
  const { archived, ...fields } = patch;
  try {
    const [row] = await deps.db
      .update(challenges)
      .set({
        ...fields,
        ...(fields.type ? { type: fields.type.toUpperCase() } : {}),
        ...(archived === undefined ? {} : { archivedAt: archived ? deps.now() : null }),
        updatedAt: deps.now(),
      })
      .where(eq(challenges.id, id))
      .returning();
    if (!row) throw notFound(CHALLENGE_TEXT.notFound);
    return toAdminChallenge(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ERROR_TEXT.challengeExists);
    throw err;
  }
}
