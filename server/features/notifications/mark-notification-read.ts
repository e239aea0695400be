import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { notifications } from "../../db/schema/notifications";
import { notFound } from "../../http/app-error";
import { NOTIFICATIONS_TEXT } from "../../../contract/notifications";
import { toNotification, unreadCount } from "./list-notifications";

/** Marks one of the member's own notifications read (again is a no-op that keeps the first time). Another's is a 404. */
export async function markNotificationRead(deps: Deps, userId: string, id: string) {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
  await deps.db.update(notifications).set({ readAt: deps.now() }).where(and(mine, isNull(notifications.readAt)));
  const [row] = await deps.db.select().from(notifications).where(mine);
  if (!row) throw notFound(NOTIFICATIONS_TEXT.notFound);
  return { notification: toNotification(row), unreadCount: await unreadCount(deps.db, userId) };
}
