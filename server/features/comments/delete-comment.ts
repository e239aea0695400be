import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../deps";
import { livestreamComments } from "../../db/schema/comments";
import { notFound } from "../../http/app-error";
import { COMMENT_TEXT } from "../../../contract/comments";
import type { AuthUser } from "../../http/auth";

/** Staff remove a comment from the feed (kept, marked deleted, for the record); every open feed drops it at once. */
export async function deleteComment(deps: Deps, staff: AuthUser, id: string) {
  const [row] = await deps.db
    .update(livestreamComments)
    .set({ deletedAt: deps.now(), deletedBy: staff.id })
    .where(and(eq(livestreamComments.id, id), isNull(livestreamComments.deletedAt)))
    .returning({ id: livestreamComments.id });
  if (!row) throw notFound(COMMENT_TEXT.notFound);
  await deps.bus.publish("comment-deleted", { commentId: id });
}
