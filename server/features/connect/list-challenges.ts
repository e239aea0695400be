import { asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Deps } from "../../deps";
import { prepared } from "../../db/prepared";
import type { AuthUser } from "../../http/auth";
import { challenges } from "../../db/schema/connect";
import { users } from "../../db/schema/users";
import { JsonTemplate, jsonOf } from "../../http/json-text";
import { SharedAnswer } from "../../http/shared-read";
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from "../../../contract/i18n/locales";
import { ZChallenge, type Challenge } from "../../../contract/connect";
import { toAdminChallenge } from "./create-challenge";

type ChallengeRow = Pick<typeof challenges.$inferSelect, "id" | "title" | "description" | "titleEs" | "descriptionEs" | "days" | "type"> & { archived: boolean };
const inLocale = (c: ChallengeRow, es: boolean): Challenge => ({
  id: c.id,
  title: es && c.titleEs ? c.titleEs : c.title,
  description: es && c.descriptionEs ? c.descriptionEs : c.description,
  days: c.days,
  type: c.type,
  ...(c.archived ? { archived: true } : {}),
});

const openChallenges = prepared("connect.challenges-open", (db) =>
  db
    .select({
      id: challenges.id,
      title: challenges.title,
      description: challenges.description,
      titleEs: challenges.titleEs,
      descriptionEs: challenges.descriptionEs,
      days: challenges.days,
      type: challenges.type,
      archived: sql<boolean>`false`,
    })
    .from(challenges)
    .where(isNull(challenges.archivedAt))
    .orderBy(asc(challenges.createdAt), asc(challenges.title)),
);

/**
 * The member's language and, only when they joined a challenge since archived, their whole list
 * (the open ones and those), ordered as the shared one: one statement, built and planned once.
 * `users.id` is written out: drizzle leaves a one-table select's columns unqualified.
 */
const memberSide = prepared("connect.challenges-member", (db) =>
  db
    .select({
      locale: users.locale,
      list: sql<ChallengeRow[] | null>`case when exists(
          select 1 from user_challenges uc join challenges c on c.id = uc.challenge_id where uc.user_id = users.id and c.archived_at is not null)
        then (select json_agg(json_build_object('id', c.id, 'title', c.title, 'description', c.description, 'titleEs', c.title_es,
                'descriptionEs', c.description_es, 'days', c.days, 'type', c.type, 'archived', c.archived_at is not null) order by c.created_at, c.title)
              from challenges c
              where c.archived_at is null or exists(select 1 from user_challenges uc where uc.challenge_id = c.id and uc.user_id = users.id))
        end`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId"))),
);

/**
 * The challenges on Connect, in the member's language: every open one, and the archived ones
 * the member joined (marked `archived`, so their streak and progress stay in view).
 *
 * The open ones are the same for every member of a language: read and written as JSON once per
 * language and change (shared-read.ts; issue 23: most of this read's cost was building the
 * statement and serializing the list per request). A request reads the member's language in one
 * small statement, which also brings the whole list of a member who joined a challenge since
 * archived (their list is their own, serialized per request). Staff's changes refresh it at once
 * on their instance and through `content-changed` on every other (contentChange).
 */
export class OpenChallenges {
  private readonly byLocale: Record<Locale, SharedAnswer<{ list: Challenge[] }>>;

  constructor(private readonly deps: Deps) {
    this.byLocale = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        new SharedAnswer<{ list: Challenge[] }>(deps, {
          events: ["content-changed"],
          load: async () => ({ list: (await openChallenges(deps.db)).map((c) => inLocale(c, locale === "es")) }),
          write: ({ list }) => JsonTemplate.write(z.array(ZChallenge), list),
        }),
      ]),
    ) as Record<Locale, SharedAnswer<{ list: Challenge[] }>>;
  }

  /** GET /api/challenges for `user`, as JSON. */
  async json(user: AuthUser): Promise<string | Buffer> {
    const [me] = await memberSide(this.deps.db, { userId: user.id });
    const locale = isLocale(me?.locale) ? me.locale : DEFAULT_LOCALE;
    if (me?.list) return jsonOf(z.array(ZChallenge), me.list.map((c) => inLocale(c, locale === "es")));
    const answer = this.byLocale[locale];
    return answer.json(await answer.get()).bytes;
  }

  /** Staff changed a challenge on this instance. */
  changed() {
    for (const answer of Object.values(this.byLocale)) answer.changed();
  }

  close() {
    for (const answer of Object.values(this.byLocale)) answer.close();
  }
}

/**
 * Admin → Challenges: all of them, archived too, with how many members joined each: the kept
 * count on the row (decision 0131; issue 23: before, every membership row was read and grouped,
 * 10 ms at 10,000 memberships), in a statement built once.
 */
const adminChallenges = prepared("connect.admin-challenges", (db) => db.select().from(challenges).orderBy(asc(challenges.createdAt), asc(challenges.title)));

export async function listAdminChallenges(deps: Deps) {
  return (await adminChallenges(deps.db)).map(toAdminChallenge);
}
