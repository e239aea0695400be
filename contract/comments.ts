import { z } from "./zod-setup";
import { displayText } from "./display-text";

export * from "./comments-text";
import { COMMENT_MAX, COMMENT_PAGE_MAX, COMMENT_PAGE_SIZE, COMMENT_TEXT } from "./comments-text";

export const ZCommentInput = z.object({
  message: displayText().trim().min(1, COMMENT_TEXT.required).max(COMMENT_MAX, COMMENT_TEXT.tooLong),
});
export type CommentInput = z.infer<typeof ZCommentInput>;

export const ZComment = z.object({
  id: z.string(),
  message: z.string(),
  /** "First L.", or null (shown as 'Anonymous'). */
  userName: z.string().nullable(),
  userProfileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  /** The asking member wrote it. */
  isMine: z.boolean(),
});
export type LiveComment = z.infer<typeof ZComment>;

/** Newest first; `before` (an id from the previous page) pages back. */
export const ZCommentQuery = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENT_PAGE_MAX).default(COMMENT_PAGE_SIZE),
  before: z.uuid().optional(),
});
export const ZCommentIdParams = z.object({ id: z.uuid() });
