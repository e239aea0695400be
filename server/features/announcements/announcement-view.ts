import type { announcements } from "../../db/schema/announcements";
import type { Announcement } from "../../../contract/announcements";

type Row = typeof announcements.$inferSelect & { authorFirst?: string | null; authorLast?: string | null };

/** A row as staff see it (Admin → Announcements). */
export function toAnnouncement(r: Row): Announcement {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    url: r.url,
    titleEs: r.titleEs,
    bodyEs: r.bodyEs,
    audience: r.audienceKind === "group" ? { group: r.audienceGroupId! } : r.audienceKind,
    groupName: r.audienceGroupName,
    channels: r.channels,
    status: r.status,
    sendAt: r.sendAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.authorFirst ? `${r.authorFirst} ${r.authorLast ?? ""}`.trim() : null,
    recipients: r.recipients,
    reached: { inbox: r.reachedInbox, push: r.reachedPush, email: r.reachedEmail },
  };
}
