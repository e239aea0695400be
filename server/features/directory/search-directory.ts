import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedSql, runtimeValue } from "../../db/prepared";
import type { AuthUser } from "../../http/auth";
import { pageFilters, readCursor, writeCursor } from "../../http/keyset";
import { sharedInDirectory } from "../../shared/directory-sharing";
import { isStaff } from "../../../contract/roles";
import { memberPhotoUrl } from "../../../contract/member-photo";
import { DIRECTORY_TEXT } from "../../../contract/directory";
import { containsPattern } from "../../db/like-pattern";
import { rowsOf } from "../../db/rows";
import { jsonArrayOfTexts } from "../../db/json-sql";
import { VersionedAnswers } from "../../http/versioned-answers";

/**
 * The page's statement's one row: the members' JSON (ZDirectoryEntry[]), the last shown member's
 * key, and the directory's version in the same snapshot (decision 0147; null without its row).
 */
interface PageRow {
  members: string;
  version: string | null;
  more: boolean;
  last_name: string | null;
  first_name: string | null;
  id: string | null;
}

/**
 * The keyset cursor (server/http/keyset.ts) is the sort key of the previous page's last member
 * (names the viewer was shown, and their id), so paging reads no other member's row: an id of an
 * unlisted member passed as a cursor reveals nothing.
 */
const CURSOR_KEY = ["text", "text", "uuid"] as const;

/** Strictly after the cursor's member in the directory's order (users_directory_name_idx). */
const after = (last: unknown, first: unknown, id: unknown) => sql`(lower(u.last_name), lower(u.first_name), u.id) > (lower(${last}::text), lower(${first}::text), ${id}::uuid)`;

/**
 * A deleted account (decision 0117: a tombstone named "Deleted member") is in no directory
 * answer, to members or staff, searched or not: every page's query starts with this condition.
 */
const NOT_DELETED = sql`u.deleted_at is null`;

/**
 * A member's photo URL as contract/member-photo.ts builds it (its one place), cut around the id
 * and the version, so PostgreSQL writes the same text: an id (a uuid) and a version (hex) are the
 * same encoded or not.
 */
const PHOTO_URL = (() => {
  const [head, rest] = memberPhotoUrl("ID-SLOT", "VERSION-SLOT", "small").split("ID-SLOT");
  const [middle, tail] = rest!.split("VERSION-SLOT");
  return { head: head!, middle: middle!, tail: tail! };
})();

/** A constant text written into the statement (not a parameter sent with each execution). */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** `,"name":value` (the value as JSON), or nothing when the value is null or empty: a field left out of the object. */
const optionalField = (name: string, value: SQL) => sql`coalesce(${literal(`,"${name}":`)} || to_json(nullif(${value}, '')), '')`;

/**
 * What one viewer may see of one member: the single place that decides (decision 0118), written
 * as the member's JSON object by PostgreSQL (ZDirectoryEntry's fields in its order, as its
 * schema wrote them; a field not shared is left out, not null). Members see listed members only
 * (the query filters), and of each only the fields that member shared. Staff see every member by
 * name and role, with `listed`, and the same shared fields only: a member's unshared email or
 * phone is not in any directory answer, to anyone. What counts as shared is the directory's rule
 * in server/shared/directory-sharing.ts (a group's roster reads it too). Written as text, not
 * `json_strip_nulls(row_to_json(...))`, which parses each object again (twice the database's
 * time for the page).
 *
 * Every column this reads (and the conditions below) must raise the directory's version when it
 * changes (migration 0052, decision 0147): a column added here is a new migration adding it to
 * those triggers, or a kept page would be served after it changed. directory-shared-page.test.ts
 * reads the triggers' definitions and fails on a column of this statement they miss.
 */
const entry = (staff: boolean) => sql`(
  '{"id":"' || u.id || '","firstName":' || to_json(u.first_name) || ',"lastName":' || to_json(u.last_name)
  || ${optionalField("photoUrl", sharedInDirectory("l", "photo", sql`(${literal(PHOTO_URL.head)} || u.id || ${literal(PHOTO_URL.middle)} || p.version || ${literal(PHOTO_URL.tail)})`))}
  || ${optionalField("email", sharedInDirectory("l", "email", sql`u.email`))}
  || ${optionalField("phone", sharedInDirectory("l", "phone", sql`u.phone`))}
  ${staff ? sql`|| ',"role":"' || u.role || '","listed":' || coalesce(l.listed, false)` : sql``}
  || '}')`;

/**
 * A page as one row (decision 0142, as the groups' pages: decision 0130): the shown members'
 * JSON in the directory's order, whether a member follows, and the last shown member's key (the
 * next cursor; only wanted when one follows, and then the last shown is the `limit`th).
 * `limit` is the page's size (an SQL value: a runtime value when prepared); one more member is
 * read to know whether another page follows.
 */
