import { eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { journeys } from "../../db/schema/connect";
import { notFound } from "../../http/app-error";
import { JOURNEY_ADMIN_TEXT, type DailyPreview } from "../../../contract/connect";
import type { Locale } from "../../../contract/i18n/locales";
import { findJourneyDay } from "./find-journey-day";
import { dailyContent } from "./get-daily-preview";
import { journeyTitle } from "./journey-catalog";

/** Admin → Journeys' preview: a day exactly as GET /api/daily/preview gives it to a member on that day, in `locale`. */
export async function previewJourneyDay(deps: Deps, id: string, day: number, locale: Locale): Promise<DailyPreview> {
  const [j] = await deps.db.select().from(journeys).where(eq(journeys.id, id));
  if (!j || day > j.dayCount) throw notFound(JOURNEY_ADMIN_TEXT.notFound);
  const content = await findJourneyDay(deps.db, j.key, day, locale);
  return {
    enrolled: true,
    currentDay: day,
    totalDays: j.dayCount,
    sequenceKey: j.key,
    journeyTitle: journeyTitle(j, locale),
    finished: false,
    content: dailyContent(content),
  };
}
