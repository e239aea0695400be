import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { journeys } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { DEFAULT_LOCALE, isLocale } from "../../../contract/i18n/locales";
import type { JourneyOption } from "../../../contract/connect";
import { journeyDescription, journeyTitle } from "./journey-catalog";

/** The journeys a member may choose on Connect: published, not archived, with at least one day; in the member's language. */
export async function listJourneys(deps: Deps, user: AuthUser): Promise<JourneyOption[]> {
  // The member's language comes with the rows (one round trip, not two: issue 23); no row, no text to choose.
  const found = await deps.db
    .select({ j: journeys, locale: sql<string | null>`(select ${users.locale} from ${users} where ${users.id} = ${user.id})` })
    .from(journeys)
    .where(and(eq(journeys.published, true), isNull(journeys.archivedAt), gt(journeys.dayCount, 0)))
    .orderBy(asc(journeys.createdAt), asc(journeys.key));
  const mine = found[0]?.locale;
  const locale = isLocale(mine) ? mine : DEFAULT_LOCALE;
  const rows = found.map((r) => r.j);
  return rows.map((j) => ({ key: j.key, title: journeyTitle(j, locale), description: journeyDescription(j, locale), days: j.dayCount }));
}
