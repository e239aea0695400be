import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeyDays, journeyEnrolments } from "../../db/schema/connect";
import { JOURNEY_DAYS, journeyDay, type DailyPreview, type SequenceKey } from "../../../contract/connect";
import { churchToday, isFinished } from "./journey-clock";

/** Today's day of the member's journey (calendar days in the church's time zone, stopping at 14) and its content. */
export async function getDailyPreview(deps: Deps, user: AuthUser): Promise<DailyPreview> {
  const [open] = await deps.db
    .select()
    .from(journeyEnrolments)
    .where(and(eq(journeyEnrolments.userId, user.id), isNull(journeyEnrolments.endedAt)))
    .limit(1);
  if (!open) return { enrolled: false, currentDay: 0, totalDays: JOURNEY_DAYS, content: null, sequenceKey: null, finished: false };
  const today = churchToday(deps);
  const currentDay = journeyDay(open.startDate, today);
  const [day] = await deps.db
    .select()
    .from(journeyDays)
    .where(and(eq(journeyDays.sequenceKey, open.sequenceKey), eq(journeyDays.day, currentDay)));
  return {
    enrolled: true,
    currentDay,
    totalDays: JOURNEY_DAYS,
    sequenceKey: open.sequenceKey as SequenceKey,
    finished: isFinished(open.startDate, today),
    content: day
      ? { title: day.title, content: day.content, ...(day.verseText ? { verse: day.verseRef ? `${day.verseText} (${day.verseRef})` : day.verseText } : {}) }
      : null,
  };
}
