import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeys } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import type { JourneyOption } from "../../../contract/connect";
import { journeyDescription, journeyTitle } from "./journey-catalog";

/** The journeys a member may choose on Connect: published, not archived, with at least one day; in the member's language. */
export async function listJourneys(deps: Deps, user: AuthUser): Promise<JourneyOption[]> {
  const [me] = await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, user.id));
  const locale = isLocale(me?.locale) ? me.locale : DEFAULT_LOCALE;
  const rows = await deps.db
    .select()
    .from(journeys)
    .where(and(eq(journeys.published, true), isNull(journeys.archivedAt), gt(journeys.dayCount, 0)))
    .orderBy(asc(journeys.createdAt), asc(journeys.key));
  return rows.map((j) => ({ key: j.key, title: journeyTitle(j, locale), description: journeyDescription(j, locale), days: j.dayCount }));
}
