/**
 * Live-stream comments: limits and texts, without zod, so the message files (contract/i18n) carry
 * them without the validation library (decision 0072). The schemas are in contract/comments.ts,
 * which re-exports this module.
 */
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
  notFound: "Comment not found",
} as const;
