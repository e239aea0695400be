import { and, eq, isNull } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeyEnrolments, journeys } from "../../db/schema/connect";
import { conflict, notFound } from "../../http/app-error";
import { DAILY_TEXT, JOURNEY_ADMIN_TEXT } from "../../../contract/connect";
import { churchToday, isFinished, isUniqueViolation } from "./journey-clock";
import { claimDelivery, sendJourneyEmail } from "./send-journey-email";

/**
 * Starts a journey today (church time zone) and sends day 1 at once. Only a published, not
 * archived journey with days may be chosen (else 404). A running journey is a 409; a finished
 * one is closed and replaced. The partial unique index keeps one open journey per member even
 * under concurrent requests. The journey's row is read FOR SHARE, so staff reordering its days
 * (save-journey-days.ts, FOR UPDATE) see this member once they commit.
 */
export async function enrollJourney(deps: Deps, user: AuthUser, sequenceKey: string) {
  const today = churchToday(deps);
  let enrolment: { id: string; totalDays: number };
  try {
    enrolment = await deps.db.transaction(async (tx) => {
      const [journey] = await tx.select().from(journeys).where(eq(journeys.key, sequenceKey)).for("share");
      if (!journey || !journey.published || journey.archivedAt || journey.dayCount < 1) throw notFound(JOURNEY_ADMIN_TEXT.notOpen);
      const [open] = await tx
        .select({ id: journeyEnrolments.id, startDate: journeyEnrolments.startDate, dayCount: journeys.dayCount })
        .from(journeyEnrolments)
        .innerJoin(journeys, eq(journeys.key, journeyEnrolments.sequenceKey))
        .where(and(eq(journeyEnrolments.userId, user.id), isNull(journeyEnrolments.endedAt)))
        .for("update", { of: journeyEnrolments });
      if (open) {
        if (!isFinished(open.startDate, today, open.dayCount)) throw conflict(DAILY_TEXT.alreadyEnrolled);
        await tx.update(journeyEnrolments).set({ endedAt: deps.now() }).where(eq(journeyEnrolments.id, open.id));
      }
      const [row] = await tx
        .insert(journeyEnrolments)
        .values({ userId: user.id, sequenceKey, startDate: today, unsubscribeToken: randomBytes(24).toString("base64url"), createdAt: deps.now() })
        .returning({ id: journeyEnrolments.id });
      return { id: row.id, totalDays: journey.dayCount };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(DAILY_TEXT.alreadyEnrolled);
    throw err;
  }
  // The member is waiting: day 1 never waits for the voice AI recording.
  if (await claimDelivery(deps.db, enrolment.id, today, 1)) await sendJourneyEmail(deps, enrolment.id, today, 1, { waitForAudio: false });
  return { sequenceKey, startDate: today, currentDay: 1, totalDays: enrolment.totalDays };
}
