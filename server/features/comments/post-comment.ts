import type { Deps } from "../../deps";
import { livestreamComments } from "../../db/schema/comments";
import type { CommentInput } from "../../../contract/comments";
import type { AuthUser } from "../../http/auth";
import { memberPhotoUrl } from "../../../contract/member-photo";

/** Stores a comment and tells every open feed (new-comment). */
export async function postComment(deps: Deps, user: AuthUser, input: CommentInput) {
  const [row] = await deps.db
    .insert(livestreamComments)
    .values({ userId: user.id, message: input.message, createdAt: deps.now() })
    .returning();
  await deps.bus.publish("new-comment", { commentId: row.id });
  return {
    id: row.id,
    message: row.message,
    userName: `${user.firstName} ${user.lastName.slice(0, 1)}.`,
    // The poster's own answer: their own photo (others see it only if shared, list-comments.ts).
    userProfileImageUrl: user.photoVersion ? memberPhotoUrl(user.id, user.photoVersion) : null,
    createdAt: row.createdAt.toISOString(),
    isMine: true,
  };
}
