import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeyEnrolments } from "../../db/schema/connect";

/** The email's unsubscribe link: ends the journey, so no more emails are sent. Returns whether one was stopped. */
export async function unsubscribeJourney(deps: Deps, token: string) {
  const rows = await deps.db
    .update(journeyEnrolments)
    .set({ endedAt: deps.now() })
    .where(and(eq(journeyEnrolments.unsubscribeToken, token), isNull(journeyEnrolments.endedAt)))
    .returning({ id: journeyEnrolments.id });
  return rows.length > 0;
}
