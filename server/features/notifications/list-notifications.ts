import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedSql } from "../../db/prepared";
import { isoOf, isoSql } from "../../db/iso-time";
import { jsonArrayOfTexts, jsonOrNull } from "../../db/json-sql";
import { pageFilters } from "../../http/keyset";
import { notifications } from "../../db/schema/notifications";
import type { Notification } from "../../../contract/notifications";

type Row = Pick<typeof notifications.$inferSelect, "id" | "kind" | "title" | "body" | "url"> & { createdAt: Date | string; readAt: Date | string | null };

/** A notification row as the answer's object (a write's answer: mark-notification-read.ts). */
export const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  createdAt: isoOf(r.createdAt),
  readAt: r.readAt ? isoOf(r.readAt) : null,
});

/** A page of the inbox: its notifications as a JSON array, whether more follow, the last shown one's id, and the unread count. */
interface PageRow {
  items: string;
  more: boolean;
  last_id: string | null;
  unread: number;
}

const p = (name: string) => sql.placeholder(name);
/**
 * Notification `n` as ZNotification's JSON object, written as text (decision 0142: about half the
 * database's time of a record turned into JSON). Every column is NOT NULL but `read_at`.
 */
const item = sql`('{"id":"' || n.id || '","kind":' || to_json(n.kind) || ',"title":' || to_json(n.title) || ',"body":' || to_json(n.body)
  || ',"url":' || to_json(n.url) || ',"createdAt":"' || ${isoSql("n.created_at")} || '","readAt":' || ${jsonOrNull(isoSql("n.read_at"))} || '}')`;

/**
 * A page of the member's own notifications with the unread count, in one statement: the bell asks
 * this on every Home (issue 23). `limit + 1` rows newest first on `notifications_inbox_idx`, the
 * first `limit` as the answer's JSON, written by PostgreSQL (decision 0130) so the server's thread
 * neither parses the rows nor serializes them again; the unread count is an InitPlan, computed
 * once (one row comes back even when the page is empty). With `after`: the page after a cursor,
 * whose exact key PostgreSQL reads in the same statement, among the member's own only (a JS Date
 * keeps milliseconds only, and comparing with one skipped notifications written in the same
 * millisecond). An unknown cursor (not theirs, or deleted) compares as null: an empty page
 * rather than page one again. Built and planned once each (db/prepared.ts).
 */
function pageStatement(after: boolean) {
  const { shown, last } = pageFilters(sql`${p("limit")}::int`);
  const cursor: SQL = after
    ? sql`and (n.created_at, n.id) < (select c.created_at, c.id from notifications c where c.id = ${p("before")}::uuid and c.user_id = ${p("userId")}::uuid)`
    : sql``;
  return sql`
    select ${jsonArrayOfTexts(sql`x.item`, sql`x.ord`, shown)} as items,
      count(*) > ${p("limit")}::int as more,
      (array_agg(x.id) ${last})[1]::text as last_id,
      (select count(*)::int from notifications u where u.user_id = ${p("userId")}::uuid and u.read_at is null) as unread
    from (
      select ${item} as item, n.id, row_number() over (order by n.created_at desc, n.id desc) as ord
      from notifications n
      where n.user_id = ${p("userId")}::uuid ${cursor}
      order by n.created_at desc, n.id desc
      limit ${p("limit")}::int + 1) x`;
}
const firstPage = preparedSql<PageRow>("notifications.first", () => pageStatement(false));
const nextPage = preparedSql<PageRow>("notifications.next", () => pageStatement(true));

/**
 * The member's own notifications, newest first, a page at a time (keyset on created_at, id:
 * stable while new ones arrive), with the unread count for the bell's badge: the answer's JSON
 * text (ZInboxPage; notifications.test.ts parses it with the schema). `nextCursor` is the last
 * shown notification's id, given back as `before`.
 */
export async function listNotifications(db: Db, userId: string, query: { before?: string; limit: number }): Promise<string> {
  const [row] = query.before ? await nextPage(db, { userId, before: query.before, limit: query.limit }) : await firstPage(db, { userId, limit: query.limit });
  const nextCursor = row.more && row.last_id ? `"${row.last_id}"` : "null";
  return `{"items":${row.items},"unreadCount":${Number(row.unread)},"nextCursor":${nextCursor}}`;
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
