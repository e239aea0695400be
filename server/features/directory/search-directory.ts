import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AuthUser } from "../../http/auth";
import { pageOf, readCursor } from "../../http/keyset";
import { isStaff, type Role } from "../../../contract/roles";
import { memberPhotoUrl } from "../../../contract/member-photo";
import { DIRECTORY_TEXT, type DirectoryEntry, type DirectoryPage } from "../../../contract/directory";

interface Row {
  id: string;
  first_name: string;
  last_name: string;
  role: Role;
  email: string;
  phone: string | null;
  photo_version: string | null;
  listed: boolean | null;
  show_photo: boolean | null;
  show_email: boolean | null;
  show_phone: boolean | null;
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
 * A field not shared is left out of the object (not null).
 */
export function toDirectoryEntry(r: Row, staff: boolean): DirectoryEntry {
  const listed = r.listed === true;
  const entry: DirectoryEntry = { id: r.id, firstName: r.first_name, lastName: r.last_name };
  if (listed && r.show_photo && r.photo_version) entry.photoUrl = memberPhotoUrl(r.id, r.photo_version, "small");
  if (listed && r.show_email) entry.email = r.email;
  if (listed && r.show_phone && r.phone) entry.phone = r.phone;
  if (staff) {
    entry.role = r.role;
    entry.listed = listed;
  }
  return entry;
}

/**
 * GET /api/directory: members by name (every word of `q` in the first or last name), ordered by
 * last name, first name, id; keyset pages (`cursor` is the previous page's nextCursor). Members
 * see listed members only; staff see everyone (toDirectoryEntry decides the fields).
 */
export async function searchDirectory(db: Db, viewer: AuthUser, query: { q: string; cursor?: string; limit: number }): Promise<DirectoryPage> {
  const staff = isStaff(viewer.role);
  const conditions: SQL[] = [];
  if (!staff) conditions.push(sql`l.listed`);
  for (const term of query.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    conditions.push(sql`(u.first_name ilike ${contains(term)} or u.last_name ilike ${contains(term)})`);
  }
  const sortKey = sql`(lower(u.last_name), lower(u.first_name), u.id)`;
  if (query.cursor) {
    const key = readCursor(query.cursor, CURSOR_KEY, "cursor", DIRECTORY_TEXT.badCursor);
    conditions.push(sql`${sortKey} > (lower(${key[0]}), lower(${key[1]}), ${key[2]}::uuid)`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select u.id, u.first_name, u.last_name, u.role, u.email, u.phone, p.version as photo_version,
        l.listed, l.show_photo, l.show_email, l.show_phone
      from users u
      left join directory_listings l on l.user_id = u.id
      left join member_photos p on p.user_id = u.id
      ${where}
      order by lower(u.last_name), lower(u.first_name), u.id
      limit ${query.limit + 1}
    `),
  );
  const { page, nextCursor } = pageOf(rows, query.limit, (last) => [last.last_name, last.first_name, last.id]);
  return { members: page.map((r) => toDirectoryEntry(r, staff)), nextCursor };
}