function pageSql(conditions: SQL[], limit: SQL, staff: boolean) {
  const where = sql`where ${sql.join([NOT_DELETED, ...conditions], sql` and `)}`;
  const { shown, last: lastShown } = pageFilters(limit);
  return sql`
    select ${jsonArrayOfTexts(sql`x.item`, sql`x.ord`, shown)} as members,
      count(*) > ${limit} as more,
      (array_agg(x.last_name) ${lastShown})[1] as last_name,
      (array_agg(x.first_name) ${lastShown})[1] as first_name,
      (array_agg(x.id) ${lastShown})[1] as id,
      (select v.version from directory_version v where v.id = 1)::text as version
    from (
      select ${entry(staff)} as item, u.last_name, u.first_name, u.id,
        row_number() over (order by lower(u.last_name), lower(u.first_name), u.id) as ord
      from users u
      left join directory_listings l on l.user_id = u.id
      left join member_photos p on p.user_id = u.id
      ${where}
      order by lower(u.last_name), lower(u.first_name), u.id
      limit ${limit} + 1) x`;
}

/**
 * Only listed members, for a member's answers: the kept copy of the listing's `listed` on the
 * users row (migration 0048, decision 0142), so an unsearched page walks
 * users_directory_listed_name_idx (the listed members in the directory's order) and joins only
 * the page's listings, not every listing to find the listed ones.
 */
const LISTED = sql`u.directory_listed`;

/**
 * The directory's pages without a search, as every member opening Connect → Directory asks them:
 * built and planned once (db/prepared.ts; planning the joins took longer than running them, issue 23).
 * The page's size and the cursor's key are runtime values (decision 0137): no plan depends on
 * them (the index is walked from the key until the page is full), and as placeholders PostgreSQL
 * planned the statement again on every request (a limit it cannot see is taken as a tenth of the
 * rows by the generic plan, which then always looked dearer than a plan for 21).
 */
const limit = runtimeValue("limit", "int");
const cursor = after(runtimeValue("last", "text"), runtimeValue("first", "text"), runtimeValue("id", "uuid"));
const unsearched = {
  member: {
    first: preparedSql<PageRow>("directory.members.first", () => pageSql([LISTED], limit, false)),
    next: preparedSql<PageRow>("directory.members.next", () => pageSql([LISTED, cursor], limit, false)),
  },
  staff: {
    first: preparedSql<PageRow>("directory.staff.first", () => pageSql([], limit, true)),
    next: preparedSql<PageRow>("directory.staff.next", () => pageSql([cursor], limit, true)),
  },
};

/** The directory's version (decision 0147): one indexed row. */
const directoryVersionSql = preparedSql<{ version: string }>("directory.version", () => sql`select version::text as version from directory_version where id = 1`);

/**
 * The first pages without a search, kept per process and served again while the directory's
 * version is unchanged (decision 0147): every member asks the same page (only listed members,
 * only what each shared; nothing of the asker's own), and every staff member the same staff page.
 * Keyed by who (member or staff) and the page's size: at most 2 × 100 answers.
 */
export const sharedDirectoryPages = () => new VersionedAnswers(200);

/**
 * GET /api/directory: members by name (every word of `q` in the first or last name), ordered by
 * last name, first name, id; keyset pages (`cursor` is the previous page's nextCursor). Members
 * see listed members only; staff see everyone; a deleted account nobody (`entry` decides the
 * fields). The answer's JSON text (ZDirectoryPage), written by PostgreSQL: the route sends it as
 * it is (sendDbJson). With `shared` (the route's), a first page without a search is served from
 * it while the directory's version is the one it was read with.
 */
export async function searchDirectory(
  db: Db,
  viewer: AuthUser,
  query: { q: string; cursor?: string; limit: number },
  shared?: VersionedAnswers,
): Promise<string> {
  const staff = isStaff(viewer.role);
  const key = query.cursor ? readCursor(query.cursor, CURSOR_KEY, "cursor", DIRECTORY_TEXT.badCursor) : null;
  const terms = query.q.split(/\s+/).filter(Boolean).slice(0, 5);
  const sharedKey = shared && !terms.length && !key ? `${staff ? "staff" : "member"}:${query.limit}` : null;
  if (sharedKey && shared!.holds(sharedKey)) {
    const [current] = await directoryVersionSql(db);
    const kept = shared!.get(sharedKey, current?.version ?? null);
    if (kept !== undefined) return kept;
  }
  let rows: PageRow[];
  if (!terms.length) {
    const pages = staff ? unsearched.staff : unsearched.member;
    rows = key ? await pages.next(db, { limit: query.limit, last: key[0], first: key[1], id: key[2] }) : await pages.first(db, { limit: query.limit });
  } else {
    const conditions: SQL[] = [];
    if (!staff) conditions.push(LISTED);
    for (const term of terms) conditions.push(sql`(u.first_name ilike ${containsPattern(term)} or u.last_name ilike ${containsPattern(term)})`);
    if (key) conditions.push(after(key[0], key[1], key[2]));
    rows = rowsOf<PageRow>(await db.execute(pageSql(conditions, sql`${query.limit}::int`, staff)));
  }
  const row = rows[0]!;
  const nextCursor = row.more ? writeCursor(row.last_name!, row.first_name!, row.id!) : null;
  const text = `{"members":${row.members},"nextCursor":${JSON.stringify(nextCursor)}}`;
  if (sharedKey) shared!.set(sharedKey, row.version, text);
  return text;
}

/** A later page's statement without a search, a member's or staff's: every column the directory's answers read (directory-shared-page.test.ts checks the version's triggers cover them). */
export const directoryPageSql = (staff: boolean) => pageSql(staff ? [cursor] : [LISTED, cursor], limit, staff);
