import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { prepared } from "../../db/prepared";
import { journeys } from "../../db/schema/connect";
import { JsonTemplate } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { LOCALES, type Locale } from "../../../contract/i18n/locales";
import { ZJourneyOption, type JourneyOption } from "../../../contract/connect";
import { journeyDescription, journeyTitle } from "./journey-catalog";
import { memberLocale } from "./member-locale";

const offered = prepared("connect.journeys", (db) =>
  db
    .select()
    .from(journeys)
    .where(and(eq(journeys.published, true), isNull(journeys.archivedAt), gt(journeys.dayCount, 0)))
    .orderBy(asc(journeys.createdAt), asc(journeys.key)),
);

/** The journeys a member may choose on Connect: published, not archived, with at least one day; in `locale`. */
export async function listJourneysIn(deps: Pick<Deps, "db">, locale: Locale): Promise<JourneyOption[]> {
  const rows = await offered(deps.db);
  return rows.map((j) => ({ key: j.key, title: journeyTitle(j, locale), description: journeyDescription(j, locale), days: j.dayCount }));
}

/**
 * The journeys on Connect, the same for every member of a language: read and written as JSON
 * once per language and change (shared-read.ts; issue 23: before, a statement built per request
 * and every journey through the schema). Staff's changes refresh it at once on their instance
 * and through `content-changed` on every other (contentChange). A request reads only the
 * member's language.
 */
export class JourneyOptions {
  private readonly byLocale: Record<Locale, SharedAnswer<{ list: JourneyOption[] }>>;

  constructor(private readonly deps: Deps) {
    this.byLocale = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        new SharedAnswer<{ list: JourneyOption[] }>(deps, {
          events: ["content-changed"],
          load: async () => ({ list: await listJourneysIn(deps, locale) }),
          write: ({ list }) => JsonTemplate.write(z.array(ZJourneyOption), list),
        }),
      ]),
    ) as Record<Locale, SharedAnswer<{ list: JourneyOption[] }>>;
  }

  /** GET /api/daily/journeys for `user`: the bytes of their language's list. */
  async json(user: AuthUser): Promise<Buffer> {
    const answer = this.byLocale[await memberLocale(this.deps.db, user.id)];
    return answer.json(await answer.get()).bytes;
  }

  /** Staff changed a journey on this instance. */
  changed() {
    for (const answer of Object.values(this.byLocale)) answer.changed();
  }

  close() {
    for (const answer of Object.values(this.byLocale)) answer.close();
  }
}
