/**
 * What a member shares with the church through the directory (decision 0118): a photo, an email
 * address or a phone number is shown to other members (and to staff) only while the member is
 * listed and has turned that field's switch on. The one place the rule is written: the
 * directory's answers (server/features/directory/search-directory.ts) and a group's roster for
 * its leaders (server/features/groups/membership.ts) select the shared field through it, and the
 * live comments (server/features/comments/list-comments.ts) show an author's photo by it, so a
 * member who turns a switch off disappears from both at once.
 *
 * SQL, because both answers are read (and the roster written as JSON) by PostgreSQL: `listing` is
 * the alias of a `directory_listings` row left-joined on the member (no row: nothing shared), and
 * `value` the field itself. The answer is the value when shared, else null.
 */
import { sql, type SQL } from "drizzle-orm";

export const SHARED_FIELDS = { photo: "show_photo", email: "show_email", phone: "show_phone" } as const;
export type SharedField = keyof typeof SHARED_FIELDS;

/** True while the member shares the field (null when the member has no listing row: left-joined). */
export function sharesInDirectory(listing: string, field: SharedField): SQL<boolean | null> {
  const l = sql.identifier(listing);
  return sql<boolean | null>`(${l}.listed and ${l}.${sql.identifier(SHARED_FIELDS[field])})`;
}

export function sharedInDirectory(listing: string, field: SharedField, value: SQL): SQL {
  return sql`(case when ${sharesInDirectory(listing, field)} then ${value} end)`;
}
