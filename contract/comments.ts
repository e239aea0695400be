import { z } from "./zod-setup";

/** Live-stream comments (spec sections 3, 5, 7, 8 and 9). */
export const COMMENT_MAX = 500;
export const COMMENT_PAGE_SIZE = 50;
export const COMMENT_PAGE_MAX = 100;
export const COMMENT_REFETCH_MS = 30_000;
export const COMMENT_SKELETONS = 3;

export const COMMENT_TEXT = {
  required: "Comment is required",
  tooLong: "Comment must be less than 500 characters",
  posted: "Comment posted!",
  postedText: "Your comment has been shared with everyone",
  errorTitle: "Error",
  failed: "Failed to post comment",
  anonymous: "Anonymous",
  deleted: "Comment deleted",
  deleteConfirm: "Delete this comment for everyone watching?",
  deleteFailed: "Failed to delete comment",
} as const;

export const ZCommentInput = z.object({
  message: z.string().trim().min(1, COMMENT_TEXT.required).max(COMMENT_MAX, COMMENT_TEXT.tooLong),
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
