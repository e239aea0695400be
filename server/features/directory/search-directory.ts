import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import type { AuthUser } from "../../http/auth";
import { pageOf, readCursor } from "../../http/keyset";
import { sharedInDirectory } from "../../shared/directory-sharing";
import { isStaff, type Role } from "../../../contract/roles";
import { memberPhotoUrl } from "../../../contract/member-photo";
import { DIRECTORY_TEXT, type DirectoryEntry, type DirectoryPage } from "../../../contract/directory";

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  role: Role;
  listed: boolean | null;
  /** Each null unless the member shares it (server/shared/directory-sharing.ts, in the query). */
  email: string | null;
  phone: string | null;
  photo_version: string | null;
}

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
/** A LIKE pattern that matches the text literally (%, _ and \ escaped). */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The keyset cursor (server/http/keyset.ts) is the sort key of the previous page's last member
 * (names the viewer was shown, and their id), so paging reads no other member's row: an id of an
 * unlisted member passed as a cursor reveals nothing.
 */
const CURSOR_KEY = ["text", "text", "uuid"] as const;

/**
 * What one viewer may see of one member: the single place that decides (decision 0118).
 * Members see listed members only (the query also filters), and of each only the fields that
 * member shared. Staff see every member by name and role, with `listed`, and the same shared
 * fields only: a member's unshared email or phone is not in any directory answer, to anyone.
 * What counts as shared is the directory's rule in server/shared/directory-sharing.ts (the
 * query reads each field through it; a group's roster does the same). A field not shared is
 * left out of the object (not null).
 */
export function toDirectoryEntry(r: Row, staff: boolean): DirectoryEntry {
  const entry: DirectoryEntry = { id: r.id, firstName: r.first_name, lastName: r.last_name };
  if (r.photo_version) entry.photoUrl = memberPhotoUrl(r.id, r.photo_version, "small");
  if (r.email) entry.email = r.email;
  if (r.phone) entry.phone = r.phone;
  if (staff) {
    entry.role = r.role;
    entry.listed = r.listed === true;
  }
  return entry;
}

/** Strictly after the cursor's member in the directory's order (users_directory_name_idx). */
const after = (last: unknown, first: unknown, id: unknown) => sql`(lower(u.last_name), lower(u.first_name), u.id) > (lower(${last}::text), lower(${first}::text), ${id}::uuid)`;

/**
 * A deleted account (decision 0117: a tombstone named "Deleted member") is in no directory
 * answer, to members or staff, searched or not: every page's query starts with this condition.
 */
const NOT_DELETED = sql`u.deleted_at is null`;

function pageSql(conditions: SQL[], limit: unknown) {
  const where = sql`where ${sql.join([NOT_DELETED, ...conditions], sql` and `)}`;
  return sql`
    select u.id, u.first_name, u.last_name, u.role, l.listed,
      ${sharedInDirectory("l", "email", sql`u.email`)} as email,
      ${sharedInDirectory("l", "phone", sql`u.phone`)} as phone,
      ${sharedInDirectory("l", "photo", sql`p.version`)} as photo_version
    from users u
    left join directory_listings l on l.user_id = u.id
    left join member_photos p on p.user_id = u.id
    ${where}
    order by lower(u.last_name), lower(u.first_name), u.id
    limit ${limit}`;
}

/**
 * The directory's pages without a search, as every member opening Connect → Directory asks them:
 * built and planned once (db/prepared.ts; planning the joins took longer than running them, issue 23).
 */
const LISTED = sql`l.listed`;
const limit = sql.placeholder("limit");
const cursor = after(sql.placeholder("last"), sql.placeholder("first"), sql.placeholder("id"));
const unsearched = {
  member: {
    first: preparedSql<Row>("directory.members.first", () => pageSql([LISTED], limit)),
    next: preparedSql<Row>("directory.members.next", () => pageSql([LISTED, cursor], limit)),
  },
  staff: {
    first: preparedSql<Row>("directory.staff.first", () => pageSql([], limit)),
    next: preparedSql<Row>("directory.staff.next", () => pageSql([cursor], limit)),
  },
};

/**
 * GET /api/directory: members by name (every word of `q` in the first or last name), ordered by
 * last name, first name, id; keyset pages (`cursor` is the previous page's nextCursor). Members
 * see listed members only; staff see everyone; a deleted account nobody (toDirectoryEntry
 * decides the fields).
 */
export async function searchDirectory(db: Db, viewer: AuthUser, query: { q: string; cursor?: string; limit: number }): Promise<DirectoryPage> {
  const staff = isStaff(viewer.role);
  const key = query.cursor ? readCursor(query.cursor, CURSOR_KEY, "cursor", DIRECTORY_TEXT.badCursor) : null;
  const terms = query.q.split(/\s+/).filter(Boolean).slice(0, 5);
  let rows: Row[];
  if (!terms.length) {
    const pages = staff ? unsearched.staff : unsearched.member;
    rows = key ? await pages.next(db, { limit: query.limit + 1, last: key[0], first: key[1], id: key[2] }) : await pages.first(db, { limit: query.limit + 1 });
  } else {
    const conditions: SQL[] = [];
    if (!staff) conditions.push(LISTED);
    for (const term of terms) conditions.push(sql`(u.first_name ilike ${contains(term)} or u.last_name ilike ${contains(term)})`);
    if (key) conditions.push(after(key[0], key[1], key[2]));
    rows = rowsOf<Row>(await db.execute(pageSql(conditions, query.limit + 1)));
  }
  const { page, nextCursor } = pageOf(rows, query.limit, (last) => [last.last_name, last.first_name, last.id]);
  return { members: page.map((r) => toDirectoryEntry(r, staff)), nextCursor };
}
