import { eq, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import { journeys } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT, type DailyPreview } from "../../../contract/connect";
import { DEFAULT_LOCALE, type Locale } from "../../../contract/i18n/locales";
import { dailyContent } from "./get-daily-preview";
import { journeyTitle } from "./journey-catalog";

/**
 * The journey and the day in `locale` (or in English when that language has no row for it, as
 * findJourneyDay reads it) in one statement built once (db/prepared.ts; issue 23: before, two
 * statements one after the other).
 */
const journeyAndDay = prepared("connect.admin-journey-preview", (db) =>
  db
    .select({
      key: journeys.key,
      dayCount: journeys.dayCount,
      titleEn: journeys.titleEn,
      titleEs: journeys.titleEs,
      content: sql<{ title: string; content: string; verseRef: string | null; verseText: string | null } | null>`(
        select json_build_object('title', d.title, 'content', d.content, 'verseRef', d.verse_ref, 'verseText', d.verse_text)
        from journey_days d
        where d.sequence_key = ${journeys.key} and d.day = ${sql.placeholder("day")} and d.locale in (${sql.placeholder("locale")}, ${DEFAULT_LOCALE})
        order by d.locale = ${sql.placeholder("locale")} desc limit 1)`,
    })
    .from(journeys)
    .where(eq(journeys.id, sql.placeholder("id"))),
);

/** Admin → Journeys' preview: a day exactly as GET /api/daily/preview gives it to a member on that day, in `locale`. */
export async function previewJourneyDay(deps: Deps, id: string, day: number, locale: Locale): Promise<DailyPreview> {
  const [j] = await journeyAndDay(deps.db, { id, day, locale });
  if (!j || day > j.dayCount) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
  return {
    enrolled: true,
    currentDay: day,
    totalDays: j.dayCount,
    sequenceKey: j.key,
    journeyTitle: journeyTitle(j, locale),
    finished: false,
    content: dailyContent(j.content),
  };
}
