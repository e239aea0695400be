import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { isoOf, timeText } from "../../db/iso-time";
import { notifications } from "../../db/schema/notifications";
import type { InboxPage, Notification } from "../../../contract/notifications";

type Row = Pick<typeof notifications.$inferSelect, "id" | "kind" | "title" | "body" | "url"> & { createdAt: Date | string; readAt: Date | string | null };

export const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  createdAt: isoOf(r.createdAt),
  readAt: r.readAt ? isoOf(r.readAt) : null,
});

/**
 * A page of the member's own notifications with the unread count (computed once, an InitPlan):
 * the bell asks this on every Home, so it is one statement (a second round trip was a third of
 * the read), built and planned once (db/prepared.ts; issue 23). `after` continues from a cursor.
 */
function inboxPage(db: Db, after?: SQL) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      url: notifications.url,
      createdAt: timeText(notifications.createdAt),
      readAt: timeText(notifications.readAt),
      unread: sql<number>`(select count(*)::int from ${notifications} u where u.user_id = ${userId} and u.read_at is null)`,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"));
}
const firstPage = prepared("notifications.first", (db) => inboxPage(db));
/**
 * The cursor's exact key, read by PostgreSQL in the same statement and only among the member's
 * own (a JS Date keeps milliseconds only: comparing with one skipped notifications written in
 * the same millisecond). An unknown cursor (not theirs, or deleted) compares as null: an empty
 * page rather than page one again.
 */
const nextPage = prepared("notifications.next", (db) =>
  inboxPage(
    db,
    sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from ${notifications} c where c.id = ${sql.placeholder("before")} and c.user_id = ${sql.placeholder("userId")})`,
  ),
);

/**
 * The member's own notifications, newest first, a page at a time (keyset on created_at, id:
 * stable while new ones arrive), with the unread count for the bell's badge.
 */
export async function listNotifications(db: Db, userId: string, query: { before?: string; limit: number }): Promise<InboxPage> {
  const rows = query.before ? await nextPage(db, { userId, before: query.before, limit: query.limit + 1 }) : await firstPage(db, { userId, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  // No row: a member with no notifications has none unread; past the last page, count them.
  const unread = rows.length ? Number(rows[0].unread) : query.before ? await unreadCount(db, userId) : 0;
  return {
    items: page.map(toNotification),
    unreadCount: unread,
    nextCursor: rows.length > query.limit ? page[page.length - 1].id : null,
  };
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
