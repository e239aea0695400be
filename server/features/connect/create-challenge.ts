import type { Deps } from "../../deps";
import { challenges } from "../../db/schema/connect";
import { conflict } from "../../http/app-error";
import { isUniqueViolation } from "./journey-clock";
import { ERROR_TEXT } from "../../../contract/errors-text";

/** Staff add challenges; titles are unique. */
export async function createChallenge(deps: Deps, input: { title: string; description: string; days: number; type: string }) {
  try {
    const [row] = await deps.db
      .insert(challenges)
      .values({ ...input, type: input.type.toUpperCase(), createdAt: deps.now() })
      .returning({ id: challenges.id, title: challenges.title, description: challenges.description, days: challenges.days, type: challenges.type });
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ERROR_TEXT.challengeExists);
    throw err;
  }
}
