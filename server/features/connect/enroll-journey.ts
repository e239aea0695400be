import { and, eq, isNull } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeyEnrolments } from "../../db/schema/connect";
import { conflict } from "../../http/app-error";
import { DAILY_TEXT, JOURNEY_DAYS, type SequenceKey } from "../../../contract/connect";
import { churchToday, isFinished, isUniqueViolation } from "./journey-clock";
import { claimDelivery, sendJourneyEmail } from "./send-journey-email";

/**
 * Starts a 14-day journey today (church time zone) and sends day 1 at once. A running journey
 * is a 409; a finished one is closed and replaced. The partial unique index keeps one open
 * journey per member even under concurrent requests.
 */
export async function enrollJourney(deps: Deps, user: AuthUser, sequenceKey: SequenceKey) {
  const today = churchToday(deps);
  let enrolmentId: string;
  try {
    enrolmentId = await deps.db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(journeyEnrolments)
        .where(and(eq(journeyEnrolments.userId, user.id), isNull(journeyEnrolments.endedAt)))
        .for("update");
      if (open) {
        if (!isFinished(open.startDate, today)) throw conflict(DAILY_TEXT.alreadyEnrolled);
        await tx.update(journeyEnrolments).set({ endedAt: deps.now() }).where(eq(journeyEnrolments.id, open.id));
      }
      const [row] = await tx
        .insert(journeyEnrolments)
        .values({ userId: user.id, sequenceKey, startDate: today, unsubscribeToken: randomBytes(24).toString("base64url"), createdAt: deps.now() })
        .returning({ id: journeyEnrolments.id });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DAILY_TEXT.alreadyEnrolled);
    throw err;
  }
  // The member is waiting: day 1 never waits for the voice AI recording.
  if (await claimDelivery(deps.db, enrolmentId, today, 1)) await sendJourneyEmail(deps, enrolmentId, today, 1, { waitForAudio: false });
  return { sequenceKey, startDate: today, currentDay: 1, totalDays: JOURNEY_DAYS };
}
