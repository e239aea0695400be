import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeyEnrolments, journeys } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import { findJourneyDay } from "./find-journey-day";
import { journeyDay, type DailyPreview } from "../../../contract/connect";
import { churchToday, isFinished } from "./journey-clock";
import { journeyTitle } from "./journey-catalog";

type DayRow = { title: string; content: string; verseRef: string | null; verseText: string | null };

/** A day's content as the member sees it on Connect (Admin → Journeys' preview shows the same). */
export const dailyContent = (day: DayRow | null) =>
  day ? { title: day.title, content: day.content, ...(day.verseText ? { verse: day.verseRef ? `${day.verseText} (${day.verseRef})` : day.verseText } : {}) } : null;

/**
 * Today's day of the member's journey (calendar days in the church's time zone, stopping at the
 * journey's last day) and its content, in the member's saved language. The total is the
 * journey's day count now (decision 0108).
 */
export async function getDailyPreview(deps: Deps, user: AuthUser): Promise<DailyPreview> {
  const [found] = await deps.db
    .select({ enrolment: journeyEnrolments, journey: journeys, locale: users.locale })
    .from(journeyEnrolments)
    .innerJoin(users, eq(users.id, journeyEnrolments.userId))
    .innerJoin(journeys, eq(journeys.key, journeyEnrolments.sequenceKey))
    .where(and(eq(journeyEnrolments.userId, user.id), isNull(journeyEnrolments.endedAt)))
    .limit(1);
  if (!found) return { enrolled: false, currentDay: 0, totalDays: 0, content: null, sequenceKey: null, journeyTitle: null, finished: false };
  const { enrolment: open, journey } = found;
  const locale = isLocale(found.locale) ? found.locale : DEFAULT_LOCALE;
  const today = churchToday(deps);
  const total = Math.max(1, journey.dayCount);
  const currentDay = journeyDay(open.startDate, today, total);
  const day = await findJourneyDay(deps.db, open.sequenceKey, currentDay, locale);
  return {
    enrolled: true,
    currentDay,
    totalDays: total,
    sequenceKey: open.sequenceKey,
    journeyTitle: journeyTitle(journey, locale),
    finished: isFinished(open.startDate, today, total),
    content: dailyContent(day),
  };
}
