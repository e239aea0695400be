import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { AuthUser } from "../../http/auth";
import { badRequest } from "../../http/app-error";
import { announcements } from "../../db/schema/announcements";
import { ANNOUNCEMENT_SCHEDULE_MAX_DAYS, ANNOUNCEMENT_TEXT as T, type Announcement, type AnnouncementData } from "../../../contract/announcements";
import { toAnnouncement } from "./announcement-view";

/**
 * Staff compose an announcement once (decision 0110). It is stored `scheduled` for `sendAt` (UTC),
 * or for now when none is given; the sender job (server/jobs/announcements.ts) picks it up when
 * due, and is woken at once by the `announcement` bus event published here. Nothing is written
 * for members in this request: a send to 20,000 members never holds a staff member's request.
 *
 * A group audience is checked by query against the connect schema's groups (this feature does
 * not import the groups feature); its name is kept with the announcement for the record.
 */
export async function createAnnouncement(deps: Deps, staff: AuthUser, input: AnnouncementData): Promise<Announcement> {
  const now = deps.now();
  let sendAt = now;
  if (input.sendAt) {
    sendAt = new Date(input.sendAt);
    if (sendAt.getTime() <= now.getTime()) throw badRequest("body.sendAt", T.sendAtPast);
    if (sendAt.getTime() > now.getTime() + ANNOUNCEMENT_SCHEDULE_MAX_DAYS * 86_400_000) throw badRequest("body.sendAt", T.sendAtTooFar);
  }
  let groupId: string | null = null;
  let groupName: string | null = null;
  if (typeof input.audience === "object") {
    const found = (await deps.db.execute(sql`select id, name from small_groups where id = ${input.audience.group}::uuid and archived_at is null`)) as unknown as {
      rows: { id: string; name: string }[];
    };
    if (!found.rows[0]) throw badRequest("body.audience.group", T.groupNotFound);
    groupId = found.rows[0].id;
    groupName = found.rows[0].name;
  }
  const [row] = await deps.db
    .insert(announcements)
    .values({
      title: input.title,
      body: input.body,
      url: input.url,
      titleEs: input.titleEs,
      bodyEs: input.bodyEs,
      audienceKind: groupId ? "group" : (input.audience as "everyone" | "staff"),
      audienceGroupId: groupId,
      audienceGroupName: groupName,
      channels: input.channels,
      status: "scheduled",
      sendAt,
      createdBy: staff.id,
      createdAt: now,
    })
    .returning();
  // Wakes the sender on every instance (the one whose clock says it is due takes it).
  await deps.bus.publish("announcement", { id: row.id });
  return toAnnouncement({ ...row, authorFirst: staff.firstName, authorLast: staff.lastName });
}
