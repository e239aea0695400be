import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { notifications } from "../../db/schema/notifications";
import { unreadCount } from "./list-notifications";

/** Marks every one of the member's notifications read; answers the unread count after (0 unless one just arrived). */
export async function markAllNotificationsRead(deps: Deps, userId: string) {
  await deps.db
    .update(notifications)
    .set({ readAt: deps.now() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { unreadCount: await unreadCount(deps.db, userId) };
}
