import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { announcements } from "../../db/schema/announcements";
import { conflict, notFound } from "../../http/app-error";
import { ANNOUNCEMENT_TEXT as T, type Announcement } from "../../../contract/announcements";
import { toAnnouncement } from "./announcement-view";

/**
 * Cancels a scheduled announcement. Only while `scheduled`: the sender marks it `sending` under
 * the row's lock before writing anything, so a cancel either wins (nothing is ever sent) or
 * finds it sending (409). Cancelling twice answers the cancelled announcement again.
 */
export async function cancelAnnouncement(deps: Deps, id: string): Promise<Announcement> {
  const [row] = await deps.db
    .update(announcements)
    .set({ status: "cancelled", cancelledAt: deps.now() })
    .where(and(eq(announcements.id, id), eq(announcements.status, "scheduled")))
    .returning();
  if (row) {
    await deps.bus.publish("announcement", { id });
    return toAnnouncement(row);
  }
  const [current] = await deps.db.select().from(announcements).where(eq(announcements.id, id));
  if (!current) throw notFound(T.notFound);
  if (current.status === "cancelled") return toAnnouncement(current);
  throw conflict(T.alreadySending);
}
