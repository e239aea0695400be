import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema/notifications";
import type { InboxPage, Notification } from "../../../contract/notifications";

export const toNotification = (r: typeof notifications.$inferSelect): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

/**
 * The member's own notifications, newest first, a page at a time (keyset on created_at, id:
 * stable while new ones arrive), with the unread count for the bell's badge.
 */
export async function listNotifications(db: Db, userId: string, query: { before?: string; limit: number }): Promise<InboxPage> {
  // The cursor's exact key, read by PostgreSQL in the same statement and only among the member's
  // own (a JS Date keeps milliseconds only: comparing with one skipped notifications written in
  // the same millisecond). An unknown cursor (not theirs, or deleted) compares as null: an empty
  // page rather than page one again.
  const after = query.before
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from ${notifications} c where c.id = ${query.before} and c.user_id = ${userId})`
    : undefined;
  // The page and the unread count in one statement (the count is computed once, an InitPlan):
  // the bell asks this on every Home, so a second round trip was a third of the read (issue 23).
  const rows = await db
    .select({ n: notifications, unread: sql<number>`(select count(*)::int from ${notifications} u where u.user_id = ${userId} and u.read_at is null)` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  // No row: a member with no notifications has none unread; past the last page, count them.
  const unread = rows.length ? Number(rows[0].unread) : query.before ? await unreadCount(db, userId) : 0;
  return {
    items: page.map((r) => toNotification(r.n)),
    unreadCount: unread,
    nextCursor: rows.length > query.limit ? page[page.length - 1].n.id : null,
  };
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
