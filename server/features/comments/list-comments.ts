import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livestreamComments } from "../../db/schema/comments";
import { memberPhotos, users } from "../../db/schema/users";
import { directoryListings } from "../../db/schema/directory";
import { memberPhotoUrl } from "../../../contract/member-photo";
import type { LiveComment } from "../../../contract/comments";

/**
 * Newest first, `limit` at a time; `before` (a comment id) gives the page after that comment.
 * The author's photo shows beside their comment only where another member may see it anyway:
 * when the author shares their photo in the directory (decision 0118: the directory decides who
 * sees a member's photo), and always beside the viewer's own comments.
 */
export async function listComments(db: Db, viewerId: string, opts: { limit: number; before?: string }): Promise<LiveComment[]> {
  // The cursor's exact key is read by PostgreSQL in the same statement (a JS Date keeps
  // milliseconds only, so comparing with one skipped comments written in the same millisecond);
  // an unknown id compares as null and gives an empty page.
  const cursor = opts.before
    ? sql`(${livestreamComments.createdAt}, ${livestreamComments.id}) < (select c.created_at, c.id from ${livestreamComments} c where c.id = ${opts.before})`
    : undefined;
  const rows = await db
    .select({
      id: livestreamComments.id,
      message: livestreamComments.message,
      createdAt: livestreamComments.createdAt,
      userId: livestreamComments.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      photoVersion: memberPhotos.version,
      photoShared: sql<boolean>`coalesce(${directoryListings.listed} and ${directoryListings.showPhoto}, false)`,
    })
    .from(livestreamComments)
    .leftJoin(users, eq(users.id, livestreamComments.userId))
    .leftJoin(memberPhotos, eq(memberPhotos.userId, livestreamComments.userId))
    .leftJoin(directoryListings, eq(directoryListings.userId, livestreamComments.userId))
    .where(and(isNull(livestreamComments.deletedAt), cursor ?? sql`true`))
    .orderBy(desc(livestreamComments.createdAt), desc(livestreamComments.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    userName: r.firstName ? `${r.firstName} ${(r.lastName ?? "").slice(0, 1)}.` : null,
    userProfileImageUrl: r.userId && r.photoVersion && (r.photoShared || r.userId === viewerId) ? memberPhotoUrl(r.userId, r.photoVersion) : null,
    createdAt: r.createdAt.toISOString(),
    isMine: r.userId === viewerId,
  }));
}
