import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livestreamComments } from "../../db/schema/comments";
import { users } from "../../db/schema/users";
import type { LiveComment } from "../../../contract/comments";

/** Newest first, `limit` at a time; `before` (a comment id) gives the page after that comment. */
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
    })
    .from(livestreamComments)
    .leftJoin(users, eq(users.id, livestreamComments.userId))
    .where(and(isNull(livestreamComments.deletedAt), cursor ?? sql`true`))
    .orderBy(desc(livestreamComments.createdAt), desc(livestreamComments.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    userName: r.firstName ? `${r.firstName} ${(r.lastName ?? "").slice(0, 1)}.` : null,
    userProfileImageUrl: null,
    createdAt: r.createdAt.toISOString(),
    isMine: r.userId === viewerId,
  }));
}
