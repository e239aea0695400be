import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
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
  let after = undefined;
  if (query.before) {
    const [cursor] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, query.before), eq(notifications.userId, userId)));
    // An unknown cursor (not this member's, or deleted) gives an empty page rather than page one again.
    if (!cursor) return { items: [], unreadCount: await unreadCount(db, userId), nextCursor: null };
    after = or(lt(notifications.createdAt, cursor.createdAt), and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)));
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toNotification),
    unreadCount: await unreadCount(db, userId),
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
