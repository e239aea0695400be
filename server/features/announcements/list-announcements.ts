import { desc, eq, inArray, asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { announcements } from "../../db/schema/announcements";
import { users } from "../../db/schema/users";
import { ANNOUNCEMENT_LIST_LIMIT, type AnnouncementList } from "../../../contract/announcements";
import { toAnnouncement } from "./announcement-view";

/**
 * Admin → Announcements: what is scheduled (soonest first, every one of them) and what was sent
 * or is sending or was cancelled (newest first, the latest ANNOUNCEMENT_LIST_LIMIT), with how
 * many members each channel reached (counters kept with each batch, so no counting here).
 */
export async function listAnnouncements(db: Db): Promise<AnnouncementList> {
  const cols = { a: announcements, authorFirst: users.firstName, authorLast: users.lastName };
  const scheduled = await db
    .select(cols)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(eq(announcements.status, "scheduled"))
    .orderBy(asc(announcements.sendAt));
  const sent = await db
    .select(cols)
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.createdBy))
    .where(inArray(announcements.status, ["sending", "sent", "cancelled"]))
    .orderBy(desc(announcements.sendAt), desc(announcements.createdAt))
    .limit(ANNOUNCEMENT_LIST_LIMIT);
  const view = (r: (typeof scheduled)[number]) => toAnnouncement({ ...r.a, authorFirst: r.authorFirst, authorLast: r.authorLast });
  return { scheduled: scheduled.map(view), sent: sent.map(view) };
}
