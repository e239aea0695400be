import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { prepared } from "../../db/prepared";
import { journeyDays, journeyEnrolments, journeys } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import { journeyDay, type DailyPreview } from "../../../contract/connect";
import { churchToday, isFinished } from "./journey-clock";
import { journeyTitle } from "./journey-catalog";

type DayRow = { title: string; content: string; verseRef: string | null; verseText: string | null };

/** A day's content as the member sees it on Connect (Admin → Journeys' preview shows the same). */
export const dailyContent = (day: DayRow | null) =>
  day ? { title: day.title, content: day.content, ...(day.verseText ? { verse: day.verseRef ? `${day.verseText} (${day.verseRef})` : day.verseText } : {}) } : null;

/**
 * The member's open enrolment, its journey, their language and today's day in that language (or
 * in English when it has no row for it) in one statement built and planned once (issue 23:
 * before, two queries one after the other, each built per request). Today's day is
 * `journeyDay`'s rule in SQL: the calendar days since the start, 1 on the first, at most the
 * journey's length.
 */
const preview = prepared("connect.daily-preview", (db) => {
  const total = sql`greatest(${journeys.dayCount}, 1)`;
  const today = sql`greatest(1, least(${total}, (${sql.placeholder("today")}::date - ${journeyEnrolments.startDate}) + 1))`;
  const day = db
    .select({ title: journeyDays.title, content: journeyDays.content, verseRef: journeyDays.verseRef, verseText: journeyDays.verseText })
    .from(journeyDays)
    .where(and(eq(journeyDays.sequenceKey, journeyEnrolments.sequenceKey), sql`${journeyDays.day} = ${today}`, sql`${journeyDays.locale} in (${users.locale}, ${DEFAULT_LOCALE})`))
    .orderBy(desc(sql`${journeyDays.locale} = ${users.locale}`))
    .limit(1)
    .as("d");
  return db
    .select({
      sequenceKey: journeyEnrolments.sequenceKey,
      startDate: journeyEnrolments.startDate,
      dayCount: journeys.dayCount,
      titleEn: journeys.titleEn,
      titleEs: journeys.titleEs,
      locale: users.locale,
      day: { title: day.title, content: day.content, verseRef: day.verseRef, verseText: day.verseText },
    })
    .from(journeyEnrolments)
    .innerJoin(users, eq(users.id, journeyEnrolments.userId))
    .innerJoin(journeys, eq(journeys.key, journeyEnrolments.sequenceKey))
    .leftJoinLateral(day, sql`true`)
    .where(and(eq(journeyEnrolments.userId, sql.placeholder("userId")), isNull(journeyEnrolments.endedAt)))
    .limit(1);
});

/**
 * Today's day of the member's journey (calendar days in the church's time zone, stopping at the
 * journey's last day) and its content, in the member's saved language. The total is the
 * journey's day count now (decision 0108).
 */
export async function getDailyPreview(deps: Deps, user: AuthUser): Promise<DailyPreview> {
  const today = churchToday(deps);
  const [found] = await preview(deps.db, { userId: user.id, today });
  if (!found) return { enrolled: false, currentDay: 0, totalDays: 0, content: null, sequenceKey: null, journeyTitle: null, finished: false };
  const locale = isLocale(found.locale) ? found.locale : DEFAULT_LOCALE;
  const total = Math.max(1, found.dayCount);
  return {
    enrolled: true,
    currentDay: journeyDay(found.startDate, today, total),
    totalDays: total,
    sequenceKey: found.sequenceKey,
    journeyTitle: journeyTitle(found, locale),
    finished: isFinished(found.startDate, today, total),
    content: found.day && dailyContent(found.day),
  };
}
