import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeyEnrolments } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import { findJourneyDay } from "./find-journey-day";
import { JOURNEY_DAYS, journeyDay, type DailyPreview, type SequenceKey } from "../../../contract/connect";
import { churchToday, isFinished } from "./journey-clock";

/** Today's day of the member's journey (calendar days in the church's time zone, stopping at 14) and its content, in the member's saved language. */
export async function getDailyPreview(deps: Deps, user: AuthUser): Promise<DailyPreview> {
  const [found] = await deps.db
    .select({ enrolment: journeyEnrolments, locale: users.locale })
    .from(journeyEnrolments)
    .innerJoin(users, eq(users.id, journeyEnrolments.userId))
    .where(and(eq(journeyEnrolments.userId, user.id), isNull(journeyEnrolments.endedAt)))
    .limit(1);
  const open = found?.enrolment;
  if (!open) return { enrolled: false, currentDay: 0, totalDays: JOURNEY_DAYS, content: null, sequenceKey: null, finished: false };
  const today = churchToday(deps);
  const currentDay = journeyDay(open.startDate, today);
  const day = await findJourneyDay(deps.db, open.sequenceKey, currentDay, isLocale(found.locale) ? found.locale : DEFAULT_LOCALE);
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
