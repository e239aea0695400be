/**
 * Daily journey emails (docs/architecture.md, Jobs): from the configured hour each morning in
 * the church's time zone, every running enrolment gets that day's email exactly once: the day of
 * the journey the member is on, as its content reads when the email is queued. Rows are
 * claimed with FOR UPDATE SKIP LOCKED and recorded under the (enrolment, date) primary key in
 * the same transaction, so any number of schedulers on one database never send twice.
 */
import { startInterval } from "./interval";
import { and, asc, eq, isNull, lt, lte, notExists, sql } from "drizzle-orm";
import type { Deps } from "../deps";
import { journeyDeliveries, journeyEnrolments, journeys } from "../db/schema/connect";
import { journeyDay, localDate } from "../../contract/connect";
import { sendJourneyEmail } from "../features/connect/send-journey-email";

const BATCH = 50;
/**
 * A claim whose email was not queued this long after it was made belongs to a process that died
 * between the claim and the queue (the two are separate transactions: the email is built, and may
 * wait for the day's recording, between them). It is taken over, so the day's email is not lost.
 */
export const JOURNEY_CLAIM_LEASE_MS = 10 * 60_000;

/** The church-time-zone hour of an instant. */
function localHour(at: Date, timeZone: string) {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at));
}

/** One pass: sends today's email to every running enrolment that has not had it. Returns how many were sent. */
export async function runDailyJourney(deps: Deps, onError: (err: unknown) => void = () => undefined): Promise<number> {
  const now = deps.now();
  if (localHour(now, deps.church.timeZone) < deps.config.dailyJourneyHour) return 0;
  const today = localDate(now, deps.church.timeZone);
  let sent = 0;
  // Today's claims left unsent by a crashed process: taken over one by one (the update is the
  // claim, so two schedulers never take the same one), then sent as any claim is.
  const stale = await deps.db
    .update(journeyDeliveries)
    .set({ createdAt: now })
    .where(and(eq(journeyDeliveries.deliveryDate, today), isNull(journeyDeliveries.sentAt), lt(journeyDeliveries.createdAt, new Date(now.getTime() - JOURNEY_CLAIM_LEASE_MS))))
    .returning({ enrolmentId: journeyDeliveries.enrolmentId, day: journeyDeliveries.day });
  for (const c of stale) {
    try {
      await sendJourneyEmail(deps, c.enrolmentId, today, c.day);
      sent += 1;
    } catch (err) {
      onError(err);
    }
  }
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: journeyEnrolments.id, startDate: journeyEnrolments.startDate, dayCount: journeys.dayCount })
        .from(journeyEnrolments)
        .innerJoin(journeys, eq(journeys.key, journeyEnrolments.sequenceKey))
        .where(
          and(
            isNull(journeyEnrolments.endedAt),
            // Still running today: fewer whole days since the start than the journey has days (its length now, decision 0108).
            sql`${today}::date - ${journeyEnrolments.startDate} < ${journeys.dayCount}`,
            lte(journeyEnrolments.startDate, today),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(journeyDeliveries)
                .where(and(eq(journeyDeliveries.enrolmentId, journeyEnrolments.id), eq(journeyDeliveries.deliveryDate, today))),
            ),
          ),
        )
        .orderBy(asc(journeyEnrolments.createdAt))
        .limit(BATCH)
        .for("update", { of: journeyEnrolments, skipLocked: true });
      if (!due.length) return [];
      const rows = await tx
        .insert(journeyDeliveries)
        .values(due.map((d) => ({ enrolmentId: d.id, deliveryDate: today, day: journeyDay(d.startDate, today, d.dayCount) })))
        .onConflictDoNothing()
        .returning({ enrolmentId: journeyDeliveries.enrolmentId, day: journeyDeliveries.day });
      return rows;
    });
    if (!claimed.length) return sent;
    let failed = 0;
    for (const c of claimed) {
      try {
        await sendJourneyEmail(deps, c.enrolmentId, today, c.day);
        sent += 1;
      } catch (err) {
        // sendJourneyEmail released the claim, so the next pass retries it.
        failed += 1;
        onError(err);
      }
    }
    // Stop this pass after failures, so a broken sender is not retried in a tight loop.
    if (failed) return sent;
  }
}

/** Runs the job every `intervalMs` (never overlapping itself). stop() waits for a pass in progress. */
export function startDailyJourneyScheduler(deps: Deps, intervalMs = 60_000, onError: (err: unknown) => void = () => undefined) {
  return startInterval(() => runDailyJourney(deps, onError), intervalMs, onError);
}
